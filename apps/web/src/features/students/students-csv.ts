import type { StudentRow } from '@shule/shared/students';
import { toCsv } from '../../lib/csv';

export const STUDENT_CSV_HEADERS = [
  'Admission Number',
  'First Name',
  'Last Name',
  'Class',
  'Gender',
  'Date of Birth',
  'Status',
  'Parent Name',
  'Parent Phone',
  'Parent Email',
];

export const studentStatus = (s: Pick<StudentRow, 'is_active'>) =>
  s.is_active ? 'Active' : 'absent';

/** Export (DESIGN.md §6): a CSV of exactly the rows on screen, in their order. */
export function studentsCsv(rows: StudentRow[]) {
  return toCsv(
    STUDENT_CSV_HEADERS,
    rows.map((s) => [
      s.admission_number,
      s.first_name,
      s.last_name,
      s._class.name,
      s.gender,
      s.date_of_birth,
      studentStatus(s),
      s.parent ? `${s.parent.user.first_name} ${s.parent.user.last_name}` : '',
      s.parent?.user.phone_number,
      s.parent?.user.email,
    ]),
  );
}

/** Case-insensitive match on the student's name or admission number. */
export function matchesStudentSearch(s: StudentRow, search: string) {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    `${s.first_name} ${s.last_name}`.toLowerCase().includes(q) ||
    `${s.last_name} ${s.first_name}`.toLowerCase().includes(q) ||
    s.admission_number.toLowerCase().includes(q)
  );
}
