import type { Session } from '@shule/shared/auth';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema/index';
import { REFRESH_TOKEN_TTL_MS } from './refresh-tokens';

/**
 * How long a process trusts a session's state (ended or not, the user's session version) it has
 * read. Another instance that ends a session reaches this one within this time; the instance
 * that ends it forgets its own copy at once.
 */
export const SESSION_VERSION_CACHE_MS = 3_000;
/** Users whose sessions are kept per database (a few bytes each); past it the oldest is forgotten. */
const MAX_CACHED_USERS = 10_000;

interface CachedState {
  /** The user's session version while the session is live; null once it ended or is not theirs. */
  version: Promise<number | null>;
  readAtMs: number;
}

// Keyed by database: the tests run several apps, each on its own database, in one process.
// Per user, then per session: ending a user's sessions forgets all of them at once.
const cachesByDb = new WeakMap<Db, Map<number, Map<number, CachedState>>>();

function cacheOf(db: Db) {
  let cache = cachesByDb.get(db);
  if (!cache) {
    cache = new Map();
    cachesByDb.set(db, cache);
  }
  return cache;
}

/** Who signs in, as the request shows it: its address and its User-Agent summarised. */
export interface SignInClient {
  address: string | null;
  device: string;
}

/**
 * Whether a statement sent to the driver (its text, or pg's query config) is the read of a
 * session's state. Counts of a request's queries leave it out: it is sent once per session every
 * SESSION_VERSION_CACHE_MS, not by every request, so a request's own count stays exact.
 */
export function isSessionVersionRead(statement: unknown) {
  const text =
    typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' && text.startsWith('select "users"."session_version" from');
}

async function readLiveSessionVersion(db: Db, userId: number, sessionId: number) {
  const [row] = await db
    .select({ version: users.sessionVersion })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(and(eq(sessions.id, sessionId), eq(users.id, userId), isNull(sessions.endedAt)));
  return row?.version ?? null;
}

/**
 * The user's current session version while `sessionId` is one of their sessions and has not
 * ended; null otherwise (ended, another user's, the account gone). Read at most once per
 * SESSION_VERSION_CACHE_MS per process; requests arriving together share one read.
 */
export function liveSessionVersion(
  db: Db,
  userId: number,
  sessionId: number,
): Promise<number | null> {
  const cache = cacheOf(db);
  let ofUser = cache.get(userId);
  const cached = ofUser?.get(sessionId);
  if (cached && Date.now() - cached.readAtMs < SESSION_VERSION_CACHE_MS) return cached.version;
  if (!ofUser) {
    if (cache.size >= MAX_CACHED_USERS) cache.delete(cache.keys().next().value!);
    ofUser = new Map();
    cache.set(userId, ofUser);
  }
  const entry: CachedState = {
    version: readLiveSessionVersion(db, userId, sessionId),
    readAtMs: Date.now(),
  };
  ofUser.set(sessionId, entry);
  // A failed read is not remembered; only this entry, not one a later request made.
  entry.version.catch(() => {
    if (ofUser.get(sessionId) === entry) ofUser.delete(sessionId);
  });
  return entry.version;
}

/**
 * Raises the user's session version, in the caller's transaction if given one: every access
 * token issued before stops working, while the sessions go on (their next refresh carries what
 * changed). Call forgetSessionVersion once the write is committed. Answers the new version and
 * the user's school; undefined for an unknown user.
 */
export async function raiseSessionVersion(db: Db | Tx, userId: number) {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion, schoolId: users.schoolId });
  return row;
}

/**
 * Drops this process's copy of the user's sessions, after a committed write that ended one or
 * raised the version: the older tokens answer 401 here on the next request (no read older than
 * the write is kept), and within SESSION_VERSION_CACHE_MS in other processes.
 */
export function forgetSessionVersion(db: Db, userId: number) {
  cachesByDb.get(db)?.delete(userId);
}

/** A new session of `userId` for one sign-in; answers its id, for the tokens. */
export async function openSession(
  db: Db | Tx,
  user: { id: number; schoolId: number | null },
  client: SignInClient,
) {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      schoolId: user.schoolId,
      device: client.device,
      address: client.address,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

/** A refresh of the session: seen now, from `address`. */
export async function touchSession(db: Db, sessionId: number, address: string | null) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, ...(address ? { address } : {}) })
    .where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of the user but `except` inside `tx`: their refresh tokens are revoked and
 * their access tokens answer 401. Call forgetSessionVersion once `tx` is committed.
 */
export async function endSessionsIn(db: Db | Tx, userId: number, except?: number) {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        except === undefined ? undefined : ne(sessions.id, except),
      ),
    );
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        except === undefined ? undefined : ne(refreshTokens.sessionId, except),
      ),
    );
}

/**
 * Ends every session of the user: access tokens answer 401 at once and refresh tokens are
 * revoked, so the user must sign in again. For a stolen refresh token, and for "sign out
 * everywhere".
 */
export async function endSessionsOf(db: Db, userId: number) {
  await db.transaction((tx) => endSessionsIn(tx, userId));
  forgetSessionVersion(db, userId);
}

/**
 * Ends one session of the user, in `tx`: its refresh tokens are revoked and its access tokens
 * answer 401. Answers whether the session is the user's (ended now or before); call
 * forgetSessionVersion once `tx` is committed.
 */
export async function endSessionIn(tx: Tx, userId: number, sessionId: number) {
  const [own] = await tx
    .update(sessions)
    .set({ endedAt: sql`coalesce(${sessions.endedAt}, now())` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (!own) return false;
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
  return true;
}

/**
 * The user's active sessions, the latest seen first: not ended, and seen within a refresh
 * token's lifetime (one idle longer has no token left to refresh with).
 */
export async function listSessions(
  db: Db,
  userId: number,
  currentSessionId: number,
): Promise<Session[]> {
  const rows = await db
    .select({
      id: sessions.id,
      device: sessions.device,
      address: sessions.address,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${REFRESH_TOKEN_TTL_MS / 1000})`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    address: r.address,
    created_at: r.createdAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
    current: r.id === currentSessionId,
  }));
}
