import { randomBytes } from 'node:crypto';
import { toCsv } from '@shule/shared/csv';
import type { App } from '../app';

/** One part of a multipart/form-data body: a text field, or a CSV file when it has a filename. */
export interface FormPart {
  name: string;
  value: string;
  filename?: string;
}

/** A multipart/form-data body of text fields and CSV files, and its content-type header. */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----shule${randomBytes(8).toString('hex')}`;
  const body = parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${
          p.filename ? `; filename="${p.filename}"\r\nContent-Type: text/csv` : ''
        }\r\n\r\n${p.value}\r\n`,
    )
    .join('');
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Who = { auth: Record<string, string> } | null;

/**
 * A CSV import's two POSTs (`<base>preview/` and `<base>`), the file sent as the form's `file`
 * field, signed in as `who` (null: no token). `t.app` is read at each call: it opens in beforeAll.
 */
export function csvImportRequests(t: { app: App }, base: string, filename: string) {
  const send = (who: Who, url: string, csv: string) => {
    const { payload, headers } = multipartForm([{ name: 'file', value: csv, filename }]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...(who?.auth ?? {}), ...headers },
      payload,
    });
  };
  return {
    preview: (who: Who, csv: string) => send(who, `${base}preview/`, csv),
    importFile: (who: Who, csv: string) => send(who, base, csv),
  };
}

/** An import file in the template's columns: each row's cells by column, '' when absent. */
export const csvInColumns = <C extends string>(
  columns: readonly C[],
  rows: Partial<Record<C, string>>[],
) =>
  toCsv(
    columns,
    rows.map((r) => columns.map((c) => r[c] ?? '')),
  );
