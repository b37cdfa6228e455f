import { saveFile } from './save-file';

/** Builds a CSV (RFC 4180 quoting) and offers it as a download. */
export function toCsv(headers: string[], rows: (string | number | null | undefined)[][]) {
  const cell = (v: string | number | null | undefined) => {
    const s = v == null ? '' : String(v);
    // A leading = + - @ would run as a formula in a spreadsheet; a number (-3) is only a number.
    const safe = typeof v !== 'number' && /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [headers, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
}

export function downloadCsv(filename: string, csv: string) {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
}
