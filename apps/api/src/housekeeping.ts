import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import { refreshTokens, throttleCounters } from './db/schema/index';
import { pruneCodes } from './modules/auth/one-time-codes';
import { pruneAccountSms } from './modules/messages/account-sms';
import { pruneUnusedUploads } from './modules/uploads/service';
import { pruneIdempotencyKeys } from './plugins/idempotency';

export const HOUSEKEEPING_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what Shule no longer needs and should not keep (SECURITY.md, "What Shule keeps"):
 * refresh tokens past their expiry (a rotated one is kept until then, for reuse detection),
 * throttle counters whose window has ended (they count nothing), idempotency keys past
 * their 24 hours (their answers name children and parents), one-time codes a day past their
 * expiry and account SMS a day old (a phone, a pending sign-up), and uploads nothing uses a day
 * after they were sent (a photo of a form never saved; files in `dataDir`). Answers how many of
 * each went.
 */
export async function pruneExpired(db: Db, dataDir: string) {
  const tokens = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, sql`now()`))
    .returning({ id: refreshTokens.id });
  const counters = await db
    .delete(throttleCounters)
    .where(lt(throttleCounters.windowEndsAt, sql`now()`))
    .returning({ key: throttleCounters.key });
  return {
    refreshTokens: tokens.length,
    throttleCounters: counters.length,
    idempotencyKeys: await pruneIdempotencyKeys(db),
    oneTimeCodes: await pruneCodes(db),
    accountSms: await pruneAccountSms(db),
    unusedUploads: await pruneUnusedUploads(db, dataDir),
  };
}

/**
 * Prunes now and then every `everyMs` (a day) while the server runs; answers a function that
 * stops it. The timer does not keep the process alive, and a failed run is logged, not thrown:
 * the next one tries again.
 */
export function startHousekeeping(
  db: Db,
  dataDir: string,
  log: FastifyBaseLogger,
  everyMs = HOUSEKEEPING_EVERY_MS,
) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= pruneExpired(db, dataDir)
      .then((pruned) => log.info({ pruned }, 'housekeeping'))
      .catch((err: unknown) => log.error({ err }, 'housekeeping failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  const first = run();
  return {
    /** The first run, for whoever wants to wait for it. */
    first,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
