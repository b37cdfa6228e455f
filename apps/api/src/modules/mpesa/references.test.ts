import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ImportResponse,
  MPESA_MESSAGES,
  PAYMENT_REVIEW_WORDS,
  type StkRequest,
  type UnmatchedResponse,
} from '@shule/shared/mpesa';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mpesaStkRequests, payments } from '../../db/schema/index';
import { authAs, expectStatus } from '../../test/app';
import { c2bConfirmation } from '../../test/fake-daraja';
import { type FormPart, multipartForm } from '../../test/multipart';
import { balanceOf, recordPayment } from '../fees/index';
import { darajaClient } from './daraja';
import { paybillUrls } from './paybill';
import { settleStalePushes } from './stk';
import {
  eventually,
  ledgerMatchesPayments,
  mpesaStudent,
  paymentsOf,
  useMpesaApp,
} from './test-app';

/**
 * Receipts once per school (never swallowed by another school's), compared
 * trimmed and in upper case, a query-settled push credited once when the Paybill confirms it too,
 * and the STK callback's Amount checked. Callbacks are posted as Daraja posts them.
 */

const { t, schools } = useMpesaApp('Moi Forces Academy', 'Alliance Girls', 'Starehe Boys');
const [moi, alliance, starehe] = schools;

type Who = { auth: Record<string, string> };
const tag = () => randomBytes(3).toString('hex').toUpperCase();
const confirm = (schoolId: number, body: object) =>
  t.app.inject({
    method: 'POST',
    url: new URL(paybillUrls(t.mpesa, schoolId).confirmationUrl).pathname,
    payload: body,
  });
const importAs = (who: Who, source: string, csv: string) => {
  const parts: FormPart[] = [
    { name: 'source', value: source },
    { name: 'file', value: csv, filename: 'statement.csv' },
  ];
  const { payload, headers } = multipartForm(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/import/',
    headers: { ...who.auth, ...headers },
    payload,
  });
};
const queue = async (who: Who) =>
  (
    await expectStatus(
      t.app.inject({ method: 'GET', url: '/api/payments/unmatched/', headers: who.auth }),
      200,
    )
  ).json() as UnmatchedResponse;
const push = async (who: Who, studentId: number, phone: string, amountCents: number) =>
  (
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/fees/mpesa/stk_push/',
        headers: who.auth,
        payload: { student: studentId, phone_number: phone, amount_cents: amountCents },
      }),
      201,
    )
  ).json() as StkRequest;
const pushOf = async (who: Who, id: number) =>
  (
    await expectStatus(
      t.app.inject({ method: 'GET', url: `/api/fees/mpesa/stk_push/${id}/`, headers: who.auth }),
      200,
    )
  ).json() as StkRequest;
