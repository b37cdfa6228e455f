import type { MeritList, MeritListRow } from '@shule/shared/results/merit-list';
import { formatMark, meritListColumns } from '@shule/shared/results/merit-list-columns';
import { toCsv } from '../../lib/csv';

/**
 * The merit list's rows as shown (searched and sorted), in the printed list's columns. A subject
 * is two columns, the mark and the grade, so a spreadsheet can add the marks up; numbers go as
 * numbers (a deviation of -3, not '-3'). NOTE says why a result is not ranked.
 */
export function meritListCsv(list: MeritList, rows: readonly MeritListRow[]) {
  const columns = meritListColumns(list);
  const headers = columns.flatMap((c) =>
    c.kind === 'subject' ? [c.head, `${c.head} GR`] : [c.head],
  );
  const subjectId = (key: string) => Number(key.slice('subject:'.length));
  return toCsv(
    [...headers, 'NOTE'],
    rows.map((row) => [
      ...columns.flatMap((c): (string | number | null)[] => {
        if (c.kind === 'subject') {
          const result = row.subjects.find((s) => s.subject === subjectId(c.key));
          if (!result) return ['', ''];
          const mark = typeof result.mark === 'number' ? formatMark(result.mark) : result.mark;
          return [mark, result.grade];
        }
        if (c.key === 'deviation') return [row.deviation];
        return [c.cell(row)];
      }),
      row.status === 'complete' ? '' : row.reason,
    ]),
  );
}
