import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageRecipients, smsGatewayHolds } from '../../db/schema/index';
import { testDriver, uniquePhone, useTestApp } from '../../test/app';
import { TEST_GATEWAY_STATUS, testGateway } from './gateways/test-driver';
import { type PhoneOutcome, type SmsGateway, type SmsSend, sameForAll } from './gateways/types';
import { queueMessage, rowOf, rowsOf } from './outbox-test-rows';
import {
  CHILD_ERASED_REASON,
  deliverTestMessages,
  ERASED_REASON,
  INTERRUPTED_REASON,
  OUTBOX_DEFAULTS,
  resolveInterrupted,
  retryWaitMs,
  sendDueBatch,
  startOutboxWorker,
} from './outbox-worker';

const { t, schools } = useTestApp('Outbox Academy');
const [school] = schools;
const db = () => t.app.db;

/** A gateway that records its calls and answers each phone with `answer(phone, call)`. */
function scriptedGateway(answer: (phone: string, call: number) => PhoneOutcome) {
  const calls: SmsSend[] = [];
  const gateway: SmsGateway = {
    name: 'africastalking',
    send: async (sms) => {
      calls.push(sms);
      return new Map(sms.phones.map((phone) => [phone, answer(phone, calls.length)]));
    },
  };
  return { gateway, calls };
}

const sent = (phone: string): PhoneOutcome => ({
  outcome: 'sent',
  gatewayStatus: '101',
  messageId: `ATXid_${phone}_${Math.random().toString(36).slice(2)}`,
  costKes: '0.8000',
});
const retry: PhoneOutcome = {
  outcome: 'retry',
  gatewayStatus: 'HTTP 503',
  reason: 'The gateway had a problem (HTTP 503)',
};

/** Seconds from the database's now() to `at`. */
async function secondsFromNow(at: Date) {
  const [row] = (
    (await db().execute(
      sql`select extract(epoch from (${at.toISOString()}::timestamptz - now())) as s`,
    )) as unknown as {
      rows: { s: string }[];
    }
  ).rows;
  return Number(row!.s);
}

const silentLog = () =>
  ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger;

beforeEach(async () => {
  // The queue is the whole table: each test starts from an empty one.
  await db().delete(messageRecipients);
  await db().delete(smsGatewayHolds);
});

