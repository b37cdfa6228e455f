import { z } from 'zod';
import { apiErrorBody } from './api';
import { KENYAN_COUNTIES } from './counties';
import { type CsvRow, parseCsv } from './csv';
import { todayIn } from './date-status';
import { isCalendarDate, optionalEmail, phoneField, requiredText } from './fields';
import {
  entryIndexNumberField,
  LEARNER_RECORD_MESSAGES,
  learnerRecordFields,
  parentNationalIdField,
} from './learner-record';
import {
  REQUIRED_STUDENT_CSV_COLUMNS,
  STUDENT_CSV_COLUMNS,
  STUDENT_CSV_LABELS,
  type StudentCsvColumn,
} from './student-columns';
import { ENTRY_EXAMS, type EntryExam, type Gender, STUDENT_MESSAGES } from './students';

/**
 * The rules of a students CSV that need no database: the header row, then each row read into a
 * clean student or into its problems, in words, by column. The import's preview adds what only
 * the database knows (the classes, admission numbers and UPIs already taken).
 */
export const STUDENT_IMPORT_MESSAGES = {
  missingColumns: (labels: string[]) =>
    `The file has no ${labels.join(', ')} column${labels.length > 1 ? 's' : ''}: add ${labels.length > 1 ? 'them' : 'it'} to the first row`,
  noRows:
    'The file has no students: the first row names the columns, each row after it is a student',
  tooManyRows: (max: number) => `The file has more than ${max} students: import it in parts`,
  dateFormat: 'Date of birth must be a date (yyyy-mm-dd or dd/mm/yyyy)',
  gender: 'Gender must be male, female or other (M or F)',
  entryExam: 'Entry exam must be KCPE, KPSEA or KJSEA',
  entryMarks: 'Entry marks must be a whole number from 0 to 1000',
  admissionNumber: 'Admission number must be letters, digits, / or - only (at most 20)',
  unknownClass: (name: string) => `Class '${name}' does not exist: create it first`,
  admissionTaken: (n: string) =>
    `Admission number ${n} is already another student's in this school`,
  twiceInFile: (label: string, value: string, line: number) =>
    `${label} ${value} is also on row ${line} of the file`,
  invalidRows: (n: number) =>
    `${n} row${n === 1 ? ' has' : 's have'} problems: nothing was imported. Fix them or skip them.`,
  missingFile: 'Choose a CSV file of students',
} as const;

/** At most this many students a file (the 2 MB limit holds about 10,000 short rows). */
export const MAX_IMPORT_ROWS = 5000;
/** The largest file the import reads. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** A header as a person may write it: "Parent Phone", "parent_phone", "PARENTPHONE". */
export const headerKey = (header: string) => header.toLowerCase().replace(/[\s_]/g, '');

const COLUMN_BY_KEY = new Map<string, StudentCsvColumn>(
  STUDENT_CSV_COLUMNS.flatMap((c): [string, StudentCsvColumn][] => [
    [headerKey(c), c],
    [headerKey(STUDENT_CSV_LABELS[c]), c],
  ]),
);

/** The template column a file's header stands for, if any (by its name or its label). */
export const columnOfHeader = (header: string): StudentCsvColumn | undefined =>
  COLUMN_BY_KEY.get(headerKey(header));

