import { useRef } from 'react';

/**
 * A new Idempotency-Key: 128 random bits as hex. From getRandomValues, which browsers give on
 * plain http too (a school server on its LAN), where randomUUID needs a secure context.
 */
export function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per submission of a form (docs/decisions/012): made when the form opens,
 * the same on every retry of that submission (a dropped connection, Try Again), and a new one
 * once the server has saved it, so the next submission is a new write.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  key.current ??= newIdempotencyKey();
  return {
    /** The key of the submission being made. */
    current: () => key.current as string,
    /** After a save: the next submission is another one. */
    renew: () => {
      key.current = newIdempotencyKey();
    },
  };
}
