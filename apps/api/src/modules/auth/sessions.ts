import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { revokeUserRefreshTokens } from './refresh-tokens';

/**
 * How long a process trusts a session version it has read. Another instance that ends a
 * user's sessions reaches this one within this time; the instance that ends them forgets its
 * own copy at once.
 */
export const SESSION_VERSION_CACHE_MS = 3_000;
/** Users whose version is kept per database (a few bytes each); past it the oldest is forgotten. */
const MAX_CACHED_USERS = 10_000;

interface CachedVersion {
  /** null: the user no longer exists. */
  version: Promise<number | null>;
  readAtMs: number;
}

// Keyed by database: the tests run several apps, each on its own database, in one process.
const cachesByDb = new WeakMap<Db, Map<number, CachedVersion>>();

function cacheOf(db: Db) {
  let cache = cachesByDb.get(db);
  if (!cache) {
    cache = new Map();
    cachesByDb.set(db, cache);
  }
  return cache;
}

/**
 * Whether a statement sent to the driver (its text, or pg's query config) is the read of a
 * session version. Counts of a request's queries leave it out: it is sent once per user every
 * SESSION_VERSION_CACHE_MS, not by every request, so a request's own count stays exact.
 */
export function isSessionVersionRead(statement: unknown) {
  const text =
    typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' && text.startsWith('select "session_version" from "users"');
}

async function readSessionVersion(db: Db, userId: number) {
  const [row] = await db
    .select({ version: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId));
  return row?.version ?? null;
}

/**
 * The user's current session version (null when the account is gone), read at most once per
 * SESSION_VERSION_CACHE_MS per process. Requests arriving together share one read.
 */
export function sessionVersionOf(db: Db, userId: number): Promise<number | null> {
  const cache = cacheOf(db);
  const cached = cache.get(userId);
  if (cached && Date.now() - cached.readAtMs < SESSION_VERSION_CACHE_MS) return cached.version;
  if (cached) cache.delete(userId);
  if (cache.size >= MAX_CACHED_USERS) cache.delete(cache.keys().next().value!);
  const entry: CachedVersion = { version: readSessionVersion(db, userId), readAtMs: Date.now() };
  cache.set(userId, entry);
  // A failed read is not remembered; only this entry, not one a later request made.
  entry.version.catch(() => {
    if (cache.get(userId) === entry) cache.delete(userId);
  });
  return entry.version;
}

/**
 * Raises the user's session version, in the caller's transaction if given one: every access
 * token issued before stops working. Call forgetSessionVersion once the write is committed.
 * Answers the new version and the user's school; undefined for an unknown user.
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
 * Drops this process's copy of the user's version, after a committed write that raised it: the
 * older tokens answer 401 here on the next request (no read older than the write is kept), and
 * within SESSION_VERSION_CACHE_MS in other processes.
 */
export function forgetSessionVersion(db: Db, userId: number) {
  cachesByDb.get(db)?.delete(userId);
}

/**
 * Ends every session of the user: access tokens answer 401 at once and refresh tokens are
 * revoked, so the user must sign in again. For deactivating a user or changing their roles,
 * and for a stolen refresh token.
 */
export async function endSessionsOf(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await revokeUserRefreshTokens(tx, userId);
    await raiseSessionVersion(tx, userId);
  });
  forgetSessionVersion(db, userId);
}