/** yyyy-mm-dd, or dd/mm/yyyy and d/m/yyyy as Kenyan spreadsheets write dates; else undefined. */
export function readDate(text: string): string | undefined {
  const v = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const m = v.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (!m) return undefined;
  return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/** 0722 111 222, 722111222 (a spreadsheet dropped the 0), +254722111222, 254722111222: 0722111222. */
export function readPhone(text: string): string {
  const digits = text.trim().replace(/[\s\-().]/g, '');
  const international = digits.match(/^\+?254(\d{9})$/);
  if (international) return `0${international[1]}`;
  if (/^[17]\d{8}$/.test(digits)) return `0${digits}`;
  return digits;
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
}

type Read<T> = { value: T } | { messages: string[] };

const fromZod =
  <T>(schema: z.ZodType<T, string | null | undefined>) =>
  (text: string): Read<T> => {
    const result = schema.safeParse(text);
    return result.success
      ? { value: result.data }
      : { messages: [...new Set(result.error.issues.map((i) => i.message))] };
  };

const orNull =
  <T>(read: (text: string) => Read<T | null | undefined>) =>
  (text: string) => {
    const r = read(text);
    return 'value' in r ? { value: r.value ?? null } : r;
  };

const admissionNumberPattern = /^[A-Za-z0-9/-]{1,20}$/;

/** Each column's reader: its text (trimmed, '' when absent) to a value or messages. */
function columnReaders(today: string) {
  const text = (label: string) => fromZod(requiredText(label));
  return {
    first_name: text('First name'),
    last_name: text('Last name'),
    date_of_birth: (v: string): Read<string> => {
      if (v === '') return { messages: ['Date of birth is required'] };
      const date = readDate(v);
      if (date === undefined || !isCalendarDate(date))
        return { messages: [STUDENT_IMPORT_MESSAGES.dateFormat] };
      if (date > today) return { messages: [STUDENT_MESSAGES.futureBirth] };
      if (date < '1900-01-01') return { messages: [STUDENT_MESSAGES.tooOld] };
      return { value: date };
    },
    gender: (v: string): Read<Gender> => {
      if (v === '') return { messages: ['Gender is required'] };
      const gender = GENDER_WORDS[v.toLowerCase()];
      return gender ? { value: gender } : { messages: [STUDENT_IMPORT_MESSAGES.gender] };
    },
    class: text('Class'),
    admission_number: (v: string): Read<string | null> =>
      v === ''
        ? { value: null }
        : admissionNumberPattern.test(v)
          ? { value: v }
          : { messages: [STUDENT_IMPORT_MESSAGES.admissionNumber] },
    parent_first_name: text('Parent first name'),
    parent_last_name: text('Parent last name'),
    parent_phone: (v: string) => fromZod(phoneField('Parent phone number'))(readPhone(v)),
    parent_email: orNull(fromZod(optionalEmail)),
    parent_national_id_number: orNull(fromZod(parentNationalIdField)),
    upi: orNull(fromZod(learnerRecordFields.upi)),
    birth_certificate_number: orNull(fromZod(learnerRecordFields.birth_certificate_number)),
    entry_exam: (v: string): Read<EntryExam | null> => {
      if (v === '') return { value: null };
      const exam = ENTRY_EXAMS.find((e) => e === v.toUpperCase());
      return exam ? { value: exam } : { messages: [STUDENT_IMPORT_MESSAGES.entryExam] };
    },
    entry_index_number: orNull(fromZod(entryIndexNumberField)),
    entry_marks: (v: string): Read<number | null> => {
      if (v === '') return { value: null };
      const n = Number(v);
      return /^\d{1,4}$/.test(v) && n <= 1000
        ? { value: n }
        : { messages: [STUDENT_IMPORT_MESSAGES.entryMarks] };
    },
    nationality: orNull(fromZod(learnerRecordFields.nationality)),
    county: (v: string): Read<string | null> => {
      if (v === '') return { value: null };
      const county = COUNTY_BY_NAME.get(v.toLowerCase());
      return county ? { value: county } : { messages: [LEARNER_RECORD_MESSAGES.county] };
    },
    sub_county: orNull(fromZod(learnerRecordFields.sub_county)),
    special_needs: orNull(fromZod(learnerRecordFields.special_needs)),
    medical_condition: orNull(fromZod(learnerRecordFields.medical_condition)),
    nhif_number: orNull(fromZod(learnerRecordFields.nhif_number)),
  } satisfies Record<StudentCsvColumn, (v: string) => Read<unknown>>;
}

/** The problems of a row, by column: one message or more each. */
export type RowErrors = Partial<Record<StudentCsvColumn, string[]>>;

/** One row of the file as read: its line, its text by column, and a student or its problems. */
export interface ReadRow {
  row: number;
  values: Partial<Record<StudentCsvColumn, string>>;
  errors: RowErrors;
  student?: ImportedStudent;
}

export interface ReadStudentCsv {
  file_errors: string[];
  rows: ReadRow[];
}

/** A spreadsheet-safe cell as csvCell wrote it ('=x, '+254…) back to its text. */
const undefused = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

const isEmptyRecord = (r: CsvRow) => r.cells.every((c) => c.trim() === '');

/**
 * Reads a students CSV: the first non-empty line names the columns (the template's names or
 * labels, any case, spaces or underscores; other columns are ignored), each non-empty line
 * after it is a student. Row numbers are the file's lines, as a spreadsheet numbers them.
 */
export function readStudentCsv(text: string, today = todayIn()): ReadStudentCsv {
  const records = parseCsv(text).filter((r) => !isEmptyRecord(r));
  const [header, ...body] = records;
  if (!header) return { file_errors: [STUDENT_IMPORT_MESSAGES.noRows], rows: [] };
  const positions = new Map<StudentCsvColumn, number>();
  header.cells.forEach((cell, i) => {
    const column = columnOfHeader(cell);
    if (column && !positions.has(column)) positions.set(column, i);
  });
  const missing = REQUIRED_STUDENT_CSV_COLUMNS.filter((c) => !positions.has(c));
  if (missing.length > 0) {
    const labels = missing.map((c) => STUDENT_CSV_LABELS[c]);
    return { file_errors: [STUDENT_IMPORT_MESSAGES.missingColumns(labels)], rows: [] };
  }
  if (body.length === 0) return { file_errors: [STUDENT_IMPORT_MESSAGES.noRows], rows: [] };
  if (body.length > MAX_IMPORT_ROWS)
    return { file_errors: [STUDENT_IMPORT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS)], rows: [] };
  const readers = columnReaders(today);
  const rows = body.map((record) => {
    const values: ReadRow['values'] = {};
    const read: Record<string, unknown> = {};
    const errors: RowErrors = {};
    for (const column of STUDENT_CSV_COLUMNS) {
      const position = positions.get(column);
      const cell = position === undefined ? undefined : record.cells[position];
      if (cell !== undefined) values[column] = cell;
      const result = readers[column](undefused((cell ?? '').trim()));
      if ('value' in result) read[column] = result.value;
      else errors[column] = result.messages;
    }
    const row: ReadRow = { row: record.line, values, errors };
    if (Object.keys(errors).length === 0) row.student = toStudent(read);
    return row;
  });
  markTwiceInFile(rows);
  return { file_errors: [], rows };
}

