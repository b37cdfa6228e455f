/** The fields of `next` that differ from `before`, or null when none does: a PATCH's body. */
export function changedFields<T extends object>(before: Partial<T>, next: T): Partial<T> | null {
  const changes: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (before[key] !== next[key]) changes[key] = next[key];
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
