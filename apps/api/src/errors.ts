/**
 * Errors a service throws when a rule refuses a request. They carry no HTTP; the error plugin
 * turns each into its status and the one JSON error shape.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502,
    readonly extra: { code?: string; errors?: Record<string, string[]> } = {},
  ) {
    super(message);
  }
}

/** 400 with the message of one field, as a schema failure would give. */
export const invalid = (field: string, message: string) =>
  new DomainError(message, 400, { errors: { [field]: [message] } });
export const unauthorized = (
  message = 'Authentication credentials were not provided.',
  code?: string,
) => new DomainError(message, 401, { code });
export const forbidden = (message = 'You do not have permission to do that.', code?: string) =>
  new DomainError(message, 403, { code });
export const notFound = (what: string) => new DomainError(`${what} not found`, 404);
export const conflict = (message: string) => new DomainError(message, 409);

/** 429: a throttle refused; the client may try again after `retryAfterSeconds` (Retry-After). */
export class TooManyAttempts extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code = 'too_many_attempts',
  ) {
    super(message, 429, { code });
  }
}
