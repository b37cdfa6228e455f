import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field messages (a 400's `errors`) on the form's own fields. Answers the
 * message for anything that matched no field, so the caller can show it above the form.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(err instanceof ApiError)) return null;
  let matched = false;
  for (const [field, messages] of Object.entries(err.errors ?? {})) {
    if ((fields as readonly string[]).includes(field) && messages[0]) {
      setError(field as Path<T>, { type: 'server', message: messages[0] });
      matched = true;
    }
  }
  return matched ? null : err.message;
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
