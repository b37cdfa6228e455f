import { z } from 'zod';
import { toCsv } from './csv';
import {
  type CsvImportPreview,
  type CsvImportRowAnswer,
  type CsvReadFile,
  type CsvReadRow,
  csvImport,
  csvImportMessages,
  fromZod,
  orNull,
} from './csv-import';
import { optionalEmail, phoneField, readPhone, requiredText } from './fields';

/**
 * The rules of a teachers CSV that need no database: the header row, then each row read into a
 * clean teacher or into its problems, in words, by column (the students import's shapes). The
 * preview adds what only the database knows: phones that are already a login, TSC numbers
 * already a teacher's in the school.
 */
export const TEACHER_CSV_COLUMNS = [
  'first_name',
  'last_name',
  'phone_number',
  'email',
  'tsc_number',
] as const;
export type TeacherCsvColumn = (typeof TEACHER_CSV_COLUMNS)[number];

export const REQUIRED_TEACHER_CSV_COLUMNS: readonly TeacherCsvColumn[] = [
  'first_name',
  'last_name',
  'phone_number',
  'tsc_number',
];

export const TEACHER_CSV_LABELS: Record<TeacherCsvColumn, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  phone_number: 'Phone number',
  email: 'Email',
  tsc_number: 'TSC number',
};

export const TEACHER_IMPORT_MESSAGES = {
  ...csvImportMessages('teacher', 'teachers'),
  /** Whoever holds it, this school or another: no more is said (a phone is one login). */
  phoneCannotBeAdded: (phone: string) =>
    `Phone number ${phone} cannot be added: it is already a Shule login. Each teacher needs a number of their own`,
  tscTaken: (tsc: string) => `TSC number ${tsc} is already a teacher's in your school`,
} as const;

/** At most this many teachers a file: each one's password is hashed (argon2) before saving. */
export const MAX_TEACHER_IMPORT_ROWS = 500;
/** The largest file the import reads. */
export const MAX_TEACHER_IMPORT_BYTES = 512 * 1024;

/** A teacher as a clean row of the file gives it. */
export interface ImportedTeacher {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string | null;
  tsc_number: string;
}

const teacherCsv = csvImport({
  columns: TEACHER_CSV_COLUMNS,
  required: REQUIRED_TEACHER_CSV_COLUMNS,
  labels: TEACHER_CSV_LABELS,
  aliases: { phone: 'phone_number', tsc: 'tsc_number' },
  maxRows: MAX_TEACHER_IMPORT_ROWS,
  messages: TEACHER_IMPORT_MESSAGES,
  cleanKey: 'teacher',
  toClean: (read): ImportedTeacher => read,
  onceInFile: [
    { column: 'phone_number', label: 'Phone number', key: readPhone },
    { column: 'tsc_number', label: 'TSC number', key: (v) => v.toUpperCase() },
  ],
});

const READERS = {
  first_name: fromZod(requiredText('First name')),
  last_name: fromZod(requiredText('Last name')),
  phone_number: fromZod(phoneField('Phone number')),
  email: orNull(fromZod(optionalEmail)),
  tsc_number: fromZod(requiredText('TSC number', { max: 20 })),
};

/** One row of the file as read: its line, its text by column, and a teacher or its problems. */
export type TeacherReadRow = CsvReadRow<TeacherCsvColumn, 'teacher', ImportedTeacher>;
export type ReadTeacherCsv = CsvReadFile<TeacherReadRow>;

/** The template column a file's header stands for, if any (by its name, its label, "TSC"). */
export const teacherColumnOfHeader = teacherCsv.columnOfHeader;
/** Reads a teachers CSV (the rules of csvImport); a phone (as normalised) or TSC number stands once. */
export const readTeacherCsv = (text: string): ReadTeacherCsv => teacherCsv.read(text, READERS);
/** Adds a problem to a row; the row is no longer clean. */
export const addTeacherRowError = teacherCsv.addRowError;
/** The preview's answer of a file read: rows without the clean teachers. */
export const teacherPreviewOf = teacherCsv.previewOf;

export type TeacherImportRow = CsvImportRowAnswer;
export type TeacherImportPreview = CsvImportPreview;

/** POST /api/teachers/import/: 201; the one-time passwords exist only in this answer. */
export const teacherImportResultSchema = z.object({
  imported: z.number().int(),
  teachers: z.array(
    z.object({
      first_name: z.string(),
      last_name: z.string(),
      phone_number: z.string(),
      one_time_password: z.string(),
    }),
  ),
  /**
   * Rows whose phone already had an account without a school: that account is now the school's
   * teacher, with the one-time password `teachers` lists for it (its old password no longer works).
   */
  linked: z.array(
    z.object({ first_name: z.string(), last_name: z.string(), phone_number: z.string() }),
  ),
});
export type TeacherImportResult = z.infer<typeof teacherImportResultSchema>;

export const ONE_TIME_PASSWORDS_FILENAME = 'teachers-one-time-passwords.csv';

/** The file the admin downloads once: who may log in with which phone and password. */
export function oneTimePasswordsCsv(teachers: TeacherImportResult['teachers']): string {
  return `${toCsv(
    ['first_name', 'last_name', 'phone_number', 'one_time_password'],
    teachers.map((t) => [t.first_name, t.last_name, t.phone_number, t.one_time_password]),
  )}\r\n`;
}
