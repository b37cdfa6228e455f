import type { StkRequest } from '@shule/shared/mpesa';
import { MPESA_MESSAGES, STK_AMOUNT_MESSAGES } from '@shule/shared/mpesa';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mpesaStkRequests } from '../../db/schema/index';
import { authAs, createTestApp, expectStatus, registerSchool } from '../../test/app';
import { balanceOf } from '../fees/index';
import {
  darajaClient,
  darajaTimestamp,
  dateOfDarajaTime,
  setDarajaFor,
  stkPassword,
} from './daraja';
import { NEVER_SENT_REASON, NO_ANSWER_REASON, settleStalePushes } from './stk';
import {
  eventually,
  ledgerMatchesPayments,
  mpesaStudent,
  paymentsOf,
  useMpesaApp,
} from './test-app';

const { t, schools } = useMpesaApp('Moi Forces Academy', 'Alliance Girls');
const [moi, alliance] = schools;

const PUSH = '/api/fees/mpesa/stk_push/';
const push = (who: { auth: Record<string, string> }, payload: object) =>
  t.app.inject({ method: 'POST', url: PUSH, headers: who.auth, payload });
const pushOf = (who: { auth: Record<string, string> }, id: number) =>
  t.app.inject({ method: 'GET', url: `${PUSH}${id}/`, headers: who.auth });
const callbackUrl = () => `/api/payments/mpesa/stk_callback/${t.mpesa.callbackToken}`;

/** Pushes and answers the row (201). */
async function pushed(studentId: number, phone = '0712345678', amountCents = 150_000) {
  const res = await expectStatus(
    push(moi, { student: studentId, phone_number: phone, amount_cents: amountCents }),
    201,
  );
  return res.json() as StkRequest;
}

/** Polls the push until it is no longer pending. */
const settled = (id: number) =>
  eventually(async () => {
    const row = (await pushOf(moi, id)).json() as StkRequest;
    return row.status === 'pending' ? undefined : row;
  });

