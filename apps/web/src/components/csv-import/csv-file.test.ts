import { parseCsv } from '@shule/shared/csv';
import { STUDENT_CSV_COLUMNS } from '@shule/shared/student-columns';
import { columnOfHeader } from '@shule/shared/student-import';
import { describe, expect, it } from 'vitest';
import { autoMapping, decodeSpreadsheet, readImportFile, rewriteFile } from './csv-file';

describe('the import screen’s file', () => {
  const file = readImportFile(
    'x.csv',
    'First Name;Surname;Sex;Class;PARENT_PHONE;Parent phone\r\n\r\nAmina;"Ali\nHassan";F;Form 1;0722111222;x\r\nJuma;Otieno;M;Form 2;+254733000111;y\r\n',
  )!;

  it("skips empty lines and maps headers by name, label or a register's word, each column once", () => {
    expect(file.headers).toEqual([
      'First Name',
      'Surname',
      'Sex',
      'Class',
      'PARENT_PHONE',
      'Parent phone',
    ]);
    expect(file.records.map((r) => r.line)).toEqual([3, 5]);
    expect(autoMapping(file.headers, columnOfHeader)).toEqual([
      'first_name',
      'last_name',
      'gender',
      'class',
      'parent_phone',
      '',
    ]);
  });

  it('rewrites the file with the template headers and keeps the lines of the person’s file', () => {
    const mapping = autoMapping(file.headers, columnOfHeader);
    mapping[1] = 'last_name';
    mapping[2] = 'gender';
    const { csv, originalLine, count } = rewriteFile(file, STUDENT_CSV_COLUMNS, mapping);
    const rows = parseCsv(csv);
    expect(rows[0]!.cells.slice(0, 5)).toEqual([
      'first_name',
      'last_name',
      'date_of_birth',
      'gender',
      'class',
    ]);
    expect(rows[1]!.cells.slice(0, 5)).toEqual(['Amina', 'Ali\nHassan', '', 'F', 'Form 1']);
    expect(count).toBe(2);
    // The quoted line break makes Juma line 4 of the rewritten file; he is line 5 of the person's.
    expect([...originalLine.entries()]).toEqual([
      [2, 3],
      [4, 5],
    ]);
    const kept = rewriteFile(file, STUDENT_CSV_COLUMNS, mapping, (line) => line !== 3);
    expect(kept.count).toBe(1);
    expect(parseCsv(kept.csv)[1]!.cells[0]).toBe('Juma');
  });
});

describe('decodeSpreadsheet', () => {
  it('reads UTF-8, and the Windows-1252 older Excel saves', () => {
    const utf8 = new TextEncoder().encode("Ng’ang’a,Wa'Njeri");
    expect(decodeSpreadsheet(utf8.buffer as ArrayBuffer)).toBe("Ng’ang’a,Wa'Njeri");
    const cp1252 = new Uint8Array([0x4e, 0x67, 0x92, 0x61, 0x6e, 0x67, 0x92, 0x61, 0x2c, 0xe9]);
    expect(decodeSpreadsheet(cp1252.buffer)).toBe('Ng’ang’a,é');
  });
});
