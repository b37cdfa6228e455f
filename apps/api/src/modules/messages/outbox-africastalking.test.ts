import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageRecipients, smsGatewayHolds } from '../../db/schema/index';
import {
  createTestApp,
  registerSchool,
  type TestApp,
  testDriver,
  uniquePhone,
} from '../../test/app';
import { type FakeAfricasTalking, startFakeAfricasTalking } from '../../test/fake-africastalking';
import { africasTalkingGateway } from './gateways/africastalking';
import { queueMessage, rowOf, rowsOf } from './outbox-test-rows';
import { OUTBOX_DEFAULTS, sendDueBatch } from './outbox-worker';

/**
 * The whole way, on real sockets: the worker sends through the Africa's Talking driver to the
 * fake gateway, which posts its delivery reports back to the API's callback.
 */
const TOKEN = 'callback-'.padEnd(40, 't');
let t: TestApp;
let fake: FakeAfricasTalking;
let schoolId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.app.config.sms.callbackToken = TOKEN;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  fake = await startFakeAfricasTalking({
    callbackUrl: `http://127.0.0.1:${port}/api/sms/delivery_reports/${TOKEN}`,
    autoReport: 'Success',
    reportDelayMs: 50,
  });
  schoolId = (await registerSchool(t.app, 'Gateway School')).schoolId;
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.app.db.delete(messageRecipients);
  await t.app.db.delete(smsGatewayHolds);
  fake.setReports(fakeCallback(), 'Success');
  fake.reset();
});

const fakeCallback = () => {
  const { port } = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}/api/sms/delivery_reports/${TOKEN}`;
};
const gateway = () => africasTalkingGateway(fake.settings, { timeoutMs: 500 });
const dueNow = () =>
  t.app.db.execute(
    sql`update message_recipients set next_attempt_at = now() where status = 'queued'`,
  );

describe(`outbox through Africa's Talking (${testDriver})`, () => {
  it('sends, records message ids and costs, and the reports move each recipient to delivered', async () => {
    const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
    const { ids } = await queueMessage(t.app.db, schoolId, { phones });
    expect(await sendDueBatch(t.app.db, gateway())).toMatchObject({ claimed: 3, sent: 3 });
    expect(fake.requests).toHaveLength(1);
    for (const row of await rowsOf(t.app.db, ids)) {
      expect(row).toMatchObject({ status: 'sent', gatewayStatus: '101', costKes: '0.8000' });
    }
    const messageIds = (await rowsOf(t.app.db, ids)).map((row) => row.gatewayMessageId);
    await vi.waitFor(
      async () => {
        for (const row of await rowsOf(t.app.db, ids)) expect(row.status).toBe('delivered');
        const answered = fake.reports.filter((r) => messageIds.includes(r.id));
        expect(answered.map((r) => r.answered)).toEqual([200, 200, 200]);
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it('a refused number fails with its reason while the others go', async () => {
    const [blocked, fine] = [uniquePhone(), uniquePhone()];
    fake.refuse(blocked, 406);
    const { ids } = await queueMessage(t.app.db, schoolId, { phones: [blocked, fine] });
    await sendDueBatch(t.app.db, gateway());
    const [first, second] = await rowsOf(t.app.db, ids);
    expect(first).toMatchObject({ status: 'failed', gatewayStatus: '406' });
    expect(first!.reason).toContain('UserInBlacklist');
    expect(second!.status).toBe('sent');
  });

  it('a report of failure moves the recipient to failed with the reason', async () => {
    fake.setReports(fakeCallback(), false);
    const { ids } = await queueMessage(t.app.db, schoolId, { phones: [uniquePhone()] });
    await sendDueBatch(t.app.db, gateway());
    const row = await rowOf(t.app.db, ids[0]!);
    const number = `+254${row.phoneNumber!.slice(1)}`;
    expect(await fake.report(row.gatewayMessageId!, 'AbsentSubscriber', number)).toBe(200);
    expect(await rowOf(t.app.db, ids[0]!)).toMatchObject({
      status: 'failed',
      gatewayStatus: 'AbsentSubscriber',
    });
    // The gateway's report of an id it never gave: 404.
    expect(await fake.report('ATXid_never', 'Success', number)).toBe(404);
  });

  it('transient failures back off and then send; each try is one request', async () => {
    const { ids } = await queueMessage(t.app.db, schoolId, { phones: [uniquePhone()] });
    fake.failNext(1, 'http-500');
    fake.failNext(1, 'timeout');
    await sendDueBatch(t.app.db, gateway());
    expect(await rowOf(t.app.db, ids[0]!)).toMatchObject({
      status: 'queued',
      attempts: 1,
      gatewayStatus: 'HTTP 500',
    });
    expect((await rowOf(t.app.db, ids[0]!)).reason).toContain('HTTP 500');
    await dueNow();
    await sendDueBatch(t.app.db, gateway());
    expect((await rowOf(t.app.db, ids[0]!)).reason).toContain('did not answer within 0.5 seconds');
    await dueNow();
    await sendDueBatch(t.app.db, gateway());
    expect(await rowOf(t.app.db, ids[0]!)).toMatchObject({
      status: 'sent',
      attempts: 3,
      reason: null,
    });
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after the last try', async () => {
    const { ids } = await queueMessage(t.app.db, schoolId, { phones: [uniquePhone()] });
    fake.failNext(OUTBOX_DEFAULTS.maxAttempts, 'status-500');
    for (let i = 0; i < OUTBOX_DEFAULTS.maxAttempts; i += 1) {
      await dueNow();
      await sendDueBatch(t.app.db, gateway());
    }
    const row = await rowOf(t.app.db, ids[0]!);
    expect(row).toMatchObject({ status: 'failed', attempts: 5, gatewayStatus: '500' });
    expect(row.reason).toBe(
      'Not sent after 5 tries: The gateway had an internal error (InternalServerError).',
    );
  });

  it('out of credit holds the queue until it resumes, then sends', async () => {
    fake.setOutOfCredit(true);
    const { ids } = await queueMessage(t.app.db, schoolId, {
      phones: [uniquePhone(), uniquePhone()],
    });
    expect(await sendDueBatch(t.app.db, gateway())).toMatchObject({ held: true, requeued: 2 });
    const [hold] = await t.app.db.select().from(smsGatewayHolds);
    expect(hold!.reason).toContain('top up');
    fake.setOutOfCredit(false);
    await dueNow();
    expect((await sendDueBatch(t.app.db, gateway())).claimed).toBe(0);
    await t.app.db.execute(sql`update sms_gateway_holds set resume_at = now()`);
    await dueNow();
    expect(await sendDueBatch(t.app.db, gateway())).toMatchObject({ sent: 2 });
    for (const row of await rowsOf(t.app.db, ids))
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
