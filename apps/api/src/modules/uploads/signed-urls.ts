import { createHmac, timingSafeEqual } from 'node:crypto';
import { UPLOADED_PHOTO_PATTERN } from '@shule/shared/uploads';

/**
 * A signed link lives at least this long and at most twice it: the expiry is rounded up to the
 * next whole period, so every answer within one period carries the same URL for a photo and the
 * browser's cache keeps working. An hour is far beyond any screen's staleTime (30 s), so a
 * screen refetched before a link runs out gets a fresh one.
 */
export const SIGNED_PHOTO_PERIOD_SECONDS = 60 * 60;

export type PhotoLinkCheck =
  | { ok: true; maxAgeSeconds: number }
  | { ok: false; reason: 'unsigned' | 'expired' | 'forged' };

export interface PhotoUrlSigner {
  /** The signed link of a stored `/uploads/<name>` photo; any other value (null, an external logo) as it is. */
  sign(ref: string | null): string | null;
  /** Whether `expires` and `signature` are the ones this server gave `/uploads/<name>`. */
  check(name: string, expires: string | undefined, signature: string | undefined): PhotoLinkCheck;
}

/**
 * Signs photo links with HMAC-SHA256 over the path and the expiry. The key is derived from the
 * token secret (JWT_SECRET, or the one generated into the data folder), so instances that share
 * tokens share photo links too, and a leaked link never reveals the token key.
 */
export function photoUrlSigner(
  secret: string,
  { now = () => Date.now(), periodSeconds = SIGNED_PHOTO_PERIOD_SECONDS } = {},
): PhotoUrlSigner {
  const key = createHmac('sha256', secret).update('shule photo links v1').digest();
  const mac = (path: string, expires: number) =>
    createHmac('sha256', key).update(`${path}\n${expires}`).digest();
  const nowSeconds = () => Math.floor(now() / 1000);

  return {
    sign(ref) {
      if (ref === null || !UPLOADED_PHOTO_PATTERN.test(ref)) return ref;
      const expires = (Math.floor(nowSeconds() / periodSeconds) + 2) * periodSeconds;
      return `${ref}?expires=${expires}&signature=${mac(ref, expires).toString('base64url')}`;
    },
    check(name, expires, signature) {
      if (expires === undefined || signature === undefined)
        return { ok: false, reason: 'unsigned' };
      if (!/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'forged' };
      const given = Buffer.from(signature, 'base64url');
      const wanted = mac(`/uploads/${name}`, Number(expires));
      // Decoding skips characters outside base64url: only the exact text counts.
      const exact = given.toString('base64url') === signature;
      if (!exact || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
        return { ok: false, reason: 'forged' };
      }
      const left = Number(expires) - nowSeconds();
      if (left <= 0) return { ok: false, reason: 'expired' };
      return { ok: true, maxAgeSeconds: left };
    },
  };
}

/**
 * Puts the signed link in place of the stored reference of each row's `profile_photo` (rows
 * fresh from a query, about to be answered), and answers the rows.
 */
export function signPhotos<Row extends { profile_photo: string | null }>(
  signer: PhotoUrlSigner,
  rows: Row[],
): Row[] {
  for (const row of rows) row.profile_photo = signer.sign(row.profile_photo);
  return rows;
}
