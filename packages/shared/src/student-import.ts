import { z } from 'zod';
import { type AdmissionConsents, type ConsentStatus, readConsentWord } from './consents';
import { KENYAN_COUNTIES } from './counties';
import {
  type CellRead,
  type CsvImportRowAnswer,
  type CsvReadFile,
  type CsvReadRow,
  csvImport,
  csvImportMessages,
  csvImportPreviewSchema,
  fromZod,
  orNull,
} from './csv-import';
import { isCalendarDate, optionalEmail, phoneField, requiredText } from './fields';
import { type NameOrder, nameOrderField } from './full-name';
import {
  entryIndexNumberField,
  LEARNER_RECORD_MESSAGES,
  learnerRecordFields,
  parentNationalIdField,
} from './learner-record';
import { todayIn } from './school-time';
import {
  REQUIRED_STUDENT_CSV_COLUMNS,
  STUDENT_CSV_LABELS,
  STUDENT_FULL_NAMES,
  STUDENT_HEADER_SYNONYMS,
  STUDENT_IMPORT_COLUMNS,
  type StudentImportColumn,
} from './student-columns';
import { ENTRY_EXAMS, type EntryExam, type Gender, STUDENT_MESSAGES } from './students';

/**
 * The rules of a students CSV that need no database: the header row, then each row read into a
 * clean student or into its problems, in words, by column. The import's preview adds what only
 * the database knows (the classes, admission numbers and UPIs already taken).
 */
export const STUDENT_IMPORT_MESSAGES = {
  ...csvImportMessages('student', 'students'),
  dateFormat: 'Date of birth must be a date (yyyy-mm-dd or dd/mm/yyyy)',
  gender: 'Gender must be male, female or other (M or F)',
  entryExam: 'Entry exam must be KCPE, KPSEA or KJSEA',
  entryMarks: 'Entry marks must be a whole number from 0 to 1000',
  admissionNumber: 'Admission number must be letters, digits, / or - only (at most 20)',
  unknownClass: (name: string) => `Class '${name}' does not exist: create it first`,
  admissionTaken: (n: string) =>
    `Admission number ${n} is already another student's in this school`,
  consent: (what: 'SMS' | 'Photo') =>
    `${what} consent must be Yes or No (Granted or Refused), or empty when the parent was not asked`,
  /** The check screen: parents whose SMS consent the file does not grant. */
  noSms: (parents: number) =>
    `${parents} ${parents === 1 ? 'parent' : 'parents'} will get no SMS until their consent is recorded`,
} as const;