describe('STK push', () => {
  it('says M-Pesa is configured, with the Paybill', async () => {
    const res = await expectStatus(
      t.app.inject({ method: 'GET', url: '/api/fees/mpesa/status/', headers: moi.auth }),
      200,
    );
    expect(res.json()).toEqual({ configured: true, shortcode: t.mpesa.shortcode });
  });

  it('asks the phone as Daraja wants, and records the payment its callback confirms', async () => {
    const student = await mpesaStudent(t, moi.schoolId, 'adm 4471');
    const before = Date.now();
    const row = await pushed(student.id, '0712345678', 150_000);
    expect(row).toMatchObject({
      status: 'pending',
      student: { id: student.id, name: 'Wanjiru Kamau', admission_number: 'adm 4471' },
      phone_number: '0712345678',
      amount_cents: 150_000,
      account_reference: 'adm4471',
      payment: null,
    });
    // The fake checked the Password against shortcode, passkey and this Nairobi timestamp.
    const [sent] = t.fake.pushes;
    expect(sent).toMatchObject({
      amount: 1500,
      phone: '254712345678',
      accountReference: 'adm4471',
      transactionDesc: 'School fees',
      callbackUrl: `${t.mpesa.publicUrl}${callbackUrl()}`,
      checkoutRequestId: row.checkout_request_id,
    });
    // Nairobi time (UTC+3), not UTC: read back as Nairobi time it is the moment of the push.
    const sentAt = dateOfDarajaTime(sent!.timestamp)!.getTime();
    expect(Math.abs(sentAt - before)).toBeLessThan(5_000);

    const paid = await settled(row.id);
    expect(paid).toMatchObject({ status: 'paid', result_code: '0', reason: null });
    expect(paid.payment).toMatchObject({ reference: t.fake.pushes[0]!.receipt });
    const [payment] = (await paymentsOf(t, moi.schoolId)).filter((p) => p.id === paid.payment!.id);
    expect(payment).toMatchObject({
      studentId: student.id,
      method: 'mpesa',
      source: 'stk',
      amountCents: 150_000,
      accountReference: 'adm4471',
      payerPhone: '0712345678',
    });
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-150_000);
  });

  it("takes the issue's `amount` in whole shillings, and refuses neither or both amounts", async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    const body = { student: student.id, phone_number: '0712345678' };
    const res = await push(moi, { ...body, amount: 2500 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount_cents: 250_000, status: 'pending' });
    expect(t.fake.pushes.at(-1)).toMatchObject({ amount: 2500 });
    await expectStatus(push(moi, body), 400, STK_AMOUNT_MESSAGES.required);
    await expectStatus(
      push(moi, { ...body, amount: 2500, amount_cents: 250_000 }),
      400,
      STK_AMOUNT_MESSAGES.both,
    );
    await expectStatus(push(moi, { ...body, amount: 25.5 }), 400, MPESA_MESSAGES.wholeShillings);
    await expectStatus(push(moi, { ...body, amount: 250_001 }), 400, MPESA_MESSAGES.maximum);
  });

  it('asks the phone once for a request sent twice with one Idempotency-Key', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: PUSH,
        headers: { ...moi.auth, 'idempotency-key': `stk-${student.id}` },
        payload: { student: student.id, phone_number: '0712345678', amount_cents: 100_000 },
      });
    const first = await expectStatus(send(), 201);
    const again = await expectStatus(send(), 201);
    expect(again.json().id).toBe(first.json().id);
    expect(t.fake.pushes).toHaveLength(1);
  });

  it('sends a short code for an admission number longer than 12 characters', async () => {
    const student = await mpesaStudent(t, moi.schoolId, 'MOI/2026/000123');
    const row = await pushed(student.id);
    expect(row.account_reference).toBe(`SH${student.id}`);
    expect(t.fake.pushes[0]!.accountReference).toBe(`SH${student.id}`);
  });

  it.each([
    ['cancelled', '1032', /cancelled/],
    ['timeout', '1037', /could not be reached/],
    ['wrong_pin', '2001', /PIN/],
    ['insufficient', '1', /balance was not enough/],
  ] as const)(
    'says why a push failed (%s, code %s) and records nothing',
    async (outcome, code, words) => {
      const student = await mpesaStudent(t, moi.schoolId);
      t.fake.planPhone('0722000111', { outcome, codeAsString: outcome === 'wrong_pin' });
      const row = await pushed(student.id, '0722000111');
      const failed = await settled(row.id);
      expect(failed).toMatchObject({ status: 'failed', result_code: code, payment: null });
      expect(failed.reason).toMatch(words);
      expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(0);
    },
  );

  it('records a replayed callback, and two at once, once', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.setCallbackDelay(60_000);
    try {
      const row = await pushed(student.id, '0712000222', 20_000);
      const checkout = row.checkout_request_id!;
      const statuses = await Promise.all([
        t.fake.postStkCallback(checkout),
        t.fake.postStkCallback(checkout),
      ]);
      expect(statuses).toEqual([200, 200]);
      expect(await t.fake.postStkCallback(checkout)).toBe(200);
      const mine = (await paymentsOf(t, moi.schoolId)).filter((p) => p.studentId === student.id);
      expect(mine).toHaveLength(1);
      expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-20_000);
      // A failure code after the payment changes nothing.
      const late = t.fake.stkCallback(checkout);
      late.Body.stkCallback.ResultCode = 1032;
      await expectStatus(t.app.inject({ method: 'POST', url: callbackUrl(), payload: late }), 200);
      expect(((await pushOf(moi, row.id)).json() as StkRequest).status).toBe('paid');
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });

  it('loses nothing and doubles nothing when recording fails between receiving and recording', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.setCallbackDelay(60_000);
    const { db } = t.app;
    try {
      const row = await pushed(student.id, '0712000333', 30_000);
      // The ledger refuses the credit: the process "dies" after the payment row was written.
      await db.execute(sql`
        create function refuse_credit() returns trigger language plpgsql as
        $$ begin raise exception 'crash between receiving and recording'; end $$`);
      await db.execute(sql`
        create trigger refuse_credit before insert on ledger_entries
        for each row execute function refuse_credit()`);
      let status: number;
      try {
        status = await t.fake.postStkCallback(row.checkout_request_id!);
      } finally {
        await db.execute(sql`drop trigger refuse_credit on ledger_entries`);
        await db.execute(sql`drop function refuse_credit()`);
      }
      expect(status).toBe(500);
      expect(((await pushOf(moi, row.id)).json() as StkRequest).status).toBe('pending');
      expect((await paymentsOf(t, moi.schoolId)).filter((p) => p.studentId === student.id)).toEqual(
        [],
      );
      // Daraja's retry (or the STK query) records it, once.
      expect(await t.fake.postStkCallback(row.checkout_request_id!)).toBe(200);
      expect(await t.fake.postStkCallback(row.checkout_request_id!)).toBe(200);
      expect(await balanceOf(db, moi.schoolId, student.id)).toBe(-30_000);
      const books = await ledgerMatchesPayments(t, moi.schoolId);
      expect(books.orphans).toBe(0);
      expect(books.credited).toBe(books.paid);
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });

  it('answers 404 to a wrong token or an unknown CheckoutRequestID, and changes nothing', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.setCallbackDelay(60_000);
    try {
      const row = await pushed(student.id, '0712000444', 10_000);
      const body = t.fake.stkCallback(row.checkout_request_id!);
      const wrong = `/api/payments/mpesa/stk_callback/${'x'.repeat(32)}`;
      await expectStatus(t.app.inject({ method: 'POST', url: wrong, payload: body }), 404);
      body.Body.stkCallback.CheckoutRequestID = 'ws_CO_unknown';
      await expectStatus(t.app.inject({ method: 'POST', url: callbackUrl(), payload: body }), 404);
      expect(((await pushOf(moi, row.id)).json() as StkRequest).status).toBe('pending');
      await expectStatus(
        t.app.inject({ method: 'POST', url: callbackUrl(), payload: { Body: {} } }),
        400,
        'Body.stkCallback is required',
      );
      const noReceipt = t.fake.stkCallback(row.checkout_request_id!);
      noReceipt.Body.stkCallback.CallbackMetadata = { Item: [{ Name: 'Amount', Value: 100 }] };
      await expectStatus(
        t.app.inject({ method: 'POST', url: callbackUrl(), payload: noReceipt }),
        400,
        'A successful callback needs its MpesaReceiptNumber',
      );
      expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(0);
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });

  it('answers 400 with the field’s message, 401 without a token, 403 to a teacher, 404 for another school', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    const body = { student: student.id, phone_number: '0712345678', amount_cents: 100_000 };
    await expectStatus(
      push(moi, { ...body, amount_cents: 100_050 }),
      400,
      MPESA_MESSAGES.wholeShillings,
    );
    await expectStatus(
      push(moi, { ...body, phone_number: '0201234567' }),
      400,
      MPESA_MESSAGES.safaricomPhone,
    );
    await expectStatus(push(moi, { ...body, student: 'x' }), 400);
    await expectStatus(push({ auth: {} }, body), 401);
    await expectStatus(push({ auth: await authAs(t.app, moi.schoolId, 'teacher') }, body), 403);
    await expectStatus(push(alliance, body), 404, 'Student not found');
    const row = await pushed(student.id);
    await expectStatus(pushOf(alliance, row.id), 404, 'M-Pesa request not found');
    await expectStatus(pushOf({ auth: {} }, row.id), 401);
    expect(t.fake.pushes).toHaveLength(1);
  });

  it('answers 502 with Daraja’s words when it refuses or does not answer, and keeps the row failed', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.failNextPush(1, 'refused');
    const res = await expectStatus(
      push(moi, { student: student.id, phone_number: '0712345678', amount_cents: 100_000 }),
      502,
    );
    expect(res.json().message).toMatch(
      /^M-Pesa refused the request: Bad Request - Invalid PhoneNumber/,
    );
    const [row] = await t.app.db
      .select()
      .from(mpesaStkRequests)
      .where(eq(mpesaStkRequests.studentId, student.id));
    expect(row).toMatchObject({ status: 'failed', checkoutRequestId: null });

    // A Daraja that never answers: the client's own timeout ends the wait.
    setDarajaFor(t.mpesa, darajaClient(t.mpesa, { timeoutMs: 300 }));
    t.fake.failNextPush(1, 'timeout');
    const slow = await expectStatus(
      push(moi, { student: student.id, phone_number: '0712345678', amount_cents: 100_000 }),
      502,
    );
    expect(slow.json().message).toMatch(
      /^M-Pesa did not answer within 0.3 seconds. If the parent’s phone/,
    );
  });
});

