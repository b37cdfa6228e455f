import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { TOKEN_NOT_VALID } from '@shule/shared/auth-constants';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';
import { unauthorized } from '../../errors';

const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const notValid = () => unauthorized('Token is invalid or expired', TOKEN_NOT_VALID);

/** A new refresh token for `userId`; only its hash is stored. */
export async function issueRefreshToken(db: Db, userId: number, familyId: string = randomUUID()) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    tokenHash: digest(token),
    familyId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Spends a refresh token and hands out its successor in the same family. A token spent twice
 * means it was stolen or replayed: the whole family is revoked and both holders must log in.
 */
export async function rotateRefreshToken(db: Db, token: string) {
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, digest(token)),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  if (!spent) {
    const [known] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, digest(token)));
    if (known) await revokeFamily(db, known.familyId);
    throw notValid();
  }
  return {
    userId: spent.userId,
    refresh: await issueRefreshToken(db, spent.userId, spent.familyId),
  };
}

async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: the token's whole family stops working. Unknown tokens are ignored. */
export async function revokeRefreshToken(db: Db, token: string) {
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, digest(token)));
  if (known) await revokeFamily(db, known.familyId);
}

/** After a password change: every session of the user ends. */
export async function revokeUserRefreshTokens(db: Db, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
