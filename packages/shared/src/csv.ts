/**
 * A CSV reader (RFC 4180): quoted fields with "" for a quote, commas and line
 * breaks inside quotes, CRLF or LF, a UTF-8 byte-order mark. The delimiter is a comma, or a
 * semicolon when the first line holds more of those (spreadsheets set to a European locale).
 * Small enough to own; shared by the server (statements, the student and teacher imports) and
 * the browser (the import screen reads a file's headers to map them).
 */
/** One record and the line of the file it starts on (1 for the first). */
export interface CsvRow {
  line: number;
  cells: string[];
}

export function parseCsv(text: string): CsvRow[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = input.slice(0, input.search(/\r?\n|$/));
  const delimiter =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: CsvRow[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < input.length; i += 1) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push({ line: rowLine, cells: row });
      line += 1;
      rowLine = line;
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push({ line: rowLine, cells: row });
  }
  return rows;
}

type CsvValue = string | number | null | undefined;

/** One CSV cell: RFC 4180 quoting, and text a spreadsheet would run as a formula defused. */
export function csvCell(v: CsvValue) {
  const s = v == null ? '' : String(v);
  // A leading = + - @ would run as a formula in a spreadsheet; a number (-3) is only a number.
  const safe = typeof v !== 'number' && /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole CSV, CRLF between records (what spreadsheets write). */
export const toCsv = (headers: readonly string[], rows: CsvValue[][]) =>
  [headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n');
