import { z } from 'zod';
import { apiErrorBody } from './api';
import { parseCsv } from './csv';
import { FULL_NAME_MESSAGES, type NameOrder, splitFullName } from './full-name';

/**
 * What every CSV import (students, teachers) shares: the header row matched to the template's
 * columns, each row read into a clean value or into its problems in words by column, the same
 * value twice in the file named on both rows, and the preview's answer. Each import gives its
 * columns, its cell readers and the name of its clean value (`row.student`, `row.teacher`).
 */

/** A cell read: its value, or what is wrong with it in words. */
export type CellRead<T> = { value: T } | { messages: string[] };

/** A cell reader from a zod schema: its messages, each once. */
export const fromZod =
  <T>(schema: z.ZodType<T, string | null | undefined>) =>
  (text: string): CellRead<T> => {
    const result = schema.safeParse(text);
    return result.success
      ? { value: result.data }
      : { messages: [...new Set(result.error.issues.map((i) => i.message))] };
  };

/** The same reader, with an empty cell read as null. */
export const orNull =
  <T>(read: (text: string) => CellRead<T | null | undefined>) =>
  (text: string): CellRead<T | null> => {
    const r = read(text);
    return 'value' in r ? { value: r.value ?? null } : r;
  };

/**
 * A header as a person may write it: "Parent Phone", "parent_phone", "PARENTPHONE", and with
 * the dots and slashes of registers ("Adm. No.", "D.O.B", "Parent/Guardian"): letters and
 * digits only, in lower case.
 */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The messages every import says alike, with its own noun: "student"/"students". */
export function csvImportMessages(one: string, many: string) {
  /** A file without rows, named as the screen knows it ("students.csv") or as "The file". */
  const noRowsIn = (fileName: string) =>
    `${fileName} has no ${many}: the first row names the columns, each row after it is a ${one}`;
  return {
    missingColumns: (labels: string[]) =>
      `The file has no ${labels.join(', ')} column${labels.length > 1 ? 's' : ''}: add ${labels.length > 1 ? 'them' : 'it'} to the first row`,
    noRows: noRowsIn('The file'),
    noRowsIn,
    tooManyRows: (max: number) => `The file has more than ${max} ${many}: import it in parts`,
    twiceInFile: (label: string, value: string, line: number) =>
      `${label} ${value} is also on row ${line} of the file`,
    invalidRows: (n: number) =>
      `${n} row${n === 1 ? ' has' : 's have'} problems: nothing was imported. Fix them or skip them.`,
    missingFile: `Choose a CSV file of ${many}`,
    imported: (n: number) => `Imported ${n} ${n === 1 ? one : many}`,
  } as const;
}
export type CsvImportMessages = ReturnType<typeof csvImportMessages>;

/** One row of a file as read: its line, its text by column, and its problems by column. */
export interface CsvImportRow<C extends string> {
  row: number;
  values: Partial<Record<C, string>>;
  errors: Partial<Record<C, string[]>>;
}
/** A read row with its clean value under the import's own name, when it has no problems. */
export type CsvReadRow<C extends string, K extends string, T> = CsvImportRow<C> &
  Partial<Record<K, T>>;

export interface CsvReadFile<R> {
  file_errors: string[];
  rows: R[];
}

export interface CsvImportRules<C extends string, K extends string, T> {
  columns: readonly C[];
  required: readonly C[];
  labels: Record<C, string>;
  /** Other header names a person may give a column ("TSC" for the TSC number). */
  aliases?: Record<string, C>;
  /**
   * Columns of a whole name ("NAME"), split by the file's name order into two others: a file
   * with the whole name needs neither of the two columns; a row's own first and last names,
   * when it has both, win over the split.
   */
  fullNames?: readonly FullNameColumns<C>[];
  maxRows: number;
  messages: CsvImportMessages;
  /** The name of a clean row's value: `student`, `teacher`. */
  cleanKey: K;
  toClean: (read: Record<C, never>) => T;
  /** Columns whose value stands once in a file, `key` as compared (and named) there. */
  onceInFile: readonly { column: C; label: string; key: (value: string) => string }[];
}