const stkCallback = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/mpesa/stk_callback/${t.mpesa.callbackToken}`,
    payload: body,
  });
/** The callback body Daraja would post for a push, with its metadata items changed by `edit`. */
function callbackOf(
  checkoutRequestId: string,
  edit: (items: { Name: string; Value?: unknown }[]) => void,
) {
  const body = t.fake.stkCallback(checkoutRequestId) as {
    Body: { stkCallback: { CallbackMetadata: { Item: { Name: string; Value?: unknown }[] } } };
  };
  edit(body.Body.stkCallback.CallbackMetadata.Item);
  return body;
}
const setItem = (items: { Name: string; Value?: unknown }[], name: string, value: unknown) => {
  items.find((item) => item.Name === name)!.Value = value;
};

describe('receipts once per school, compared trimmed and in upper case', () => {
  it('records one Paybill receipt once whatever its case, and a re-imported statement in lower case once', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    const receipt = `QK7X${tag()}`;
    for (const transId of [
      receipt,
      receipt.toLowerCase(),
      ` ${receipt.slice(0, 4).toLowerCase()}${receipt.slice(4)} `,
    ]) {
      const res = await confirm(
        moi.schoolId,
        c2bConfirmation({ amount: 700, account: student.admissionNumber, transId }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    }
    const csv = (ref: string) =>
      `Receipt No.,Completion Time,Paid In,A/C No.\r\n${ref},2026-01-05 09:12:44,700.00,${student.admissionNumber}\r\n`;
    const again = (
      await expectStatus(importAs(moi, 'ecitizen', csv(receipt.toLowerCase())), 201)
    ).json();
    expect(again).toMatchObject({ matched: 0, unmatched: 0, already_recorded: 1 });
    const mine = (await paymentsOf(t, moi.schoolId)).filter(
      (p) => p.reference?.toUpperCase() === receipt,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.reference).toBe(receipt);
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-70_000);
  });

  it('records a bank reference once per school whatever its case or spaces around it', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    const ref = `FT${tag()}ab`;
    const csv = (reference: string) =>
      `Value Date,Reference,Narration,Credit\r\n2026-01-05,${reference},FEES ${student.admissionNumber},"45,000.00"\r\n`;
    const first = (await expectStatus(importAs(moi, 'bank', csv(ref)), 201)).json();
    expect(first).toMatchObject({ matched: 1, already_recorded: 0 });
    for (const reference of [ref.toUpperCase(), ` ${ref.toLowerCase()} `]) {
      const again = (await expectStatus(importAs(moi, 'bank', csv(reference)), 201)).json();
      expect(again).toMatchObject({ matched: 0, unmatched: 0, already_recorded: 1 });
    }
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-4_500_000);
  });

  it('never lets another school’s row swallow a Paybill confirmation on the school’s own URL, and queues the conflict for both', async () => {
    const mine = await mpesaStudent(t, starehe.schoolId);
    const theirs = await mpesaStudent(t, alliance.schoolId);
    const receipt = `SB${tag()}X1`;
    // Alliance imports a statement naming the receipt first.
    const csv = `Receipt No.,Completion Time,Paid In,A/C No.\r\n${receipt.toLowerCase()},2026-01-05 09:12:44,1500.00,${theirs.admissionNumber}\r\n`;
    const imported = (await expectStatus(importAs(alliance, 'bill_manager', csv), 201)).json();
    expect(imported).toMatchObject({ matched: 1, already_recorded: 0 });

    // Starehe's own Paybill confirmation of that receipt is recorded and credited all the same.
    const res = await confirm(
      starehe.schoolId,
      c2bConfirmation({ amount: 1500, account: mine.admissionNumber, transId: receipt }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t.app.db, starehe.schoolId, mine.id)).toBe(-150_000);
    expect(await balanceOf(t.app.db, alliance.schoolId, theirs.id)).toBe(-150_000);

    // Both schools see the conflict on their own payment; neither sees the other's.
    for (const [who, studentId] of [
      [starehe, mine.id],
      [alliance, theirs.id],
    ] as const) {
      const rows = (await queue(who)).payments.filter((p) => p.reference === receipt);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        student: { id: studentId },
        reviews: [{ kind: 'receipt_elsewhere', reason: PAYMENT_REVIEW_WORDS.receiptElsewhere }],
      });
    }
    for (const school of [starehe, alliance]) {
      const books = await ledgerMatchesPayments(t, school.schoolId);
      expect(books).toMatchObject({ orphans: 0, credited: books.paid });
    }
  });

  it('tells an import nothing of another school’s receipts', async () => {
    const student = await mpesaStudent(t, alliance.schoolId);
    const known = `SK${tag()}01`;
    const unknown = `SK${tag()}02`;
    // Moi's Paybill confirmed `known`.
    await expectStatus(
      confirm(moi.schoolId, c2bConfirmation({ amount: 200, account: 'x', transId: known })),
      200,
    );
    const csv = (ref: string) =>
      `Receipt No.,Completion Time,Paid In,A/C No.\r\n${ref},2026-01-05 09:12:44,200.00,${student.admissionNumber}\r\n`;
    const a = (await expectStatus(importAs(alliance, 'ecitizen', csv(known)), 201)).json();
    const b = (await expectStatus(importAs(alliance, 'ecitizen', csv(unknown)), 201)).json();
    expect(a).toEqual(b);
    expect(a).toEqual({
      source: 'ecitizen',
      rows: 1,
      matched: 1,
      unmatched: 0,
      already_recorded: 0,
      skipped: [],
      total_cents: 20_000,
    } satisfies ImportResponse);
  });

  it('ends a push paid with its own payment when another school recorded its receipt first', async () => {
    const student = await mpesaStudent(t, starehe.schoolId);
    t.fake.setCallbackDelay(60_000);
    try {
      const row = await push(starehe, student.id, '0712000777', 30_000);
      const { Body } = t.fake.stkCallback(row.checkout_request_id!) as {
        Body: { stkCallback: { CallbackMetadata: { Item: { Name: string; Value: string }[] } } };
      };
      const receipt = Body.stkCallback.CallbackMetadata.Item.find(
        (i) => i.Name === 'MpesaReceiptNumber',
      )!.Value;
      await expectStatus(
        confirm(
          alliance.schoolId,
          c2bConfirmation({ amount: 300, account: 'y', transId: receipt }),
        ),
        200,
      );
      expect(await t.fake.postStkCallback(row.checkout_request_id!)).toBe(200);
      const paid = await pushOf(starehe, row.id);
      expect(paid).toMatchObject({ status: 'paid', payment: { reference: receipt } });
      expect(await balanceOf(t.app.db, starehe.schoolId, student.id)).toBe(-30_000);
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });
});

describe('a push settled by the STK query, then confirmed by the Paybill', () => {
  beforeEach(async () => {
    await t.app.db
      .update(mpesaStkRequests)
      .set({ status: 'failed' })
      .where(eq(mpesaStkRequests.status, 'pending'));
  });
  const sweep = () =>
    settleStalePushes(t.app.db, darajaClient(t.mpesa), { now: new Date(Date.now() + 121_000) });

  it('credits once: the confirmation’s receipt takes the query’s place, and the late STK callback is accepted', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.planPhone('0712000321', { outcome: 'success', callback: false });
    const row = await push(moi, student.id, '0712000321', 70_000);
    await eventually(async () => (t.fake.pushes[0]!.settled ? true : undefined));
    expect(await sweep()).toMatchObject({ paid: 1 });
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-70_000);

    const receipt = t.fake.pushes[0]!.receipt!;
    const res = await confirm(
      moi.schoolId,
      c2bConfirmation({
        amount: 700,
        account: row.account_reference.toLowerCase(),
        transId: receipt,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-70_000);
    const after = await pushOf(moi, row.id);
    expect(after).toMatchObject({ status: 'paid', payment: { reference: receipt } });

    // The STK callback after all: accepted (not 409), nothing more recorded.
    expect(await t.fake.postStkCallback(row.checkout_request_id!)).toBe(200);
    // A replay of the confirmation: nothing more.
    await expectStatus(
      confirm(
        moi.schoolId,
        c2bConfirmation({ amount: 700, account: row.account_reference, transId: receipt }),
      ),
      200,
    );
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-70_000);
    expect(
      (await paymentsOf(t, moi.schoolId)).filter((p) => p.studentId === student.id),
    ).toHaveLength(1);
    const books = await ledgerMatchesPayments(t, moi.schoolId);
    expect(books).toMatchObject({ orphans: 0, credited: books.paid });
  });

  it('credits once when the Paybill confirmation comes before the STK query settles the push', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.planPhone('0712000323', { outcome: 'success', callback: false });
    const row = await push(moi, student.id, '0712000323', 40_000);
    await eventually(async () => (t.fake.pushes[0]!.settled ? true : undefined));
    const receipt = t.fake.pushes[0]!.receipt!;
    await expectStatus(
      confirm(
        moi.schoolId,
        c2bConfirmation({ amount: 400, account: row.account_reference, transId: receipt }),
      ),
      200,
    );
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-40_000);
    expect(await sweep()).toMatchObject({ paid: 1 });
    // The push is paid with the Paybill's payment: no placeholder, no second credit.
    expect(await pushOf(moi, row.id)).toMatchObject({
      status: 'paid',
      payment: { reference: receipt },
    });
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-40_000);
    expect(await t.fake.postStkCallback(row.checkout_request_id!)).toBe(200);
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-40_000);
  });

  it('records the STK callback’s receipt as other money when the push took a Paybill payment of another receipt', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.planPhone('0712000324', { outcome: 'success', callback: false });
    const row = await push(moi, student.id, '0712000324', 60_000);
    await eventually(async () => (t.fake.pushes[0]!.settled ? true : undefined));
    await sweep();
    // The parent also paid the same amount to the Paybill: the push takes that payment…
    const paybillReceipt = `TP${tag()}77`;
    await expectStatus(
      confirm(
        moi.schoolId,
        c2bConfirmation({ amount: 600, account: row.account_reference, transId: paybillReceipt }),
      ),
      200,
    );
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-60_000);
    // …and the prompt's own receipt, when its callback comes at last, is the second payment.
    expect(await t.fake.postStkCallback(row.checkout_request_id!)).toBe(200);
    expect(await t.fake.postStkCallback(row.checkout_request_id!)).toBe(200);
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-120_000);
    const refs = (await paymentsOf(t, moi.schoolId))
      .filter((p) => p.studentId === student.id)
      .map((p) => p.reference)
      .sort();
    expect(refs).toEqual([paybillReceipt, t.fake.pushes[0]!.receipt!].sort());
  });

  it('does not take a Paybill payment of another amount or account for the push', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.planPhone('0712000322', { outcome: 'success', callback: false });
    const row = await push(moi, student.id, '0712000322', 50_000);
    await eventually(async () => (t.fake.pushes[0]!.settled ? true : undefined));
    await sweep();
    // The parent also paid KES 200 by the Paybill: a payment of its own.
    await expectStatus(
      confirm(moi.schoolId, c2bConfirmation({ amount: 200, account: row.account_reference })),
      200,
    );
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-70_000);
    const after = await pushOf(moi, row.id);
    expect(after.payment?.reference).toBe(row.checkout_request_id!.toUpperCase());
  });
});

describe('the STK callback’s Amount', () => {
  it('refuses an Amount above KES 250,000 and records nothing', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.setCallbackDelay(60_000);
    try {
      const row = await push(moi, student.id, '0712000401', 10_000);
      const body = callbackOf(row.checkout_request_id!, (items) =>
        setItem(items, 'Amount', 1_000_000_000_000),
      );
      await expectStatus(stkCallback(body), 400, MPESA_MESSAGES.maximum);
      expect((await pushOf(moi, row.id)).status).toBe('pending');
      expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(0);
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });

  it('refuses metadata naming an item twice', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.setCallbackDelay(60_000);
    try {
      const row = await push(moi, student.id, '0712000402', 10_000);
      const body = callbackOf(row.checkout_request_id!, (items) =>
        items.push({ Name: 'Amount', Value: 1 }),
      );
      await expectStatus(stkCallback(body), 400, 'CallbackMetadata.Item names each item once');
      expect((await pushOf(moi, row.id)).status).toBe('pending');
      expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(0);
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });

  it('holds an Amount other than the push’s for review, credited to no one until an admin assigns it', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    t.fake.setCallbackDelay(60_000);
    try {
      const row = await push(moi, student.id, '0712000403', 10_000);
      const body = callbackOf(row.checkout_request_id!, (items) =>
        setItem(items, 'Amount', 250_000),
      );
      const res = await stkCallback(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
      const reason = PAYMENT_REVIEW_WORDS.amountDiffers(25_000_000, 10_000);
      expect(await pushOf(moi, row.id)).toMatchObject({ status: 'held', reason });
      expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(0);
      // A replay changes nothing.
      await expectStatus(stkCallback(body), 200);
      expect((await pushOf(moi, row.id)).status).toBe('held');

      const heldId = (await pushOf(moi, row.id)).payment!.id;
      const held = (await queue(moi)).payments.find((p) => p.id === heldId);
      expect(held).toMatchObject({
        amount_cents: 25_000_000,
        student: null,
        source: 'stk',
        reviews: [{ kind: 'amount_differs', reason }],
      });
      // Resolving it without assigning is refused: assigning credits and closes it.
      await expectStatus(
        t.app.inject({
          method: 'POST',
          url: `/api/payments/reviews/${held!.reviews[0]!.id}/resolve/`,
          headers: moi.auth,
        }),
        409,
        'Assign the held payment to its student: that closes the review',
      );
      await expectStatus(
        t.app.inject({
          method: 'POST',
          url: `/api/payments/${held!.id}/assign/`,
          headers: moi.auth,
          payload: { student: student.id },
        }),
        200,
      );
      expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-25_000_000);
      expect((await queue(moi)).payments.some((p) => p.id === held!.id)).toBe(false);
    } finally {
      t.fake.setCallbackDelay(100);
    }
  });
});

describe('POST /api/payments/reviews/{id}/resolve/', () => {
  it('closes a review of the school’s own payment once: 401, 403 to a teacher, 404 for another school', async () => {
    const receipt = `SR${tag()}9`;
    for (const school of [moi, alliance]) {
      await expectStatus(
        confirm(school.schoolId, c2bConfirmation({ amount: 50, account: 'z', transId: receipt })),
        200,
      );
    }
    const review = (await queue(moi)).payments.find((p) => p.reference === receipt)!.reviews[0]!;
    const resolve = (who: Who, id = review.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/reviews/${id}/resolve/`,
        headers: who.auth,
      });
    await expectStatus(resolve({ auth: {} }), 401);
    await expectStatus(resolve({ auth: await authAs(t.app, moi.schoolId, 'teacher') }), 403);
    await expectStatus(resolve(alliance), 404, 'Review not found');
    await expectStatus(resolve(moi, 0), 404);
    const done = (await expectStatus(resolve(moi), 200)).json();
    expect(done).toMatchObject({ id: review.id });
    await expectStatus(resolve(moi), 409, 'This was looked at already');
    // Moi's row keeps no review; it stays in the queue only as unmatched. Alliance's stays open.
    const mine = (await queue(moi)).payments.find((p) => p.reference === receipt)!;
    expect(mine.reviews).toEqual([]);
    const theirs = (await queue(alliance)).payments.find((p) => p.reference === receipt)!;
    expect(theirs.reviews).toHaveLength(1);
  });
});

