import type { StudentRow } from '@shule/shared/students';
import { describe, expect, it } from 'vitest';
import { studentsCsv } from './students-csv';

const student = (over: Partial<StudentRow> = {}): StudentRow => ({
  id: 1,
  first_name: 'Baraka',
  last_name: 'Mwangi',
  admission_number: '0001',
  gender: 'male',
  date_of_birth: '2012-03-04',
  profile_photo: null,
  is_active: true,
  left_on: null,
  left_reason: null,
  _class: { id: 3, name: 'Form 1, East' },
  parent: {
    id: 9,
    user: { first_name: 'John', last_name: 'Mwangi', email: null, phone_number: '0722111222' },
  },
  ...over,
});

describe('studentsCsv', () => {
  it('writes one line per student, quoting commas and saying when a student left and why', () => {
    const lines = studentsCsv([
      student(),
      student({
        id: 2,
        is_active: false,
        left_on: '2026-03-14',
        left_reason: 'transferred',
        parent: null,
      }),
    ]).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      '0001,Baraka,Mwangi,"Form 1, East",male,2012-03-04,Active,John Mwangi,0722111222,',
    );
    expect(lines[2]).toBe(
      '0001,Baraka,Mwangi,"Form 1, East",male,2012-03-04,Left 2026-03-14 · Transferred to another school,,,',
    );
  });

  it('does not let a name run as a spreadsheet formula', () => {
    expect(studentsCsv([student({ first_name: '=HYPERLINK("x")' })]).split('\r\n')[1]).toContain(
      `"'=HYPERLINK(""x"")"`,
    );
  });
});
