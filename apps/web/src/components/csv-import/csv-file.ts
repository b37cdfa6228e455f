import { type CsvRow, parseCsv, toCsv } from '@shule/shared/csv';

/** A file as the import screen read it: its headers and its records, each with its line. */
export interface ImportFile {
  name: string;
  headers: string[];
  records: CsvRow[];
}

/** What each of the file's headers is: a template column, or '' to ignore it. */
export type HeaderMapping<C extends string> = (C | '')[];

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
export function readImportFile(name: string, text: string): ImportFile | null {
  const rows = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...records] = rows;
  if (!header) return null;
  return { name, headers: header.cells.map((h) => h.trim()), records };
}

/** Each header mapped to the column of its name or label; a column is taken once. */
export function autoMapping<C extends string>(
  headers: string[],
  columnOfHeader: (header: string) => C | undefined,
): HeaderMapping<C> {
  const taken = new Set<C>();
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
export function rewriteFile<C extends string>(
  file: ImportFile,
  columns: readonly C[],
  mapping: HeaderMapping<C>,
  keepLine: (line: number) => boolean = () => true,
) {
  const records = file.records.filter((r) => keepLine(r.line));
  const csv = toCsv(
    columns,
    records.map((r) =>
      columns.map((column) => {
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
