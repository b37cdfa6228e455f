import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: the password is read off a screen and typed on a phone.
const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LETTERS + DIGITS;

/**
 * A readable one-time password: 10 characters of letters and digits (about 58 bits), with at
 * least one of each so that it also meets the password rule of packages/shared/src/fields.ts.
 */
export function generateOneTimePassword(length = 10): string {
  for (;;) {
    const chars = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]);
    const password = chars.join('');
    if (/\d/.test(password) && /[a-zA-Z]/.test(password)) return password;
  }
}