describe('the migration that normalises existing references', () => {
  it('upper-cases and trims them, and marks a second of one reference for review instead of failing', async () => {
    const dir = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
    const file = readdirSync(dir).find((f) => f.endsWith('_payment_references_per_school.sql'))!;
    const statements = readFileSync(path.join(dir, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim());
    const normalising = statements.filter(
      (s) => s.includes('UPDATE "payments"') || s.includes('INSERT INTO "payment_reviews"'),
    );
    const uniques = statements.filter((s) => s.startsWith('CREATE UNIQUE INDEX "payments_'));
    expect(normalising).toHaveLength(3);
    expect(uniques).toHaveLength(2);
    const student = await mpesaStudent(t, alliance.schoolId);
    const receipt = `QM${tag()}AB`;
    const rolledBack = new Error('rolled back');
    let seen: { reference: string | null; reviews: number }[] = [];
    await t.app.db
      .transaction(async (tx) => {
        // The rows as the old index let them be: one receipt in two cases, a bank ref with spaces.
        await tx.execute(sql`drop index payments_school_mpesa_reference_key`);
        await tx.execute(sql`drop index payments_school_bank_import_reference_key`);
        for (const [method, source, reference] of [
          ['mpesa', 'c2b', receipt],
          ['mpesa', 'import', ` ${receipt.toLowerCase()}`],
          ['bank', 'import', ` ft${receipt.toLowerCase()} `],
          ['bank', 'counter', ' slip 12 '],
        ]) {
          await recordPayment(tx, {
            schoolId: alliance.schoolId,
            studentId: student.id,
            method: method as 'mpesa',
            source: source as 'c2b',
            amountCents: 100,
            reference: 'TMP',
            paidAt: new Date(),
            recordedBy: null,
          }).then(({ payment }) =>
            tx.execute(sql`update payments set reference = ${reference} where id = ${payment.id}`),
          );
        }
        for (const statement of [...normalising, ...uniques]) await tx.execute(sql.raw(statement));
        seen = await tx
          .select({
            reference: payments.reference,
            reviews: sql<number>`(select count(*)::int from payment_reviews r where r.payment_id = "payments"."id")`,
          })
          .from(payments)
          .where(eq(payments.studentId, student.id))
          .orderBy(payments.id);
        throw rolledBack;
      })
      .catch((err) => {
        if (err !== rolledBack) throw err;
      });
    expect(seen).toEqual([
      { reference: receipt, reviews: 0 },
      { reference: expect.stringMatching(new RegExp(`^${receipt}-DUPLICATE-\\d+$`)), reviews: 1 },
      { reference: `FT${receipt}`, reviews: 0 },
      // A counter payment's slip number is the payer's words, kept as typed.
      { reference: ' slip 12 ', reviews: 0 },
    ]);
  });
});

describe('malformed STK callbacks (fuzz-style)', () => {
  const spoiled: unknown[] = [
    '   ',
    '',
    '\u0000',
    'x'.repeat(5000),
    null,
    [],
    {},
    true,
    -1,
    0,
    0.5,
    1e308,
    '1e3',
    'NaN',
    '20261301250000',
  ];

  it('answers a callback with any metadata value or the CheckoutRequestID spoiled 200, 400 or 404, never 500', async () => {
    const student = await mpesaStudent(t, alliance.schoolId);
    t.fake.setCallbackDelay(60_000);
    try {
      for (const name of [
        'MpesaReceiptNumber',
        'Amount',
        'TransactionDate',
        'PhoneNumber',
        'CheckoutRequestID',
      ]) {
        const row = await push(alliance, student.id, '0712000555', 10_000);
        for (const value of spoiled) {
          const body = callbackOf(row.checkout_request_id!, (items) => {
            if (name !== 'CheckoutRequestID') setItem(items, name, value);
          }) as { Body: { stkCallback: Record<string, unknown> } };
          if (name === 'CheckoutRequestID') body.Body.stkCallback.CheckoutRequestID = value;
          const res = await stkCallback(body);
          expect(
            [200, 400, 404],
            `${name} = ${JSON.stringify(value)?.slice(0, 40)}: ${res.body}`,
          ).toContain(res.statusCode);
        }
      }
    } finally {
      t.fake.setCallbackDelay(100);
    }
    const books = await ledgerMatchesPayments(t, alliance.schoolId);
    expect(books).toMatchObject({ orphans: 0, credited: books.paid });
  });
});