/** A whole-name column and the two columns its split fills. */
export interface FullNameColumns<C extends string> {
  column: C;
  first: C;
  last: C;
}

/** How a file is read beyond its text: the order of the words of a whole name. */
export interface CsvReadOptions {
  nameOrder?: NameOrder;
}

/** A spreadsheet-safe cell as csvCell wrote it ('=x, '+254…) back to its text. */
const undefused = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

/** An import's reader of files, from its rules. */
export function csvImport<C extends string, K extends string, T>(rules: CsvImportRules<C, K, T>) {
  type Row = CsvReadRow<C, K, T>;
  const byKey = new Map<string, C>(
    rules.columns.flatMap((c): [string, C][] => [
      [headerKey(c), c],
      [headerKey(rules.labels[c]), c],
    ]),
  );
  for (const [alias, column] of Object.entries(rules.aliases ?? {}))
    byKey.set(headerKey(alias), column);

  /** The template column a file's header stands for, if any (by its name or its label). */
  const columnOfHeader = (header: string): C | undefined => byKey.get(headerKey(header));

  const fullNames = rules.fullNames ?? [];
  /**
   * The labels of the required columns a file with `present` columns lacks: a name's two
   * columns said as one with their whole-name column ("First name and Last name (or Full name)").
   */
  function missingLabels(present: ReadonlySet<C>): string[] {
    const labels: string[] = [];
    for (const column of rules.required) {
      if (present.has(column)) continue;
      const names = fullNames.find((f) => f.first === column || f.last === column);
      if (!names) labels.push(rules.labels[column]);
      else if (!present.has(names.column)) {
        const label = `${rules.labels[names.first]} and ${rules.labels[names.last]} (or ${rules.labels[names.column]})`;
        if (!labels.includes(label)) labels.push(label);
      }
    }
    return labels;
  }

  /** Adds a problem to a row; the row is no longer clean. */
  function addRowError(row: Row, column: C, message: string) {
    const messages = row.errors[column] ?? [];
    messages.push(message);
    row.errors[column] = messages;
    delete row[rules.cleanKey];
  }

  /** The same value twice in the file: both rows say where the other is. */
  function markTwiceInFile(rows: Row[]) {
    for (const { column, label, key } of rules.onceInFile) {
      const seen = new Map<string, Row>();
      for (const row of rows) {
        const value = row.values[column]?.trim();
        if (!value || row.errors[column]) continue;
        const shown = key(value);
        const first = seen.get(shown);
        if (!first) {
          seen.set(shown, row);
          continue;
        }
        addRowError(row, column, rules.messages.twiceInFile(label, shown, first.row));
        if (!first.errors[column])
          addRowError(first, column, rules.messages.twiceInFile(label, shown, row.row));
      }
    }
  }

  /**
   * Reads a file: the first non-empty line names the columns (the template's names or labels,
   * any case, spaces or underscores; other columns are ignored), each non-empty line after it
   * is a row. Row numbers are the file's lines, as a spreadsheet numbers them.
   */
  function read(
    text: string,
    readers: Record<C, (text: string) => CellRead<unknown>>,
    options: CsvReadOptions = {},
  ): CsvReadFile<Row> {
    const nameOrder = options.nameOrder ?? 'surname_last';
    const { messages } = rules;
    const records = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
    const [header, ...body] = records;
    if (!header) return { file_errors: [messages.noRows], rows: [] };
    const positions = new Map<C, number>();
    header.cells.forEach((cell, i) => {
      const column = columnOfHeader(cell);
      if (column && !positions.has(column)) positions.set(column, i);
    });
    const labels = missingLabels(new Set(positions.keys()));
    if (labels.length > 0) return { file_errors: [messages.missingColumns(labels)], rows: [] };
    const splitNames = fullNames.filter((f) => positions.has(f.column));
    if (body.length === 0) return { file_errors: [messages.noRows], rows: [] };
    if (body.length > rules.maxRows)
      return { file_errors: [messages.tooManyRows(rules.maxRows)], rows: [] };
    const rows = body.map((record) => {
      const row = { row: record.line, values: {}, errors: {} } as Row;
      const values: Record<string, unknown> = {};
      const cells = new Map<C, string>();
      for (const column of rules.columns) {
        const position = positions.get(column);
        const cell = position === undefined ? undefined : record.cells[position];
        if (cell !== undefined) row.values[column] = cell;
        cells.set(column, undefused((cell ?? '').trim()));
      }
      // A whole name fills its two columns (shown in the row's values, as the preview says the
      // split) unless the row has both of its own.
      const unread = new Set<C>();
      for (const names of splitNames) {
        if (cells.get(names.first) && cells.get(names.last)) continue;
        const label = rules.labels[names.column];
        const whole = cells.get(names.column) ?? '';
        const split = splitFullName(whole, nameOrder);
        if (!split) {
          row.errors[names.column] = [
            whole === '' ? FULL_NAME_MESSAGES.required(label) : FULL_NAME_MESSAGES.oneWord(label),
          ];
          unread.add(names.first).add(names.last);
          continue;
        }
        for (const [column, value] of [
          [names.first, split.first_name],
          [names.last, split.last_name],
        ] as const) {
          cells.set(column, value);
          row.values[column] = value;
        }
      }
      for (const column of rules.columns) {
        if (unread.has(column)) continue;
        const result = readers[column](cells.get(column) ?? '');
        if ('value' in result) values[column] = result.value;
        else row.errors[column] = result.messages;
      }
      if (Object.keys(row.errors).length === 0)
        (row as Partial<Record<K, T>>)[rules.cleanKey] = rules.toClean(values as Record<C, never>);
      return row;
    });
    markTwiceInFile(rows);
    return { file_errors: [], rows };
  }

  /** The preview's answer of a file read: its rows without the clean values, and the counts. */
  function previewOf(file: CsvReadFile<Row>): CsvImportPreview {
    const invalid = file.rows.filter((r) => r[rules.cleanKey] === undefined).length;
    return {
      rows: file.rows.map(({ row, values, errors }) => ({
        row,
        values: values as Record<string, string>,
        errors: errors as Record<string, string[]>,
      })),
      valid: file.rows.length - invalid,
      invalid,
      file_errors: file.file_errors,
    };
  }

  return { columnOfHeader, missingLabels, addRowError, read, previewOf };
}

export const csvImportRowSchema = z.object({
  /** The file's line, as the spreadsheet numbers it. */
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.array(z.string())),
});
export type CsvImportRowAnswer = z.infer<typeof csvImportRowSchema>;

/** POST …/import/preview/: every row with its problems, and the counts. */
export const csvImportPreviewSchema = z.object({
  rows: z.array(csvImportRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  file_errors: z.array(z.string()),
});
export type CsvImportPreview = z.infer<typeof csvImportPreviewSchema>;

/** An import's 400 when a row has a problem: nothing imported, the rows with their problems. */
export const csvImportRefusedSchema = apiErrorBody.extend({
  /** Absent when the form itself was refused (no file): then `errors.file` says why. */
  rows: z.array(csvImportRowSchema).optional(),
  file_errors: z.array(z.string()).optional(),
});

/** The 400 body of a refused import: the first file error or the count, and the bad rows. */
export function refusedImport(preview: CsvImportPreview, messages: CsvImportMessages) {
  const message = preview.file_errors[0] ?? messages.invalidRows(preview.invalid);
  return {
    message,
    errors: { file: [message] },
    rows: preview.rows.filter((r) => Object.keys(r.errors).length > 0),
    file_errors: preview.file_errors,
  };
}
