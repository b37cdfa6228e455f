/**
 * The columns of a students CSV: what GET /students/import/template/ heads, what the import
 * reads (the screen maps a file's own headers onto these) and what the CSV export writes, in
 * this order, so that an export imports back unchanged. One list, one place.
 */
export const STUDENT_CSV_COLUMNS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'class',
  'admission_number',
  'parent_first_name',
  'parent_last_name',
  'parent_phone',
  'parent_email',
  'parent_national_id_number',
  'upi',
  'birth_certificate_number',
  'entry_exam',
  'entry_index_number',
  'entry_marks',
  'nationality',
  'county',
  'sub_county',
  'special_needs',
  'medical_condition',
  'nhif_number',
] as const;
export type StudentCsvColumn = (typeof STUDENT_CSV_COLUMNS)[number];

/** The columns a row must fill; the others may be empty. */
export const REQUIRED_STUDENT_CSV_COLUMNS: readonly StudentCsvColumn[] = [
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'class',
  'parent_first_name',
  'parent_last_name',
  'parent_phone',
];

/** What the import screen calls each column when a person maps their file onto it. */
export const STUDENT_CSV_LABELS: Record<StudentCsvColumn, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  gender: 'Gender',
  class: 'Class',
  admission_number: 'Admission number',
  parent_first_name: 'Parent first name',
  parent_last_name: 'Parent last name',
  parent_phone: 'Parent phone',
  parent_email: 'Parent email',
  parent_national_id_number: 'Parent national ID number',
  upi: 'UPI',
  birth_certificate_number: 'Birth certificate number',
  entry_exam: 'Entry exam (KCPE, KPSEA or KJSEA)',
  entry_index_number: 'Index number',
  entry_marks: 'Entry marks',
  nationality: 'Nationality',
  county: 'County',
  sub_county: 'Sub-county',
  special_needs: 'Special needs',
  medical_condition: 'Medical condition',
  nhif_number: 'NHIF/SHA number',
};

/**
 * GET /students/export/?format=nemis: the learner register's columns in its order (KENYA.md:
 * UPI, birth certificate, index number and marks, nationality, county and sub-county, special
 * needs, medical condition, NHIF/SHA, then the parent), after the learner's identity.
 */
export const NEMIS_COLUMNS = [
  { header: 'UPI', column: 'upi' },
  { header: 'Admission Number', column: 'admission_number' },
  { header: 'First Name', column: 'first_name' },
  { header: 'Last Name', column: 'last_name' },
  { header: 'Gender', column: 'gender' },
  { header: 'Date of Birth', column: 'date_of_birth' },
  { header: 'Class', column: 'class' },
  { header: 'Birth Certificate Number', column: 'birth_certificate_number' },
  { header: 'Entry Exam', column: 'entry_exam' },
  { header: 'Index Number', column: 'entry_index_number' },
  { header: 'Entry Marks', column: 'entry_marks' },
  { header: 'Nationality', column: 'nationality' },
  { header: 'County', column: 'county' },
  { header: 'Sub-County', column: 'sub_county' },
  { header: 'Special Needs', column: 'special_needs' },
  { header: 'Medical Condition', column: 'medical_condition' },
  { header: 'NHIF/SHA Number', column: 'nhif_number' },
  { header: 'Parent First Name', column: 'parent_first_name' },
  { header: 'Parent Last Name', column: 'parent_last_name' },
  { header: 'Parent Phone', column: 'parent_phone' },
  { header: 'Parent National ID Number', column: 'parent_national_id_number' },
] as const satisfies readonly { header: string; column: StudentCsvColumn }[];
