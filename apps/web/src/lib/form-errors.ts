import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from './api-client';

/** A value the form has an input for: not a group of fields such as `parent` or `school`. */
const isField = (value: unknown) =>
  value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value));

/**
 * The one way a form takes a failed request. The shared zod schemas are the route schemas, so a
 * 400's `errors` name the form's own fields by path (`name`, `parent.phone_number`,
 * `school.county`): each message goes beside its input. Answers the message for above the form,
 * which is the server's message unless a field already shows it (null then).
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
): string | null {
  let shownOnAField = false;
  if (err instanceof ApiError) {
    const values = form.getValues();
    for (const [path, [message] = []] of Object.entries(err.errors ?? {})) {
      if (message && isField(get(values, path))) {
        form.setError(path as Path<T>, { type: 'server', message });
        shownOnAField = true;
      }
    }
  }
  return shownOnAField ? null : errorMessage(err);
}

/**
 * A toast's description for a failed action: the product's text, followed by the server's
 * reason when it gave one the user can act on (a 409 'has scores', a network failure…).
 */
export function failureDescription(err: unknown, fallback: string) {
  if (err instanceof ApiError && err.status < 500 && err.message) {
    return `${fallback}. ${err.message}`;
  }
  return fallback;
}

/** A conflict (409) stays until the user changes something, so trying again cannot help. */
export const canRetry = (err: unknown) => !(err instanceof ApiError && err.status === 409);
