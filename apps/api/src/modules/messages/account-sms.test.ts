import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountSms } from '../../db/schema/index';
import { pruneExpired } from '../../housekeeping';
import {
  codeSentTo,
  createTestApp,
  expectStatus,
  type TestApp,
  testDriver,
  uniquePhone,
} from '../../test/app';
import { type FakeAfricasTalking, startFakeAfricasTalking } from '../../test/fake-africastalking';
import { LATE_REASON, queueAccountSms, sendDueAccountSms } from './account-sms';
import { africasTalkingGateway } from './gateways/africastalking';
import { OUTBOX_DEFAULTS } from './outbox-worker';

/**
 * Codes and notices about a person's own account, the whole way: the worker's round sends them
 * through the Africa's Talking driver to the fake gateway, which reports delivery back.
 */
const TOKEN = 'callback-'.padEnd(40, 'a');
let t: TestApp;
let fake: FakeAfricasTalking;

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
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(() => fake.reset());

const gateway = () => africasTalkingGateway(fake.settings, { timeoutMs: 500 });
const send = () => sendDueAccountSms(t.app.db, gateway(), OUTBOX_DEFAULTS);
const rowsTo = (phone: string) =>
  t.app.db
    .select()
    .from(accountSms)
    .where(eq(accountSms.phoneNumber, phone))
    .orderBy(accountSms.id);
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe(`account SMS through Africa's Talking (${testDriver})`, () => {
  it('sends a password reset code alone, erases its text, and takes the delivery report', async () => {
    const phone = uniquePhone();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/password_reset/',
      payload: { phone_number: phone },
    });
    expect(asked.statusCode).toBe(202);
    // No account: nothing to send.
    expect(await send()).toBe(0);

    await queueAccountSms(t.app.db, { phone, text: 'Hello from Shule', sendBefore: inMinutes(5) });
    expect(await send()).toBe(1);
    expect(fake.requests).toEqual([
      {
        username: fake.settings.username,
        to: [`+254${phone.slice(1)}`],
        message: 'Hello from Shule',
      },
    ]);
    const [row] = await rowsTo(phone);
    expect(row).toMatchObject({ status: 'sent', content: null, gatewayStatus: '101' });
    expect(row!.gatewayMessageId).toMatch(/^ATXid_/);
    await vi.waitFor(async () => expect((await rowsTo(phone))[0]!.status).toBe('delivered'), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('never sends a text too late to be of use, and drops its text', async () => {
    const phone = uniquePhone();
    await queueAccountSms(t.app.db, {
      phone,
      text: '123456 is your code',
      sendBefore: inMinutes(5),
    });
    await t.app.db
      .update(accountSms)
      .set({ sendBefore: sql`now() - interval '1 second'` })
      .where(eq(accountSms.phoneNumber, phone));
    expect(await send()).toBe(0);
    expect(fake.requests).toEqual([]);
    expect((await rowsTo(phone))[0]).toMatchObject({
      status: 'failed',
      content: null,
      reason: LATE_REASON,
    });
  });

  it('tries again after a gateway error while the text is still of use', async () => {
    const phone = uniquePhone();
    await queueAccountSms(t.app.db, { phone, text: 'A notice', sendBefore: inMinutes(5) });
    fake.failNext(1, 'http-500');
    expect(await send()).toBe(1);
    expect((await rowsTo(phone))[0]).toMatchObject({ status: 'queued', content: 'A notice' });
    // Not due again at once.
    expect(await send()).toBe(0);
    await t.app.db
      .update(accountSms)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(accountSms.phoneNumber, phone));
    expect(await send()).toBe(1);
    expect((await rowsTo(phone))[0]).toMatchObject({ status: 'sent', content: null });
  });

  it('a refused number fails with its reason and its text goes', async () => {
    const phone = uniquePhone();
    fake.refuse(phone, 403);
    await queueAccountSms(t.app.db, { phone, text: 'A notice', sendBefore: inMinutes(5) });
    await send();
    const [row] = await rowsTo(phone);
    expect(row).toMatchObject({ status: 'failed', content: null, gatewayStatus: '403' });
    expect(row!.reason).toContain('InvalidPhoneNumber');
  });

  it('housekeeping deletes account SMS a day old', async () => {
    const phone = uniquePhone();
    await queueAccountSms(t.app.db, { phone, text: 'Old', sendBefore: inMinutes(5) });
    await t.app.db
      .update(accountSms)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(accountSms.phoneNumber, phone));
    const pruned = await pruneExpired(t.app.db, t.config.dataDir);
    expect(pruned.accountSms).toBeGreaterThanOrEqual(1);
    expect(await rowsTo(phone)).toEqual([]);
  });

  it('a code queued by the API reaches the gateway with its own text', async () => {
    const phone = uniquePhone();
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/users/signup/',
        payload: {
          first_name: 'Baraka',
          last_name: 'Kamau',
          username: 'baraka',
          phone_number: phone,
          password: 'secret123',
        },
      }),
      201,
    );
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/users/password_reset/',
        payload: { phone_number: phone },
      }),
      202,
    );
    const code = await codeSentTo(t.app, phone);
    expect(await send()).toBe(1);
    expect(fake.requests[0]!.message).toBe(
      `${code} is your code to reset your Shule password. It expires in 5 minutes. Do not share it.`,
    );
  });
});
