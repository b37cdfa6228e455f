/**
 * `rows` with `row` where the list's order puts it (in place of a row of the same id), so a
 * created row appears where a reload would show it, not at the top or the bottom.
 */
export function withRowInOrder<T extends { id: number }>(
  rows: readonly T[] | undefined,
  row: T,
  compare: (a: T, b: T) => number,
): T[] {
  const rest = (rows ?? []).filter((r) => r.id !== row.id);
  const at = rest.findIndex((r) => compare(row, r) < 0);
  return at === -1 ? [...rest, row] : [...rest.slice(0, at), row, ...rest.slice(at)];
}
