import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from './db/client';
import { idempotencyKeys, refreshTokens, throttleCounters } from './db/schema/index';
import { pruneExpired, startHousekeeping } from './housekeeping';
import { openSession } from './modules/auth/sessions';
import { testDriver, useTestApp } from './test/app';

const { t, schools } = useTestApp('Tidy School');
const [admin] = schools;

/** Rows of each kind: one past its time and one still live, tagged so a test finds its own. */
async function seed(tag: string) {
  const db = t.app.db;
  const sessionId = await openSession(
    db,
    { id: admin.userId, schoolId: admin.schoolId },
    {
      address: null,
      device: 'Test',
    },
  );
  await db.insert(refreshTokens).values([
    {
      userId: admin.userId,
      tokenHash: `${tag}-expired`,
      sessionId,
      expiresAt: sql`now() - interval '1 second'`,
    },
    {
      userId: admin.userId,
      tokenHash: `${tag}-live`,
      sessionId,
      expiresAt: sql`now() + interval '7 days'`,
    },
  ]);
  await db.insert(throttleCounters).values([
    { key: `${tag}-ended`, attempts: 10, windowEndsAt: sql`now() - interval '1 second'` },
    { key: `${tag}-counting`, attempts: 3, windowEndsAt: sql`now() + interval '15 minutes'` },
  ]);
  await db.insert(idempotencyKeys).values([
    {
      userId: admin.userId,
      key: `${tag}-old`,
      requestHash: 'h',
      createdAt: sql`now() - interval '25 hours'`,
    },
    { userId: admin.userId, key: `${tag}-new`, requestHash: 'h' },
  ]);
}

async function left(tag: string) {
  const db = t.app.db;
  const like = `${tag}-%`;
  const tokens = await db
    .select({ v: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(sql`${refreshTokens.tokenHash} like ${like}`);
  const counters = await db
    .select({ v: throttleCounters.key })
    .from(throttleCounters)
    .where(sql`${throttleCounters.key} like ${like}`);
  const keys = await db
    .select({ v: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(sql`${idempotencyKeys.key} like ${like}`);
  return [...tokens, ...counters, ...keys].map((r) => r.v).sort();
}

const logger = () => {
  const log = { info: vi.fn(), error: vi.fn() };
  return { log, asLogger: log as unknown as FastifyBaseLogger };
};

describe(`housekeeping (${testDriver})`, () => {
  it('deletes expired refresh tokens, ended throttle counters and day-old idempotency keys, and nothing live', async () => {
    await seed('a');
    const pruned = await pruneExpired(t.app.db, t.config.dataDir);
    expect(pruned.refreshTokens).toBeGreaterThanOrEqual(1);
    expect(pruned.throttleCounters).toBeGreaterThanOrEqual(1);
    expect(pruned.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(pruned.unusedUploads).toBe(0);
    expect(await left('a')).toEqual(['a-counting', 'a-live', 'a-new']);
    // The session of the signed-in admin still refreshes.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: admin.refresh },
    });
    expect(res.statusCode).toBe(200);
  });

  it('runs at once and then every period, on a timer that does not keep the process alive', async () => {
    await seed('b');
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const { log, asLogger } = logger();
    const housekeeping = startHousekeeping(t.app.db, t.config.dataDir, asLogger, 100);
    try {
      const timer = setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
      await housekeeping.first;
      expect(await left('b')).toEqual(['b-counting', 'b-live', 'b-new']);
      expect(log.info).toHaveBeenCalledWith(
        { pruned: expect.objectContaining({ refreshTokens: expect.any(Number) }) },
        'housekeeping',
      );

      // A day later (here, 100 ms) the token that has since expired goes too.
      await t.app.db
        .update(refreshTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(refreshTokens.tokenHash, 'b-live'));
      await vi.waitFor(async () => expect(await left('b')).toEqual(['b-counting', 'b-new']), {
        timeout: 5000,
      });
    } finally {
      setIntervalSpy.mockRestore();
      await housekeeping.stop();
    }
  });

  it('logs a failed run and does not throw; stop ends the timer', async () => {
    const failing = {
      delete: () => {
        throw new Error('database unavailable');
      },
    } as unknown as Db;
    const { log, asLogger } = logger();
    const housekeeping = startHousekeeping(failing, t.config.dataDir, asLogger, 50);
    await housekeeping.first;
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'housekeeping failed');
    await housekeeping.stop();
    const calls = log.error.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(log.error.mock.calls.length).toBe(calls);
  });
});