function toStudent(read: Record<string, unknown>): ImportedStudent {
  const r = read as Record<StudentCsvColumn, never>;
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
  };
}

/** Adds a problem to a row; the row is no longer clean. */
export function addRowError(row: ReadRow, column: StudentCsvColumn, message: string) {
  const messages = row.errors[column] ?? [];
  messages.push(message);
  row.errors[column] = messages;
  delete row.student;
}

/** The same admission number or UPI on two rows: both rows say where the other is. */
function markTwiceInFile(rows: ReadRow[]) {
  const checks = [
    { column: 'admission_number', label: 'Admission number', key: (v: string) => v },
    { column: 'upi', label: 'UPI', key: (v: string) => v.toUpperCase() },
  ] as const;
  for (const { column, label, key } of checks) {
    const seen = new Map<string, ReadRow>();
    for (const row of rows) {
      const value = row.values[column]?.trim();
      if (!value || row.errors[column]) continue;
      const first = seen.get(key(value));
      if (!first) {
        seen.set(key(value), row);
        continue;
      }
      addRowError(row, column, STUDENT_IMPORT_MESSAGES.twiceInFile(label, key(value), first.row));
      if (!first.errors[column])
        addRowError(first, column, STUDENT_IMPORT_MESSAGES.twiceInFile(label, key(value), row.row));
    }
  }
}

/** A class name as the file and the school may write it: "Form 1 East" = "form1east". */
export const classKey = (name: string) => name.toLowerCase().replace(/\s/g, '');

const rowAnswer = z.object({
  /** The file's line, as the spreadsheet numbers it. */
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.array(z.string())),
});
export type StudentImportRow = z.infer<typeof rowAnswer>;

/** POST /api/students/import/preview/: every row with its problems, and the counts. */
export const studentImportPreviewSchema = z.object({
  rows: z.array(rowAnswer),
  valid: z.number().int(),
  invalid: z.number().int(),
  file_errors: z.array(z.string()),
});
export type StudentImportPreview = z.infer<typeof studentImportPreviewSchema>;

/** POST /api/students/import/: 201, everything imported. */
export const studentImportResultSchema = z.object({
  imported: z.number().int(),
  parents_created: z.number().int(),
  parents_reused: z.number().int(),
});
export type StudentImportResult = z.infer<typeof studentImportResultSchema>;

/** The import's 400 when a row has a problem: nothing imported, the rows with their problems. */
export const studentImportRefusedSchema = apiErrorBody.extend({
  /** Absent when the form itself was refused (no file): then `errors.file` says why. */
  rows: z.array(rowAnswer).optional(),
  file_errors: z.array(z.string()).optional(),
});

/** The preview's answer of a file read: rows without the clean students. */
export function previewOf(file: ReadStudentCsv): StudentImportPreview {
  const invalid = file.rows.filter((r) => !r.student).length;
  return {
    rows: file.rows.map(({ row, values, errors }) => ({ row, values, errors })),
    valid: file.rows.length - invalid,
    invalid,
    file_errors: file.file_errors,
  };
}

export const importedMessage = (n: number) => `Imported ${n} student${n === 1 ? '' : 's'}`;
