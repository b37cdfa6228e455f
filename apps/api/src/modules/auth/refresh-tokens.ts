import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';

export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new refresh token of `userId`'s session `sessionId`; only its hash is stored. */
export async function issueRefreshToken(db: Db | Tx, userId: number, sessionId: number) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    tokenHash: digest(token),
    sessionId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * How long a spent refresh token may still be spent again. A client can lose the answer to its
 * refresh after the server has rotated the token: the page reloaded or was closed mid-request,
 * the connection dropped, or two tabs without a Web Lock (plain http on a school's LAN) asked at
 * once. Presented again this soon, the token gets another successor in its session instead of
 * ending every session of the user; later, it is reuse.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/**
 * Spends a refresh token and hands out its successor in the same session. Answers null for a
 * token that is unknown, expired or revoked, and `{ reusedBy }` for one spent more than
 * REFRESH_REUSE_GRACE_SECONDS ago: it was stolen or replayed, and the caller ends every session
 * of that user.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
): Promise<{ userId: number; sessionId: number; refresh: string } | { reusedBy: number } | null> {
  const [fresh] = await db
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
    .returning({ userId: refreshTokens.userId, sessionId: refreshTokens.sessionId });
  const successor = async ({ userId, sessionId }: { userId: number; sessionId: number }) => ({
    userId,
    sessionId,
    refresh: await issueRefreshToken(db, userId, sessionId),
  });
  if (fresh) return successor(fresh);
  const spent = await spentBefore(db, token);
  if (!spent) return null;
  return spent.withinGrace ? successor(spent) : { reusedBy: spent.userId };
}

/** A token spent already, and whether it may be spent again (see REFRESH_REUSE_GRACE_SECONDS). */
async function spentBefore(db: Db, token: string) {
  const [known] = await db
    .select({
      userId: refreshTokens.userId,
      sessionId: refreshTokens.sessionId,
      used: sql<boolean>`${refreshTokens.usedAt} is not null`,
      withinGrace: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})
        and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now()`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, digest(token)));
  return known?.used ? known : null;
}

/** The session a refresh token belongs to, whatever its state; undefined for an unknown token. */
export async function sessionOfRefreshToken(db: Db | Tx, token: string) {
  const [known] = await db
    .select({ userId: refreshTokens.userId, sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, digest(token)));
  return known;
}

/** Every refresh token of the user stops working (their sessions end). */
export async function revokeUserRefreshTokens(db: Db | Tx, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
