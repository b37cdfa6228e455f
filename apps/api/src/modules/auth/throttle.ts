import { inArray, sql } from 'drizzle-orm';
import type { onErrorAsyncHookHandler } from 'fastify';
import type { Limit, LoginLimits } from '../../config';
import type { Db } from '../../db/client';
import { throttleCounters } from '../../db/schema/index';
import { TooManyAttempts } from '../../errors';

export interface CountedKey {
  key: string;
  limit: Limit;
  /**
   * Used up, the key refuses only failures: the attempt is still checked (and not counted), and
   * a right one passes. The limit per address is such a key: a school office or a mobile
   * network's NAT shares one address, and a stranger's failures there must not lock out a
   * person who knows their password.
   */
  failuresOnly?: boolean;
}

export interface TakenAttempt {
  /** Seconds until every refusing key's window ends; null when the attempt may be checked. */
  refusedFor: number | null;
  /** A failures-only key is used up: the seconds to answer if the attempt fails. */
  failureRefusedFor: number | null;
  /** The keys the attempt was counted on. */
  counted: string[];
}

/**
 * Counts one attempt against every key, or against none when any key has used up its limit;
 * then answers the seconds until every refusing key's window ends. Kept in the database so
 * every instance counts the same attempts. The check and the count are one transaction that
 * holds the keys' rows locked (taken in key order, so two takers cannot deadlock): of any
 * number of attempts at once, exactly the limit are counted and let through.
 */
export async function takeAttempt(db: Db, keys: CountedKey[]): Promise<TakenAttempt> {
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
    const usedUp = sorted.filter(
      (k) => secondsLeft(k.key) > 0 && (byKey.get(k.key)?.attempts ?? 0) >= k.limit.attempts,
    );
    // now() is when a transaction began: one that waited for the lock while a later one opened
    // the window sees a little more than the whole window left, so the wait is capped at it.
    const waitOfKeys = (some: CountedKey[]) =>
      some.length === 0
        ? null
        : Math.max(
            1,
            ...some.map((k) => Math.min(k.limit.windowSeconds, Math.ceil(secondsLeft(k.key)))),
          );

    const refusing = usedUp.filter((k) => !k.failuresOnly);
    if (refusing.length > 0) {
      return { refusedFor: waitOfKeys(refusing), failureRefusedFor: null, counted: [] };
    }
    const counting = sorted.filter((k) => !usedUp.includes(k));
    for (const { key, limit } of counting) {
      await tx
        .update(throttleCounters)
        .set({
          attempts: sql`case when ${throttleCounters.windowEndsAt} > now() then ${throttleCounters.attempts} + 1 else 1 end`,
          windowEndsAt: sql`case when ${throttleCounters.windowEndsAt} > now() then ${throttleCounters.windowEndsAt} else now() + make_interval(secs => ${limit.windowSeconds}) end`,
        })
        .where(sql`${throttleCounters.key} = ${key}`);
    }
    return {
      refusedFor: null,
      failureRefusedFor: waitOfKeys(usedUp),
      counted: counting.map((k) => k.key),
    };
  });
}

/** Uncounts one attempt taken on each of `keys` (it turned out to be allowed: a right password). */
export async function giveBackAttempt(db: Db, keys: string[]) {
  if (keys.length === 0) return;
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
  { key: `login:address:${address}`, limit: limits.perAddress, failuresOnly: true },
];

const tooManyFailures = (wait: number) =>
  new TooManyAttempts(
    `Too many failed login attempts. Please wait ${waitOf(wait)} and try again.`,
    wait,
  );

/**
 * Checks a password of `phone` from `address` under the login limits and answers whether
 * `check` found it right: every guess at a password (sign-in, registering with an account,
 * changing a password) goes through here. The attempt is counted before the check, so a burst
 * checks no more passwords than the limits allow, and 429 once a limit is used up: the limit
 * per phone at one address locks a guesser out without locking the owner out elsewhere; the
 * slower one per phone stops guessing from many addresses. The limit per address (one address
 * trying many phones) counts failures only: once used up, a wrong password answers 429 and a
 * right one still passes. A right password gives its attempt back and forgets the phone's
 * failures at this address.
 */
export async function checkPasswordThrottled(
  db: Db,
  phone: string,
  address: string,
  limits: LoginLimits,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const keys = loginKeys(phone, address, limits);
  const taken = await takeAttempt(db, keys);
  if (taken.refusedFor !== null) throw tooManyFailures(taken.refusedFor);
  if (!(await check())) {
    if (taken.failureRefusedFor !== null) throw tooManyFailures(taken.failureRefusedFor);
    return false;
  }
  const [atAddress] = keys;
  await clearAttempts(db, atAddress!.key);
  await giveBackAttempt(
    db,
    taken.counted.filter((key) => key !== atAddress!.key),
  );
  return true;
}

/**
 * Counts a sign-up or a school registration from `address`; 429 past the limit, so no one can
 * create accounts, or probe which phones have one, by the thousand.
 */
export async function countSignUp(db: Db, address: string, limit: Limit) {
  const wait = (await takeAttempt(db, [{ key: `sign-up:address:${address}`, limit }])).refusedFor;
  if (wait !== null) {
    throw new TooManyAttempts(
      `Too many sign-ups from this address. Please try again in ${waitOf(wait)}.`,
      wait,
    );
  }
}
