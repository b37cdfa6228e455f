import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether `given` is the configured callback token (the secret in the path of a gateway's
 * callback: SMS delivery reports, M-Pesa); no token configured takes no callback.
 */
export function isCallbackToken(given: string, configured: string | undefined) {
  if (!configured) return false;
  // Hashes of equal length, so the comparison's time says nothing about the token.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(configured));
}