describe('STK query after two minutes without a callback', () => {
  // Each test counts what one sweep asks: earlier tests' pushes left waiting are settled first.
  beforeEach(async () => {
    await t.app.db
      .update(mpesaStkRequests)
      .set({ status: 'failed' })
      .where(eq(mpesaStkRequests.status, 'pending'));
  });

  const sweep = (offsetMs: number) =>
    settleStalePushes(t.app.db, darajaClient(t.mpesa), { now: new Date(Date.now() + offsetMs) });

  it('asks only after two minutes, records a success once, and takes the late callback’s receipt', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.planPhone('0712000555', { outcome: 'success', callback: false });
    const row = await pushed(student.id, '0712000555', 50_000);
    await eventually(async () => (t.fake.pushes[0]!.settled ? true : undefined));

    expect(await sweep(60_000)).toMatchObject({ asked: 0 });
    expect(t.fake.counts.query).toBe(0);
    expect(await sweep(121_000)).toMatchObject({ asked: 1, paid: 1 });
    const paid = (await pushOf(moi, row.id)).json() as StkRequest;
    // The CheckoutRequestID holds the receipt's place, in upper case as every M-Pesa reference.
    expect(paid).toMatchObject({
      status: 'paid',
      payment: { reference: row.checkout_request_id!.toUpperCase() },
    });
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-50_000);
    expect(await sweep(400_000)).toMatchObject({ asked: 0 });

    // The callback after all: no second payment; the receipt replaces the placeholder.
    expect(await t.fake.postStkCallback(row.checkout_request_id!)).toBe(200);
    const after = (await pushOf(moi, row.id)).json() as StkRequest;
    expect(after.payment).toEqual({ ...paid.payment, reference: t.fake.pushes[0]!.receipt });
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-50_000);
  });

  it('calls a push failed only on the query’s answer, and asks again while M-Pesa is still processing', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.setCallbackDelay(60_000);
    try {
      t.fake.planPhone('0712000666', { outcome: 'cancelled', callback: false });
      const row = await pushed(student.id, '0712000666', 50_000);
      // Not settled at the fake yet: "the transaction is being processed".
      expect(await sweep(121_000)).toMatchObject({ asked: 1, stillWaiting: 1 });
      expect(((await pushOf(moi, row.id)).json() as StkRequest).status).toBe('pending');
      // Asked again two minutes after the last time, not before.
      expect(await sweep(180_000)).toMatchObject({ asked: 0 });
      t.fake.stkCallback(row.checkout_request_id!); // settles it at the fake, posts nothing
      expect(await sweep(242_000)).toMatchObject({ asked: 1, failed: 1 });
      const failed = (await pushOf(moi, row.id)).json() as StkRequest;
      expect(failed).toMatchObject({ status: 'failed', result_code: '1032' });
      expect(failed.reason).toMatch(/cancelled/);
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });

  it('gives up on a push M-Pesa still calls unfinished an hour after it was sent', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.setCallbackDelay(60_000);
    try {
      const row = await pushed(student.id, '0712000777', 50_000);
      expect(await sweep(59 * 60_000)).toMatchObject({ asked: 1, stillWaiting: 1 });
      expect(await sweep(61 * 60_000)).toMatchObject({ asked: 1, failed: 1 });
      const failed = (await pushOf(moi, row.id)).json() as StkRequest;
      expect(failed).toMatchObject({ status: 'failed', reason: NO_ANSWER_REASON });
      // The callback, if it comes after all, is the word of record: the money is recorded.
      expect(await t.fake.postStkCallback(row.checkout_request_id!)).toBe(200);
      expect(((await pushOf(moi, row.id)).json() as StkRequest).status).toBe('paid');
      expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-50_000);
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });

  it('fails a push whose request never reached Daraja', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    const [row] = await t.app.db
      .insert(mpesaStkRequests)
      .values({
        schoolId: moi.schoolId,
        studentId: student.id,
        phoneNumber: '0712345678',
        amountCents: 10_000,
        accountReference: student.admissionNumber,
      })
      .returning();
    await sweep(121_000);
    const failed = (await pushOf(moi, row!.id)).json() as StkRequest;
    expect(failed).toMatchObject({ status: 'failed', reason: NEVER_SENT_REASON });
  });
});

