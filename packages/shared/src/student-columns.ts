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
  'sms_consent',
  'photo_consent',
] as const;
export type StudentCsvColumn = (typeof STUDENT_CSV_COLUMNS)[number];

/**
 * What the import reads besides: a whole name in one column, for a register that has no first
 * and last name columns ("NAME", "Parent/Guardian"), split by the import's name order.
 */
export const STUDENT_IMPORT_COLUMNS = [
  ...STUDENT_CSV_COLUMNS,
  'full_name',
  'parent_full_name',
] as const;
export type StudentImportColumn = (typeof STUDENT_IMPORT_COLUMNS)[number];

/** The whole-name columns and the two columns each fills. */
export const STUDENT_FULL_NAMES = [
  { column: 'full_name', first: 'first_name', last: 'last_name' },
  { column: 'parent_full_name', first: 'parent_first_name', last: 'parent_last_name' },
] as const satisfies readonly {
  column: StudentImportColumn;
  first: StudentImportColumn;
  last: StudentImportColumn;
}[];

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
export const STUDENT_CSV_LABELS: Record<StudentImportColumn, string> = {
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
  sms_consent: 'SMS consent (Yes or No)',
  photo_consent: 'Photo consent (Yes or No)',
  full_name: 'Full name',
  parent_full_name: 'Parent full name',
};

/**
 * The headers Kenyan registers give these columns (any case; dots, slashes and spaces do not
 * count: "Adm. No." is "Adm No"), besides each column's own name and label.
 */
export const STUDENT_HEADER_SYNONYMS: Record<string, StudentImportColumn> = {
  'Adm No': 'admission_number',
  Adm: 'admission_number',
  'Admn No': 'admission_number',
  'Adm Number': 'admission_number',
  'Admission No': 'admission_number',
  Admission: 'admission_number',
  'Reg No': 'admission_number',
  Surname: 'last_name',
  'Other names': 'first_name',
  'Other name': 'first_name',
  'First names': 'first_name',
  'Given names': 'first_name',
  Sex: 'gender',
  'Sex (M/F)': 'gender',
  'M/F': 'gender',
  'Gender (M/F)': 'gender',
  'D.O.B': 'date_of_birth',
  'Birth date': 'date_of_birth',
  'Date of birth (dd/mm/yyyy)': 'date_of_birth',
  Name: 'full_name',
  Names: 'full_name',
  'Full names': 'full_name',
  'Student name': 'full_name',
  "Student's name": 'full_name',
  'Name of student': 'full_name',
  'Learner name': 'full_name',
  'Pupil name': 'full_name',
  'Parent/Guardian': 'parent_full_name',
  'Parent/Guardian Name': 'parent_full_name',
  "Parent/Guardian's Name": 'parent_full_name',
  Parent: 'parent_full_name',
  'Parent name': 'parent_full_name',
  "Parent's name": 'parent_full_name',
  Guardian: 'parent_full_name',
  'Guardian name': 'parent_full_name',
  'Name of parent': 'parent_full_name',
  Tel: 'parent_phone',
  'Tel No': 'parent_phone',
  Telephone: 'parent_phone',
  'Telephone No': 'parent_phone',
  Contact: 'parent_phone',
  Contacts: 'parent_phone',
  'Contact No': 'parent_phone',
  Phone: 'parent_phone',
  'Phone No': 'parent_phone',
  Mobile: 'parent_phone',
  'Mobile No': 'parent_phone',
  'Parent Tel': 'parent_phone',
  'Parent/Guardian Tel': 'parent_phone',
  'Parent/Guardian Phone': 'parent_phone',
  'Parent/Guardian Contact': 'parent_phone',
  'Parent contact': 'parent_phone',
  Consent: 'sms_consent',
  'SMS consent': 'sms_consent',
  'Consent to SMS': 'sms_consent',
  SMS: 'sms_consent',
  'Photo consent': 'photo_consent',
  'Consent to photos': 'photo_consent',
  'Parent ID No': 'parent_national_id_number',
  'Parent ID': 'parent_national_id_number',
  'Birth Cert No': 'birth_certificate_number',
  'KCPE Marks': 'entry_marks',
  'KCPE Index No': 'entry_index_number',
};

/**
 * GET /students/export/?format=nemis: the learner register's columns in its order
 * (UPI, birth certificate, index number and marks, nationality, county and sub-county, special
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