/** At most this many students a file (the 2 MB limit holds about 10,000 short rows). */
export const MAX_IMPORT_ROWS = 5000;
/** The largest file the import reads. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** yyyy-mm-dd, or dd/mm/yyyy and d/m/yyyy as Kenyan spreadsheets write dates; else undefined. */
export function readDate(text: string): string | undefined {
  const v = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const m = v.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (!m) return undefined;
  return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

const GENDER_WORDS: Record<string, Gender> = {
  m: 'male',
  male: 'male',
  f: 'female',
  female: 'female',
  o: 'other',
  other: 'other',
};

const COUNTY_BY_NAME = new Map<string, string>(KENYAN_COUNTIES.map((c) => [c.toLowerCase(), c]));

/** A student as a clean row of the file gives it. */
export interface ImportedStudent {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  gender: Gender;
  class: string;
  admission_number: string | null;
  parent: {
    first_name: string;
    last_name: string;
    phone_number: string;
    email: string | null;
    national_id_number: string | null;
  };
  upi: string | null;
  birth_certificate_number: string | null;
  entry_exam: EntryExam | null;
  entry_index_number: string | null;
  entry_marks: number | null;
  nationality: string | null;
  county: string | null;
  sub_county: string | null;
  special_needs: string | null;
  medical_condition: string | null;
  nhif_number: string | null;
  consents: AdmissionConsents;
}

const consentReader =
  (what: 'SMS' | 'Photo') =>
  (v: string): CellRead<ConsentStatus> => {
    const status = readConsentWord(v);
    return status ? { value: status } : { messages: [STUDENT_IMPORT_MESSAGES.consent(what)] };
  };

const admissionNumberPattern = /^[A-Za-z0-9/-]{1,20}$/;

/** Each column's reader: its text (trimmed, '' when absent) to a value or messages. */
function columnReaders(today: string) {
  const text = (label: string) => fromZod(requiredText(label));
  return {
    first_name: text('First name'),
    last_name: text('Last name'),
    date_of_birth: (v: string): CellRead<string> => {
      if (v === '') return { messages: ['Date of birth is required'] };
      const date = readDate(v);
      if (date === undefined || !isCalendarDate(date))
        return { messages: [STUDENT_IMPORT_MESSAGES.dateFormat] };
      if (date > today) return { messages: [STUDENT_MESSAGES.futureBirth] };
      if (date < '1900-01-01') return { messages: [STUDENT_MESSAGES.tooOld] };
      return { value: date };
    },
    gender: (v: string): CellRead<Gender> => {
      if (v === '') return { messages: ['Gender is required'] };
      const gender = GENDER_WORDS[v.toLowerCase()];
      return gender ? { value: gender } : { messages: [STUDENT_IMPORT_MESSAGES.gender] };
    },
    class: text('Class'),
    admission_number: (v: string): CellRead<string | null> =>
      v === ''
        ? { value: null }
        : admissionNumberPattern.test(v)
          ? { value: v }
          : { messages: [STUDENT_IMPORT_MESSAGES.admissionNumber] },
    parent_first_name: text('Parent first name'),
    parent_last_name: text('Parent last name'),
    parent_phone: fromZod(phoneField('Parent phone number')),
    parent_email: orNull(fromZod(optionalEmail)),
    parent_national_id_number: orNull(fromZod(parentNationalIdField)),
    upi: orNull(fromZod(learnerRecordFields.upi)),
    birth_certificate_number: orNull(fromZod(learnerRecordFields.birth_certificate_number)),
    entry_exam: (v: string): CellRead<EntryExam | null> => {
      if (v === '') return { value: null };
      const exam = ENTRY_EXAMS.find((e) => e === v.toUpperCase());
      return exam ? { value: exam } : { messages: [STUDENT_IMPORT_MESSAGES.entryExam] };
    },
    entry_index_number: orNull(fromZod(entryIndexNumberField)),
    entry_marks: (v: string): CellRead<number | null> => {
      if (v === '') return { value: null };
      const n = Number(v);
      return /^\d{1,4}$/.test(v) && n <= 1000
        ? { value: n }
        : { messages: [STUDENT_IMPORT_MESSAGES.entryMarks] };
    },
    nationality: orNull(fromZod(learnerRecordFields.nationality)),
    county: (v: string): CellRead<string | null> => {
      if (v === '') return { value: null };
      const county = COUNTY_BY_NAME.get(v.toLowerCase());
      return county ? { value: county } : { messages: [LEARNER_RECORD_MESSAGES.county] };
    },
    sub_county: orNull(fromZod(learnerRecordFields.sub_county)),
    special_needs: orNull(fromZod(learnerRecordFields.special_needs)),
    medical_condition: orNull(fromZod(learnerRecordFields.medical_condition)),
    nhif_number: orNull(fromZod(learnerRecordFields.nhif_number)),
    sms_consent: consentReader('SMS'),
    photo_consent: consentReader('Photo'),
    // Read into first and last names by csvImport's split.
    full_name: (): CellRead<null> => ({ value: null }),
    parent_full_name: (): CellRead<null> => ({ value: null }),
  } satisfies Record<StudentImportColumn, (v: string) => CellRead<unknown>>;
}

const studentCsv = csvImport({
  columns: STUDENT_IMPORT_COLUMNS,
  aliases: STUDENT_HEADER_SYNONYMS,
  fullNames: STUDENT_FULL_NAMES,
  required: REQUIRED_STUDENT_CSV_COLUMNS,
  labels: STUDENT_CSV_LABELS,
  maxRows: MAX_IMPORT_ROWS,
  messages: STUDENT_IMPORT_MESSAGES,
  cleanKey: 'student',
  toClean: toStudent,
  onceInFile: [
    { column: 'admission_number', label: 'Admission number', key: (v) => v },
    { column: 'upi', label: 'UPI', key: (v) => v.toUpperCase() },
  ],
});

/** One row of the file as read: its line, its text by column, and a student or its problems. */
export type ReadRow = CsvReadRow<StudentImportColumn, 'student', ImportedStudent>;
export type ReadStudentCsv = CsvReadFile<ReadRow>;

/** The template column a file's header stands for, if any (by its name or its label). */
export const columnOfHeader = studentCsv.columnOfHeader;
/** The required columns a file of these columns lacks, by label. */
export const missingStudentColumns = studentCsv.missingLabels;

/**
 * Reads a students CSV (the rules of csvImport); an admission number or UPI stands once; a
 * whole-name column is split by `nameOrder`.
 */
export const readStudentCsv = (
  text: string,
  today = todayIn(),
  nameOrder: NameOrder = 'surname_last',
): ReadStudentCsv => studentCsv.read(text, columnReaders(today), { nameOrder });

function toStudent(r: Record<StudentImportColumn, never>): ImportedStudent {
  return {
    first_name: r.first_name,
    last_name: r.last_name,
    date_of_birth: r.date_of_birth,
    gender: r.gender,
    class: r.class,
    admission_number: r.admission_number,
    parent: {
      first_name: r.parent_first_name,
      last_name: r.parent_last_name,
      phone_number: r.parent_phone,
      email: r.parent_email,
      national_id_number: r.parent_national_id_number,
    },
    upi: r.upi,
    birth_certificate_number: r.birth_certificate_number,
    entry_exam: r.entry_exam,
    entry_index_number: r.entry_index_number,
    entry_marks: r.entry_marks,
    nationality: r.nationality,
    county: r.county,
    sub_county: r.sub_county,
    special_needs: r.special_needs,
    medical_condition: r.medical_condition,
    nhif_number: r.nhif_number,
    consents: { sms: r.sms_consent, photos: r.photo_consent },
  };
}

/** Adds a problem to a row; the row is no longer clean. */
export const addRowError = studentCsv.addRowError;
/** The preview's answer of a file read: rows without the clean students. */
export const previewOf = studentCsv.previewOf;

/** A class name as the file and the school may write it: "Form 1 East" = "form1east". */
export const classKey = (name: string) => name.toLowerCase().replace(/\s/g, '');

export type StudentImportRow = CsvImportRowAnswer;

/**
 * The SMS consents of the rows ready to import, counted in parents (siblings share one, by
 * phone): a parent is without SMS when any child of theirs in the file is not granted, and
 * counted as refused when one of those is refused, else as not asked.
 */
export const smsConsentCountsSchema = z.object({
  granted: z.number().int(),
  refused: z.number().int(),
  not_asked: z.number().int(),
});
export type SmsConsentCounts = z.infer<typeof smsConsentCountsSchema>;

/** POST /api/students/import/preview/: the rows, and the parents' SMS consents counted. */
export const studentImportPreviewSchema = csvImportPreviewSchema.extend({
  sms_consent: smsConsentCountsSchema,
});
export type StudentImportPreview = z.infer<typeof studentImportPreviewSchema>;

/** The SMS consents of a file's clean rows, counted in parents. */
export function smsConsentCounts(file: ReadStudentCsv): SmsConsentCounts {
  const rank: Record<ConsentStatus, number> = { granted: 0, unknown: 1, refused: 2 };
  const byPhone = new Map<string, ConsentStatus>();
  for (const row of file.rows) {
    const student = row.student;
    if (!student) continue;
    const phone = student.parent.phone_number;
    const held = byPhone.get(phone);
    if (held === undefined || rank[student.consents.sms] > rank[held])
      byPhone.set(phone, student.consents.sms);
  }
  const counts = { granted: 0, refused: 0, not_asked: 0 };
  for (const status of byPhone.values()) counts[status === 'unknown' ? 'not_asked' : status] += 1;
  return counts;
}

/** The import's preview answer: the rows and the parents' SMS consents. */
export const studentPreviewOf = (file: ReadStudentCsv): StudentImportPreview => ({
  ...previewOf(file),
  sms_consent: smsConsentCounts(file),
});

/** The form fields of an import beside its file. */
export const studentImportOptionsSchema = z.object({
  name_order: nameOrderField.default('surname_last'),
});

/** POST /api/students/import/: 201, everything imported. */
export const studentImportResultSchema = z.object({
  imported: z.number().int(),
  parents_created: z.number().int(),
  parents_reused: z.number().int(),
});
export type StudentImportResult = z.infer<typeof studentImportResultSchema>;