describe('Daraja client', () => {
  it('fetches one OAuth token for concurrent callers and keeps it until shortly before it expires', async () => {
    let clock = Date.now();
    const client = darajaClient(t.mpesa, { now: () => new Date(clock) });
    t.fake.setCallbackDelay(60_000);
    try {
      const student = await mpesaStudent(t, moi.schoolId);
      const input = {
        amountKes: 10,
        phone: '254712345678',
        accountReference: student.admissionNumber,
        callbackUrl: `${t.mpesa.publicUrl}${callbackUrl()}`,
      };
      await Promise.all([client.stkPush(input), client.stkPush(input), client.stkPush(input)]);
      expect(t.fake.counts.oauth).toBe(1);
      // (URL registration: a call whose body holds no timestamp for the fake to find off.)
      const urls = {
        confirmationUrl: 'http://127.0.0.1/c',
        validationUrl: 'http://127.0.0.1/v',
      };
      clock += 3599_000 - 61_000;
      await client.registerUrls(urls);
      expect(t.fake.counts.oauth).toBe(1);
      clock += 2_000;
      await client.registerUrls(urls);
      expect(t.fake.counts.oauth).toBe(2);
      clock = Date.now();
      // A token Daraja stopped taking is fetched again once.
      t.fake.expireTokens();
      await client.stkPush(input);
      expect(t.fake.counts.oauth).toBe(3);
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });

  it('writes the password and the Nairobi timestamp exactly', () => {
    expect(darajaTimestamp(new Date('2026-01-31T22:05:09Z'))).toBe('20260201010509');
    expect(stkPassword('174379', 'pk', '20260201010509')).toBe(
      Buffer.from('174379pk20260201010509').toString('base64'),
    );
  });
});

describe('without M-Pesa settings', () => {
  it('says it is not configured, and refuses pushes with that message', async () => {
    const bare = await createTestApp();
    try {
      const who = await registerSchool(bare.app);
      const status = await bare.app.inject({
        method: 'GET',
        url: '/api/fees/mpesa/status/',
        headers: who.auth,
      });
      expect(status.json()).toEqual({ configured: false, shortcode: null });
      await expectStatus(
        bare.app.inject({
          method: 'POST',
          url: PUSH,
          headers: who.auth,
          payload: { student: 1, phone_number: '0712345678', amount_cents: 100 },
        }),
        409,
        MPESA_MESSAGES.notConfigured,
      );
      await expectStatus(
        bare.app.inject({
          method: 'POST',
          url: '/api/fees/mpesa/register_urls/',
          headers: who.auth,
        }),
        409,
        MPESA_MESSAGES.notConfigured,
      );
      await expectStatus(
        bare.app.inject({
          method: 'POST',
          url: `/api/payments/mpesa/stk_callback/${'a'.repeat(32)}`,
          payload: {},
        }),
        404,
      );
    } finally {
      await bare.close();
    }
  });
});
