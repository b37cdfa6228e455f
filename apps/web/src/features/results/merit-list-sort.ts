import type { MeritListRow } from '@shule/shared/results/merit-list';
import type { MeritListColumn } from '@shule/shared/results/merit-list-columns';

export type SortDirection = 'ascending' | 'descending';
/** Null: the server's order (ranked by position, then the unranked by name). */
export type MeritListSort = { key: string; direction: SortDirection } | null;

/**
 * A click on a column's head: its first order (A to Z, best marks first, position 1 first),
 * then the other way, then back to the server's order.
 */
export function nextSort(current: MeritListSort, column: MeritListColumn): MeritListSort {
  if (current?.key !== column.key) return { key: column.key, direction: column.firstDirection };
  if (current.direction === column.firstDirection) {
    return {
      key: column.key,
      direction: column.firstDirection === 'ascending' ? 'descending' : 'ascending',
    };
  }
  return null;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The rows in the order asked; rows without a value go last either way; ties keep their order. */
export function sortRows(
  rows: readonly MeritListRow[],
  columns: readonly MeritListColumn[],
  sort: MeritListSort,
): MeritListRow[] {
  const column = sort && columns.find((c) => c.key === sort.key);
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: column.sortValue(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      }
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
      return order * sign || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** Search by name or admission number. */
export function matchesSearch(row: MeritListRow, search: string) {
  const query = search.trim().toLowerCase();
  return !query || `${row.name} ${row.admission_number}`.toLowerCase().includes(query);
}
