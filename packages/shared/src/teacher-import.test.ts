import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import {
  MAX_TEACHER_IMPORT_ROWS,
  oneTimePasswordsCsv,
  readTeacherCsv,
  TEACHER_IMPORT_MESSAGES,
  teacherColumnOfHeader,
  teacherPreviewOf,
} from './teacher-import';

const HEADER = 'first_name,last_name,phone_number,email,tsc_number';

describe('readTeacherCsv', () => {
  it('reads clean rows into teachers, the phone normalised and an empty email null', () => {
    const file = readTeacherCsv(
      `\uFEFF${HEADER}\r\nAchieng',Odhiambo,+254 722 111 222,,TSC1001\r\n\r\nJuma,Mwangi,722111333,juma@example.com,TSC1002\r\n`,
    );
    expect(file.file_errors).toEqual([]);
    expect(file.rows.map((r) => r.row)).toEqual([2, 4]);
    expect(file.rows[0]!.teacher).toEqual({
      first_name: "Achieng'",
      last_name: 'Odhiambo',
      phone_number: '0722111222',
      email: null,
      tsc_number: 'TSC1001',
    });
    expect(file.rows[1]!.teacher?.phone_number).toBe('0722111333');
  });

  it('matches headers by name or label, any case, spaces or underscores; semicolons too', () => {
    expect(teacherColumnOfHeader('Phone Number')).toBe('phone_number');
    expect(teacherColumnOfHeader('TSC')).toBe('tsc_number');
    expect(teacherColumnOfHeader('FIRSTNAME')).toBe('first_name');
    expect(teacherColumnOfHeader('Subject')).toBeUndefined();
    const file = readTeacherCsv(
      'Subject;Last Name;First Name;TSC Number;Phone\nMaths;Otieno;Amina;TSC9;0711000111',
    );
    expect(file.rows[0]!.teacher).toMatchObject({ first_name: 'Amina', tsc_number: 'TSC9' });
  });

  it('names the missing required columns', () => {
    const file = readTeacherCsv('first_name,last_name\nA,B');
    expect(file.file_errors).toEqual([
      TEACHER_IMPORT_MESSAGES.missingColumns(['Phone number', 'TSC number']),
    ]);
  });

  it('a file with a header only, or nothing, has no teachers', () => {
    expect(readTeacherCsv(`${HEADER}\n`).file_errors).toEqual([TEACHER_IMPORT_MESSAGES.noRows]);
    expect(readTeacherCsv('').file_errors).toEqual([TEACHER_IMPORT_MESSAGES.noRows]);
  });

  it('refuses a file longer than the limit', () => {
    const rows = Array.from({ length: MAX_TEACHER_IMPORT_ROWS + 1 }, () => 'a,b,0722111222,,T');
    expect(readTeacherCsv(`${HEADER}\n${rows.join('\n')}`).file_errors).toEqual([
      TEACHER_IMPORT_MESSAGES.tooManyRows(MAX_TEACHER_IMPORT_ROWS),
    ]);
  });

  it("gives each row's problems in words by column", () => {
    const file = readTeacherCsv(`${HEADER}\n,Otieno,12345,not-an-email,`);
    const { errors, teacher } = file.rows[0]!;
    expect(teacher).toBeUndefined();
    expect(Object.keys(errors).sort()).toEqual([
      'email',
      'first_name',
      'phone_number',
      'tsc_number',
    ]);
    expect(errors.first_name).toEqual(['First name is required']);
  });

  it('a phone or TSC number twice in the file: both rows say where the other is', () => {
    const file = readTeacherCsv(
      `${HEADER}\nA,B,0722111222,,tsc1\nC,D,+254722111222,,TSC2\nE,F,0733000000,,TSC1`,
    );
    expect(file.rows[0]!.errors).toEqual({
      phone_number: [TEACHER_IMPORT_MESSAGES.twiceInFile('Phone number', '0722111222', 3)],
      tsc_number: [TEACHER_IMPORT_MESSAGES.twiceInFile('TSC number', 'TSC1', 4)],
    });
    expect(file.rows[1]!.errors.phone_number).toEqual([
      TEACHER_IMPORT_MESSAGES.twiceInFile('Phone number', '0722111222', 2),
    ]);
    expect(file.rows[2]!.errors.tsc_number).toEqual([
      TEACHER_IMPORT_MESSAGES.twiceInFile('TSC number', 'TSC1', 2),
    ]);
    expect(teacherPreviewOf(file)).toMatchObject({ valid: 0, invalid: 3 });
  });

  it("reads a phone a spreadsheet-safe cell wrote as '+254…", () => {
    const file = readTeacherCsv(`${HEADER}\nA,B,'+254722111222,,T1`);
    expect(file.rows[0]!.teacher?.phone_number).toBe('0722111222');
  });
});

describe('oneTimePasswordsCsv', () => {
  it('writes one line per teacher that reads back', () => {
    const text = oneTimePasswordsCsv([
      {
        first_name: "Achieng'",
        last_name: 'Odhiambo, Jr',
        phone_number: '0722111222',
        one_time_password: 'abc234DEFg',
      },
    ]);
    const rows = parseCsv(text);
    expect(rows[0]!.cells).toEqual([
      'first_name',
      'last_name',
      'phone_number',
      'one_time_password',
    ]);
    expect(rows[1]!.cells).toEqual(["Achieng'", 'Odhiambo, Jr', '0722111222', 'abc234DEFg']);
  });
});
