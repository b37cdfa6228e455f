import { z } from 'zod';
import { apiErrorBody } from './api';
import { parseCsv, toCsv } from './csv';
import { optionalEmail, phoneField, requiredText } from './fields';
import { headerKey, readPhone } from './student-import';

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
  missingColumns: (labels: string[]) =>
    `The file has no ${labels.join(', ')} column${labels.length > 1 ? 's' : ''}: add ${labels.length > 1 ? 'them' : 'it'} to the first row`,
  noRows:
    'The file has no teachers: the first row names the columns, each row after it is a teacher',
  tooManyRows: (max: number) => `The file has more than ${max} teachers: import it in parts`,
  twiceInFile: (label: string, value: string, line: number) =>
    `${label} ${value} is also on row ${line} of the file`,
  phoneInAnotherSchool: (phone: string) =>
    `Phone number ${phone} belongs to a user of another school: each teacher needs their own`,
  phoneInYourSchool: (phone: string) =>
    `Phone number ${phone} already belongs to someone in your school`,
  tscTaken: (tsc: string) => `TSC number ${tsc} is already a teacher's in your school`,
  invalidRows: (n: number) =>
    `${n} row${n === 1 ? ' has' : 's have'} problems: nothing was imported. Fix them or skip them.`,
  missingFile: 'Choose a CSV file of teachers',
} as const;

/** At most this many teachers a file: each one's password is hashed (argon2) before saving. */
export const MAX_TEACHER_IMPORT_ROWS = 500;
/** The largest file the import reads. */
export const MAX_TEACHER_IMPORT_BYTES = 512 * 1024;

const COLUMN_BY_KEY = new Map<string, TeacherCsvColumn>(
  TEACHER_CSV_COLUMNS.flatMap((c): [string, TeacherCsvColumn][] => [
    [headerKey(c), c],
    [headerKey(TEACHER_CSV_LABELS[c]), c],
  ]),
);
COLUMN_BY_KEY.set('phone', 'phone_number');
COLUMN_BY_KEY.set('tsc', 'tsc_number');

/** The template column a file's header stands for, if any (by its name or its label). */
export const teacherColumnOfHeader = (header: string): TeacherCsvColumn | undefined =>
  COLUMN_BY_KEY.get(headerKey(header));

/** A teacher as a clean row of the file gives it. */
export interface ImportedTeacher {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string | null;
  tsc_number: string;
}

type Read<T> = { value: T } | { messages: string[] };

const fromZod =
  <T>(schema: z.ZodType<T, string | undefined>) =>
  (text: string): Read<T> => {
    const result = schema.safeParse(text);
    return result.success
      ? { value: result.data }
      : { messages: [...new Set(result.error.issues.map((i) => i.message))] };
  };

const READERS = {
  first_name: fromZod(requiredText('First name')),
  last_name: fromZod(requiredText('Last name')),
  phone_number: (v: string) => fromZod(phoneField('Phone number'))(readPhone(v)),
  email: (v: string): Read<string | null> => {
    const r = fromZod(optionalEmail)(v);
    return 'value' in r ? { value: r.value ?? null } : r;
  },
  tsc_number: fromZod(requiredText('TSC number', { max: 20 })),
} satisfies Record<TeacherCsvColumn, (v: string) => Read<unknown>>;

export type TeacherRowErrors = Partial<Record<TeacherCsvColumn, string[]>>;

/** One row of the file as read: its line, its text by column, and a teacher or its problems. */
export interface TeacherReadRow {
  row: number;
  values: Partial<Record<TeacherCsvColumn, string>>;
  errors: TeacherRowErrors;
  teacher?: ImportedTeacher;
}

export interface ReadTeacherCsv {
  file_errors: string[];
  rows: TeacherReadRow[];
}

/** A spreadsheet-safe cell as csvCell wrote it ('+254…) back to its text. */
const undefused = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

/**
 * Reads a teachers CSV: the first non-empty line names the columns (the template's names or
 * labels, any case, spaces or underscores; other columns are ignored), each non-empty line
 * after it is a teacher. Row numbers are the file's lines, as a spreadsheet numbers them.
 */