describe(`outbox worker (${testDriver})`, () => {
  it('sends due rows through the test driver: sent at once, delivered a moment later', async () => {
    const { ids } = await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone()],
    });
    const round = await sendDueBatch(db(), testGateway);
    expect(round).toMatchObject({ claimed: 2, sent: 2, failed: 0, requeued: 0, held: false });
    for (const row of await rowsOf(db(), ids)) {
      expect(row).toMatchObject({
        status: 'sent',
        gatewayStatus: TEST_GATEWAY_STATUS,
        costKes: null,
        attempts: 1,
        reason: null,
      });
      expect(row.gatewayMessageId).toMatch(/^test-/);
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    // Not yet a moment: still sent.
    expect(await deliverTestMessages(db(), 60_000)).toBe(0);
    expect(await deliverTestMessages(db(), 0)).toBe(2);
    for (const row of await rowsOf(db(), ids)) {
      expect(row.status).toBe('delivered');
      expect(row.deliveredAt).toBeInstanceOf(Date);
    }
    // Nothing left to claim.
    expect((await sendDueBatch(db(), testGateway)).claimed).toBe(0);
  });

  it('leaves rows not yet due, and rows already sent or failed, alone', async () => {
    const later = await queueMessage(db(), school.schoolId);
    await db().execute(
      sql`update message_recipients set next_attempt_at = now() + interval '1 minute' where id = ${later.ids[0]}`,
    );
    const done = await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone()],
    });
    await db().execute(
      sql`update message_recipients set status = 'failed' where id = ${done.ids[0]}`,
    );
    await db().execute(
      sql`update message_recipients set status = 'delivered' where id = ${done.ids[1]}`,
    );
    expect((await sendDueBatch(db(), testGateway)).claimed).toBe(0);
    expect((await rowOf(db(), later.ids[0]!)).status).toBe('queued');
  });

  it('sends one message’s rows in one call, and each results row in a call of its own', async () => {
    const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
    await queueMessage(db(), school.schoolId, { content: 'Prize giving on Saturday.', phones });
    const own = ['Wanjiru ENG 65B MAT 70A', 'Kamau ENG 50C MAT 44D'];
    await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone()],
      ownTexts: own,
    });
    const { gateway, calls } = scriptedGateway(sent);
    expect((await sendDueBatch(db(), gateway)).sent).toBe(5);
    expect(calls).toHaveLength(3);
    expect(calls[0]).toEqual({ phones, text: 'Prize giving on Saturday.' });
    expect(calls.slice(1).map((c) => c.text)).toEqual(own);
    expect(calls.slice(1).map((c) => c.phones.length)).toEqual([1, 1]);
  });

  it('records what each phone’s answer said: message id and cost, or the refusal in words', async () => {
    const [good, bad] = [uniquePhone(), uniquePhone()];
    const { ids } = await queueMessage(db(), school.schoolId, { phones: [good, bad] });
    const { gateway } = scriptedGateway((phone) =>
      phone === good
        ? { outcome: 'sent', gatewayStatus: '101', messageId: 'ATXid_one', costKes: '0.8000' }
        : {
            outcome: 'failed',
            gatewayStatus: '403',
            reason: 'The phone number is not a valid number',
          },
    );
    await sendDueBatch(db(), gateway);
    const [first, second] = await rowsOf(db(), ids);
    expect(first).toMatchObject({
      status: 'sent',
      gatewayStatus: '101',
      gatewayMessageId: 'ATXid_one',
      costKes: '0.8000',
    });
    expect(second).toMatchObject({
      status: 'failed',
      gatewayStatus: '403',
      reason: 'The phone number is not a valid number',
      gatewayMessageId: null,
    });
  });

  it('retries with a doubling wait, then fails with the reason after the last try', async () => {
    expect([1, 2, 3, 4].map((n) => retryWaitMs(n, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryWaitMs(20, 30_000)).toBe(60 * 60_000);

    const { ids } = await queueMessage(db(), school.schoolId);
    const id = ids[0]!;
    const { gateway, calls } = scriptedGateway(() => retry);
    for (let attempt = 1; attempt <= OUTBOX_DEFAULTS.maxAttempts; attempt += 1) {
      const round = await sendDueBatch(db(), gateway);
      expect(round.claimed).toBe(1);
      const row = await rowOf(db(), id);
      expect(row.attempts).toBe(attempt);
      if (attempt < OUTBOX_DEFAULTS.maxAttempts) {
        expect(row.status).toBe('queued');
        expect(row.reason).toBe(
          `Waiting to try again (try ${attempt} of 5 failed): The gateway had a problem (HTTP 503).`,
        );
        const wait = await secondsFromNow(row.nextAttemptAt);
        const expected = retryWaitMs(attempt, OUTBOX_DEFAULTS.retryAfterMs) / 1000;
        expect(wait).toBeGreaterThan(expected - 5);
        expect(wait).toBeLessThanOrEqual(expected);
        // Not due yet: the next round leaves it.
        expect((await sendDueBatch(db(), gateway)).claimed).toBe(0);
        await db().execute(
          sql`update message_recipients set next_attempt_at = now() where id = ${id}`,
        );
      } else {
        expect(row.status).toBe('failed');
        expect(row.reason).toBe('Not sent after 5 tries: The gateway had a problem (HTTP 503).');
      }
    }
    expect(calls).toHaveLength(5);
  });

  it('after a call in trouble, puts the rest of the batch back untried', async () => {
    const first = await queueMessage(db(), school.schoolId, {
      ownTexts: ['One'],
      phones: [uniquePhone()],
    });
    const second = await queueMessage(db(), school.schoolId, {
      ownTexts: ['Two'],
      phones: [uniquePhone()],
    });
    const { gateway, calls } = scriptedGateway(() => retry);
    expect(await sendDueBatch(db(), gateway)).toMatchObject({ claimed: 2, requeued: 2 });
    expect(calls).toHaveLength(1);
    expect(await rowOf(db(), first.ids[0]!)).toMatchObject({ status: 'queued', attempts: 1 });
    // Untried: no attempt counted, due again at once.
    const untried = await rowOf(db(), second.ids[0]!);
    expect(untried).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await secondsFromNow(untried.nextAttemptAt)).toBeLessThanOrEqual(0);
  });

  it('out of credit: the rows go back, the queue is held (top up), and nothing is sent until it resumes', async () => {
    const { ids } = await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone()],
    });
    const other = await queueMessage(db(), school.schoolId, {
      ownTexts: ['Later'],
      phones: [uniquePhone()],
    });
    const hold: PhoneOutcome = {
      outcome: 'hold',
      gatewayStatus: '405',
      reason: 'Out of credit: top up',
    };
    const { gateway, calls } = scriptedGateway(() => hold);
    expect(await sendDueBatch(db(), gateway)).toMatchObject({
      claimed: 3,
      requeued: 3,
      held: true,
    });
    expect(calls).toHaveLength(1);
    for (const row of await rowsOf(db(), [...ids, ...other.ids])) {
      expect(row).toMatchObject({ status: 'queued', attempts: 0, reason: 'Out of credit: top up' });
    }
    const [held] = await db().select().from(smsGatewayHolds);
    expect(held!.reason).toBe('Out of credit: top up');
    const resumesIn = await secondsFromNow(held!.resumeAt);
    expect(resumesIn).toBeGreaterThan(14 * 60);
    expect(resumesIn).toBeLessThanOrEqual(15 * 60);

    // Held: even a row due now waits.
    await db().execute(sql`update message_recipients set next_attempt_at = now()`);
    expect((await sendDueBatch(db(), testGateway)).claimed).toBe(0);

    // Topped up and the hold's time is over: sent, and the hold is gone.
    await db().execute(sql`update sms_gateway_holds set resume_at = now() - interval '1 second'`);
    expect(await sendDueBatch(db(), testGateway)).toMatchObject({ claimed: 3, sent: 3 });
    expect(await db().select().from(smsGatewayHolds)).toEqual([]);
  });

  it('fails a row whose parent was erased before it went, without calling the gateway', async () => {
    const { ids } = await queueMessage(db(), school.schoolId, { phones: [null] });
    const { gateway, calls } = scriptedGateway(sent);
    expect(await sendDueBatch(db(), gateway)).toMatchObject({ claimed: 1, failed: 1 });
    expect(calls).toHaveLength(0);
    expect(await rowOf(db(), ids[0]!)).toMatchObject({ status: 'failed', reason: ERASED_REASON });
  });

  it('fails a results row whose child was erased, rather than send the message’s text', async () => {
    const { ids } = await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone()],
      ownTexts: ['Wanjiru ENG 65B', 'Kamau ENG 50C'],
    });
    // The child's erasure clears the row's text (privacy registry); the message's own text only
    // describes the send.
    await db().execute(
      sql`update message_recipients set content = null, student_id = null where id = ${ids[1]}`,
    );
    const { gateway, calls } = scriptedGateway(sent);
    expect(await sendDueBatch(db(), gateway)).toMatchObject({ claimed: 2, sent: 1, failed: 1 });
    expect(calls.map((c) => c.text)).toEqual(['Wanjiru ENG 65B']);
    expect(await rowOf(db(), ids[1]!)).toMatchObject({
      status: 'failed',
      reason: CHILD_ERASED_REASON,
    });
  });

  it('a row left sending by a dead worker becomes failed, saying it may have reached the phone, and is never sent again', async () => {
    const { ids } = await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone()],
    });
    const [stale, recent] = ids as [number, number];
    await db().execute(
      sql`update message_recipients set status = 'sending', attempts = 1, claimed_at = now() - interval '11 minutes' where id = ${stale}`,
    );
    await db().execute(
      sql`update message_recipients set status = 'sending', attempts = 1, claimed_at = now() - interval '1 minute' where id = ${recent}`,
    );
    expect(await resolveInterrupted(db(), OUTBOX_DEFAULTS.staleAfterMs)).toBe(1);
    expect(await rowOf(db(), stale)).toMatchObject({
      status: 'failed',
      gatewayStatus: 'interrupted',
      reason: INTERRUPTED_REASON,
    });
    expect(INTERRUPTED_REASON).toContain('may or may not have reached the phone');
    expect((await rowOf(db(), recent)).status).toBe('sending');
    // Neither is claimed again.
    const { gateway, calls } = scriptedGateway(sent);
    expect((await sendDueBatch(db(), gateway)).claimed).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it('a long batch claims its rows afresh before each call, so none of them looks abandoned', async () => {
    await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone(), uniquePhone()],
      ownTexts: ['One', 'Two', 'Three'],
    });
    const resolvedDuringCalls: number[] = [];
    const slow: SmsGateway = {
      name: 'test',
      send: async (sms) => {
        // Each call takes "six minutes": by the third, a claim made with the batch would be
        // twelve minutes old, past the ten after which a row counts as abandoned.
        await db().execute(
          sql`update message_recipients set claimed_at = claimed_at - interval '6 minutes' where status = 'sending'`,
        );
        resolvedDuringCalls.push(await resolveInterrupted(db(), OUTBOX_DEFAULTS.staleAfterMs));
        return testGateway.send(sms);
      },
    };
    expect(await sendDueBatch(db(), slow)).toMatchObject({ sent: 3, unrecorded: 0 });
    expect(resolvedDuringCalls).toEqual([0, 0, 0]);
  });

  it('writes each call’s answers as it returns: a crash mid-batch leaves only the rest unknown', async () => {
    const { ids } = await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone(), uniquePhone()],
      ownTexts: ['One', 'Two', 'Three'],
    });
    let call = 0;
    const crashing: SmsGateway = {
      name: 'test',
      send: async (sms) => {
        call += 1;
        if (call === 2) throw new Error('the process dies here');
        return testGateway.send(sms);
      },
    };
    await expect(sendDueBatch(db(), crashing)).rejects.toThrow('the process dies here');
    expect((await rowsOf(db(), ids)).map((row) => row.status)).toEqual([
      'sent',
      'sending',
      'sending',
    ]);
  });

  it('rows another worker resolved as interrupted meanwhile are neither sent nor overwritten', async () => {
    const { ids } = await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone()],
      ownTexts: ['One', 'Two'],
    });
    const { gateway, calls } = scriptedGateway(sent);
    const racing: SmsGateway = {
      name: 'test',
      send: async (sms) => {
        // This worker stalls past the stale time, and another worker resolves its rows.
        await db().execute(
          sql`update message_recipients set claimed_at = now() - interval '11 minutes' where status = 'sending'`,
        );
        await resolveInterrupted(db(), OUTBOX_DEFAULTS.staleAfterMs);
        return gateway.send(sms);
      },
    };
    expect(await sendDueBatch(db(), racing)).toMatchObject({ claimed: 2, unrecorded: 1 });
    expect(calls.map((c) => c.text)).toEqual(['One']);
    for (const row of await rowsOf(db(), ids)) {
      expect(row).toMatchObject({
        status: 'failed',
        reason: INTERRUPTED_REASON,
        gatewayMessageId: null,
      });
    }
  });

  it('two workers at once never claim one row twice', async () => {
    const phones = Array.from({ length: 150 }, () => uniquePhone());
    await queueMessage(db(), school.schoolId, { phones: phones.slice(0, 75) });
    await queueMessage(db(), school.schoolId, { phones: phones.slice(75) });
    const { gateway, calls } = scriptedGateway(sent);
    const options = { ...OUTBOX_DEFAULTS, batchSize: 20 };
    const drain = async () => {
      while ((await sendDueBatch(db(), gateway, options)).claimed > 0);
    };
    await Promise.all([drain(), drain()]);
    const sentTo = calls.flatMap((c) => c.phones).sort();
    expect(sentTo).toEqual([...phones].sort());
  });

  it('runs rounds until stopped, and stopping finishes the batch in hand', async () => {
    const { ids } = await queueMessage(db(), school.schoolId, {
      phones: [uniquePhone(), uniquePhone()],
    });
    let calling!: () => void;
    const inCall = new Promise<void>((resolve) => {
      calling = resolve;
    });
    const slow: SmsGateway = {
      name: 'test',
      send: async (sms) => {
        calling();
        await new Promise((resolve) => setTimeout(resolve, 200));
        return testGateway.send(sms);
      },
    };
    const worker = startOutboxWorker(db(), slow, silentLog(), { idleMs: 50 });
    await inCall;
    await worker.stop();
    for (const row of await rowsOf(db(), ids)) expect(row.status).toBe('sent');
    // Stopped: a new row stays queued.
    const after = await queueMessage(db(), school.schoolId);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await rowOf(db(), after.ids[0]!)).status).toBe('queued');
  });

  it('moves test SMS on by itself: queued → sent → delivered', async () => {
    const worker = startOutboxWorker(db(), testGateway, silentLog(), {
      idleMs: 20,
      testDeliveryAfterMs: 50,
    });
    try {
      const { ids } = await queueMessage(db(), school.schoolId);
      await vi.waitFor(async () => expect((await rowOf(db(), ids[0]!)).status).toBe('delivered'), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await worker.stop();
    }
  });

  it('logs a failed round and keeps going', async () => {
    const log = silentLog();
    let failures = 0;
    const flaky: SmsGateway = {
      name: 'test',
      send: async (sms) => {
        failures += 1;
        if (failures === 1) throw new Error('driver bug');
        return sameForAll(sms.phones, sent(sms.phones[0]!));
      },
    };
    const worker = startOutboxWorker(db(), flaky, log, { idleMs: 10 });
    try {
      const { ids } = await queueMessage(db(), school.schoolId);
      await vi.waitFor(() => expect(log.error).toHaveBeenCalled(), { timeout: 5_000 });
      // The failed round's row is left sending (its call's fate unknown) and resolved as
      // interrupted later; a new row is sent.
      expect((await rowOf(db(), ids[0]!)).status).toBe('sending');
      const next = await queueMessage(db(), school.schoolId);
      await vi.waitFor(async () => expect((await rowOf(db(), next.ids[0]!)).status).toBe('sent'), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await worker.stop();
    }
  });
});
