import { describe, expect, it } from 'vitest';
import { reportTeacherName, reportTeachersCell } from './teaching';

describe('reportTeacherName', () => {
  it('gives initials or the initials of the first names and the surname', () => {
    const mary = { first_name: ' mary  wanjiku ', last_name: 'Achieng' };
    expect(reportTeacherName(mary, 'initials')).toBe('MWA');
    expect(reportTeacherName(mary, 'name')).toBe('M. W. Achieng');
    expect(reportTeacherName({ first_name: 'John', last_name: 'Mwangi' }, 'name')).toBe(
      'J. Mwangi',
    );
  });
});

describe('reportTeachersCell', () => {
  it('joins the teachers of a subject once each, or is null for none', () => {
    expect(reportTeachersCell(['JM', 'PO', 'JM'])).toBe('JM / PO');
    expect(reportTeachersCell([])).toBeNull();
  });
});
