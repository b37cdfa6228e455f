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

/**
 * A file's text: UTF-8 (what "CSV UTF-8" saves), else Windows-1252, what older Excel saves as
 * plain "CSV" on Windows (its apostrophes and accents are not UTF-8). The screen sends the
 * server the text again as UTF-8.
 */
export function decodeSpreadsheet(bytes: ArrayBuffer) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Some decoders (Node's without full ICU) read windows-1252 as Latin-1: 0x80-0x9F mapped here.
    return new TextDecoder('windows-1252')
      .decode(bytes)
      .replace(/[\u0080-\u009f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80] ?? c);
  }
}

const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

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
