/**
 * Whether a write broke a unique constraint (PostgreSQL's 23505): the driver's error or, as
 * drizzle wraps it, its cause. With `constraint`, only that one counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string) {
  const errors = [error, (error as { cause?: unknown } | null)?.cause] as (
    | { code?: string; constraint?: string }
    | null
    | undefined
  )[];
  return errors.some(
    (e) =>
      typeof e === 'object' &&
      e !== null &&
      e.code === '23505' &&
      (constraint === undefined || (e.constraint ?? constraint) === constraint),
  );
}
