import { inArray, sql } from 'drizzle-orm';
import type { onErrorAsyncHookHandler } from 'fastify';
import type { Limit, LoginLimits } from '../../config';
import type { Db } from '../../db/client';
import { throttleCounters } from '../../db/schema/index';
import { TooManyAttempts } from '../../errors';

export interface CountedKey {
  key: string;
  limit: Limit;
}

/**
 * Counts one attempt against every key, or against none when any key has used up its limit;
 * then answers the seconds until every refusing key's window ends. Kept in the database so
 * every instance counts the same attempts. The check and the count are one transaction that
 * holds the keys' rows locked (taken in key order, so two takers cannot deadlock): of any
 * number of attempts at once, exactly the limit are counted and let through.
 */
export async function takeAttempt(db: Db, keys: CountedKey[]): Promise<number | null> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const names = sorted.map((k) => k.key);
  return db.transaction(async (tx) => {
    // A new key starts with an ended window: its first attempt opens one.
    await tx
      .insert(throttleCounters)
      .values(names.map((key) => ({ key, attempts: 0, windowEndsAt: sql`now()` })))
      .onConflictDoNothing();
    const rows = await tx
      .select({
        key: throttleCounters.key,
        attempts: throttleCounters.attempts,
        secondsLeft: sql<number>`extract(epoch from ${throttleCounters.windowEndsAt} - now())::float8`,
      })
      .from(throttleCounters)
      .where(inArray(throttleCounters.key, names))
      .orderBy(throttleCounters.key)
      .for('update');
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const secondsLeft = (key: string) => Math.max(0, Number(byKey.get(key)?.secondsLeft ?? 0));

    const refusing = sorted.filter(
      (k) => secondsLeft(k.key) > 0 && (byKey.get(k.key)?.attempts ?? 0) >= k.limit.attempts,
    );
    if (refusing.length > 0) {
      return Math.max(1, ...refusing.map((k) => Math.ceil(secondsLeft(k.key))));
    }
    for (const { key, limit } of sorted) {
      await tx
        .update(throttleCounters)
        .set({
          attempts: sql`case when ${throttleCounters.windowEndsAt} > now() then ${throttleCounters.attempts} + 1 else 1 end`,
          windowEndsAt: sql`case when ${throttleCounters.windowEndsAt} > now() then ${throttleCounters.windowEndsAt} else now() + make_interval(secs => ${limit.windowSeconds}) end`,
        })
        .where(sql`${throttleCounters.key} = ${key}`);
    }
    return null;
  });
}

/** Uncounts one attempt taken on each of `keys` (it turned out to be allowed: a right password). */
export async function giveBackAttempt(db: Db, keys: string[]) {
  await db
    .update(throttleCounters)
    .set({ attempts: sql`greatest(${throttleCounters.attempts} - 1, 0)` })
    .where(inArray(throttleCounters.key, keys));
}

/** Forgets every attempt counted against `key`. */
export async function clearAttempts(db: Db, key: string) {
  await db.delete(throttleCounters).where(sql`${throttleCounters.key} = ${key}`);
}

/** "a minute", "15 minutes": how long to wait, for a message. */
export function waitOf(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}

/** Sends a refusal's wait as Retry-After (an onError hook of the routes that throttle). */
export const retryAfterHeader: onErrorAsyncHookHandler = async (_request, reply, error) => {
  if (error instanceof TooManyAttempts) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
};

const loginKeys = (phone: string, address: string, limits: LoginLimits): CountedKey[] => [
  { key: `login:phone-at-address:${phone}@${address}`, limit: limits.perPhoneAtAddress },
  { key: `login:phone:${phone}`, limit: limits.perPhone },
  { key: `login:address:${address}`, limit: limits.perAddress },
];

/**
 * Counts a login attempt before its password is checked, so a burst checks no more passwords
 * than the limits allow; 429 once any is used up. An attempt stays counted unless
 * `forgiveLoginAttempt` uncounts it. The limit per phone at one address locks a guesser out
 * without locking the owner out elsewhere; the slower one per phone stops guessing from many
 * addresses; the one per address stops one address trying many phones.
 */
export async function countLoginAttempt(
  db: Db,
  phone: string,
  address: string,
  limits: LoginLimits,
) {
  const wait = await takeAttempt(db, loginKeys(phone, address, limits));
  if (wait !== null) {
    throw new TooManyAttempts(
      `Too many failed login attempts. Please wait ${waitOf(wait)} and try again.`,
      wait,
    );
  }
}

/** A right password: its attempt is uncounted and the phone's failures at this address forgotten. */
export async function forgiveLoginAttempt(
  db: Db,
  phone: string,
  address: string,
  limits: LoginLimits,
) {
  const [atAddress, ...others] = loginKeys(phone, address, limits);
  await clearAttempts(db, atAddress!.key);
  await giveBackAttempt(
    db,
    others.map((k) => k.key),
  );
}

/**
 * Counts a sign-up or a school registration from `address`; 429 past the limit, so no one can
 * create accounts, or probe which phones have one, by the thousand.
 */
export async function countSignUp(db: Db, address: string, limit: Limit) {
  const wait = await takeAttempt(db, [{ key: `sign-up:address:${address}`, limit }]);
  if (wait !== null) {
    throw new TooManyAttempts(
      `Too many sign-ups from this address. Please try again in ${waitOf(wait)}.`,
      wait,
    );
  }
}