export function readTeacherCsv(text: string): ReadTeacherCsv {
  const records = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...body] = records;
  if (!header) return { file_errors: [TEACHER_IMPORT_MESSAGES.noRows], rows: [] };
  const positions = new Map<TeacherCsvColumn, number>();
  header.cells.forEach((cell, i) => {
    const column = teacherColumnOfHeader(cell);
    if (column && !positions.has(column)) positions.set(column, i);
  });
  const missing = REQUIRED_TEACHER_CSV_COLUMNS.filter((c) => !positions.has(c));
  if (missing.length > 0) {
    const labels = missing.map((c) => TEACHER_CSV_LABELS[c]);
    return { file_errors: [TEACHER_IMPORT_MESSAGES.missingColumns(labels)], rows: [] };
  }
  if (body.length === 0) return { file_errors: [TEACHER_IMPORT_MESSAGES.noRows], rows: [] };
  if (body.length > MAX_TEACHER_IMPORT_ROWS)
    return {
      file_errors: [TEACHER_IMPORT_MESSAGES.tooManyRows(MAX_TEACHER_IMPORT_ROWS)],
      rows: [],
    };
  const rows = body.map((record) => {
    const values: TeacherReadRow['values'] = {};
    const read: Record<string, unknown> = {};
    const errors: TeacherRowErrors = {};
    for (const column of TEACHER_CSV_COLUMNS) {
      const position = positions.get(column);
      const cell = position === undefined ? undefined : record.cells[position];
      if (cell !== undefined) values[column] = cell;
      const result = READERS[column](undefused((cell ?? '').trim()));
      if ('value' in result) read[column] = result.value;
      else errors[column] = result.messages;
    }
    const row: TeacherReadRow = { row: record.line, values, errors };
    if (Object.keys(errors).length === 0) row.teacher = read as unknown as ImportedTeacher;
    return row;
  });
  markTwiceInFile(rows);
  return { file_errors: [], rows };
}

/** Adds a problem to a row; the row is no longer clean. */
export function addTeacherRowError(row: TeacherReadRow, column: TeacherCsvColumn, message: string) {
  const messages = row.errors[column] ?? [];
  messages.push(message);
  row.errors[column] = messages;
  delete row.teacher;
}

/** The same phone (as normalised) or TSC number on two rows: both rows say where the other is. */
function markTwiceInFile(rows: TeacherReadRow[]) {
  const checks = [
    { column: 'phone_number', label: 'Phone number', key: readPhone },
    { column: 'tsc_number', label: 'TSC number', key: (v: string) => v.toUpperCase() },
  ] as const;
  for (const { column, label, key } of checks) {
    const seen = new Map<string, TeacherReadRow>();
    for (const row of rows) {
      const value = row.values[column]?.trim();
      if (!value || row.errors[column]) continue;
      const first = seen.get(key(value));
      if (!first) {
        seen.set(key(value), row);
        continue;
      }
      const shown = key(value);
      addTeacherRowError(row, column, TEACHER_IMPORT_MESSAGES.twiceInFile(label, shown, first.row));
      if (!first.errors[column])
        addTeacherRowError(
          first,
          column,
          TEACHER_IMPORT_MESSAGES.twiceInFile(label, shown, row.row),
        );
    }
  }
}

const rowAnswer = z.object({
  /** The file's line, as the spreadsheet numbers it. */
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.array(z.string())),
});
export type TeacherImportRow = z.infer<typeof rowAnswer>;

/** POST /api/teachers/import/preview/: every row with its problems, and the counts. */
export const teacherImportPreviewSchema = z.object({
  rows: z.array(rowAnswer),
  valid: z.number().int(),
  invalid: z.number().int(),
  file_errors: z.array(z.string()),
});
export type TeacherImportPreview = z.infer<typeof teacherImportPreviewSchema>;

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
   * Rows whose phone already had an account without a school: linked to this school as
   * teachers, with their own password (no one-time password).
   */
  linked: z.array(
    z.object({ first_name: z.string(), last_name: z.string(), phone_number: z.string() }),
  ),
});
export type TeacherImportResult = z.infer<typeof teacherImportResultSchema>;

/** The import's 400 when a row has a problem: nothing imported, the rows with their problems. */
export const teacherImportRefusedSchema = apiErrorBody.extend({
  rows: z.array(rowAnswer).optional(),
  file_errors: z.array(z.string()).optional(),
});

/** The preview's answer of a file read: rows without the clean teachers. */
export function teacherPreviewOf(file: ReadTeacherCsv): TeacherImportPreview {
  const invalid = file.rows.filter((r) => !r.teacher).length;
  return {
    rows: file.rows.map(({ row, values, errors }) => ({ row, values, errors })),
    valid: file.rows.length - invalid,
    invalid,
    file_errors: file.file_errors,
  };
}

export const ONE_TIME_PASSWORDS_FILENAME = 'teachers-one-time-passwords.csv';

/** The file the admin downloads once: who may log in with which phone and password. */
export function oneTimePasswordsCsv(teachers: TeacherImportResult['teachers']): string {
  return `${toCsv(
    ['first_name', 'last_name', 'phone_number', 'one_time_password'],
    teachers.map((t) => [t.first_name, t.last_name, t.phone_number, t.one_time_password]),
  )}\r\n`;
}

export const teachersImportedMessage = (n: number) => `Imported ${n} teacher${n === 1 ? '' : 's'}`;
