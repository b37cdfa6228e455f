// No zod here: the web app's first load sends this header, and zod is not part of that load.

/**
 * The header a client sends with a creating write (an admission, a new teacher, later a payment
 * or a message send) so that sending it again never writes twice (docs/decisions/012).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats the first one given to this key. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** How long an answer is kept for its key. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  key: 'Idempotency-Key must be 1 to 255 visible characters',
  otherBody:
    'This form was already sent with other details. Check whether it was saved, then open the form again.',
  inProgress:
    'This form is still being saved. Please wait a moment and check before sending it again.',
} as const;

/** A key: what `crypto.randomUUID()` or any visible ASCII of at most 255 characters gives. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && /^[\x21-\x7e]{1,255}$/.test(value);
}
