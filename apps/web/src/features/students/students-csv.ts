import { type StudentRow, studentStatusLabel } from '@shule/shared/students';
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

export const studentStatus = studentStatusLabel;

/** Export (DESIGN.md §6): a CSV of every student of the class and search shown, in list order. */
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
