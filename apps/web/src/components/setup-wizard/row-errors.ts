import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api-client';

/**
 * A failed save of one row of a step's list (a term, a class): the server's field messages go
 * beside that row's inputs (`terms.1.start_date`); answers the message for above the step when
 * no field shows it.
 */
export function applyRowErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  row: string,
  fields: readonly string[],
): string | null {
  let shown = false;
  if (err instanceof ApiError) {
    for (const [field, [message] = []] of Object.entries(err.errors ?? {})) {
      if (message && fields.includes(field)) {
        setError(`${row}.${field}` as Path<T>, { type: 'server', message });
        shown = true;
      }
    }
  }
  return shown ? null : errorMessage(err);
}
