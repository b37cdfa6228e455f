import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, two passes, one lane.
const OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verified against when the phone is unknown, so a miss costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | undefined, password: string) {
  if (!stored) {
    decoyHash ??= hashPassword('decoy-password-0');
    await verify(await decoyHash, password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
