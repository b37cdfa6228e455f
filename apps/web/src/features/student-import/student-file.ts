import { parseCsv, toCsv } from '@shule/shared/csv';
import { STUDENT_CSV_COLUMNS, type StudentCsvColumn } from '@shule/shared/student-columns';
import { columnOfHeader } from '@shule/shared/student-import';

/** A file as the screen read it: its headers and its records, each with its line. */
export interface StudentFile {
  name: string;
  headers: string[];
  records: { line: number; cells: string[] }[];
}

/** What each of the file's headers is: a template column, or '' to ignore it. */
export type HeaderMapping = (StudentCsvColumn | '')[];

/** The file's headers and non-empty records; null when it has no header row. */
export function readStudentFile(name: string, text: string): StudentFile | null {
  const rows = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...records] = rows;
  if (!header) return null;
  return { name, headers: header.cells.map((h) => h.trim()), records };
}

/** Each header mapped to the column of its name or label; a column is taken once. */
export function autoMapping(headers: string[]): HeaderMapping {
  const taken = new Set<StudentCsvColumn>();
  return headers.map((h) => {
    const column = columnOfHeader(h);
    if (!column || taken.has(column)) return '';
    taken.add(column);
    return column;
  });
}

/**
 * The file rewritten with the template's headers, as the server reads it, and for each of its
 * rows the line of the person's own file (the server numbers the rewritten file's lines).
 */
export function rewriteFile(
  file: StudentFile,
  mapping: HeaderMapping,
  keepLine: (line: number) => boolean = () => true,
) {
  const records = file.records.filter((r) => keepLine(r.line));
  const csv = toCsv(
    STUDENT_CSV_COLUMNS,
    records.map((r) =>
      STUDENT_CSV_COLUMNS.map((column) => {
        const at = mapping.indexOf(column);
        return at < 0 ? '' : (r.cells[at] ?? '');
      }),
    ),
  );
  const originalLine = new Map<number, number>();
  parseCsv(csv)
    .slice(1)
    .forEach((row, i) => {
      originalLine.set(row.line, records[i]!.line);
    });
  return { csv, originalLine, count: records.length };
}
