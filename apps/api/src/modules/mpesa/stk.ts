import { centsFromKes } from '@shule/shared/fees';
import {
  accountReferenceFor,
  localPhoneOf,
  MPESA_MAX_CENTS,
  MPESA_MESSAGES,
  mpesaPhone,
  normalizeAccount,
  normalizeReference,
  PAYMENT_REVIEW_WORDS,
  STK_QUERY_AFTER_MS,
  type StkRequest,
  type stkCallbackBody,
  stkFailureWords,
  type stkPushBody,
} from '@shule/shared/mpesa';
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MpesaConfig } from '../../config';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db, Tx } from '../../db/client';
import { mpesaStkRequests, payments, students } from '../../db/schema/index';
import { DomainError, invalid, notFound } from '../../errors';
import { addReview, recordPayment } from '../fees/index';
import { type DarajaClient, DarajaError, dateOfDarajaTime } from './daraja';

/**
 * STK pushes (decision 016): the row is written before Daraja is asked, so a push is never
 * lost; the callback (or, two minutes without one, the STK query) settles it, and a success
 * records the payment through recordPayment in the same transaction that marks the row paid.
 */

type StkRow = typeof mpesaStkRequests.$inferSelect;
type StkPushBody = z.output<typeof stkPushBody>;
type StkCallbackBody = z.output<typeof stkCallbackBody>;

/** 409 for every M-Pesa action of an installation without M-Pesa settings. */
export function mpesaConfigured(config: MpesaConfig | undefined): MpesaConfig {
  if (!config)
    throw new DomainError(MPESA_MESSAGES.notConfigured, 409, { code: 'mpesa_not_configured' });
  return config;
}

/** Where Daraja posts an STK push's result. */
export const stkCallbackUrl = (config: MpesaConfig) =>
  `${config.publicUrl}/api/payments/mpesa/stk_callback/${config.callbackToken}`;

/** An STK request of the school, as the screens poll it. */
export async function getStkRequest(
  db: Db | Tx,
  schoolId: number,
  id: number,
): Promise<StkRequest> {
  const [row] = await db
    .select({
      request: mpesaStkRequests,
      firstName: students.firstName,
      lastName: students.lastName,
      admissionNumber: students.admissionNumber,
      paymentReceipt: payments.receiptNumber,
      paymentReference: payments.reference,
    })
    .from(mpesaStkRequests)
    .innerJoin(students, eq(students.id, mpesaStkRequests.studentId))
    .leftJoin(payments, eq(payments.id, mpesaStkRequests.paymentId))
    .where(and(eq(mpesaStkRequests.id, id), eq(mpesaStkRequests.schoolId, schoolId)));
  if (!row) throw notFound('M-Pesa request');
  const r = row.request;
  return {
    id: r.id,
    student: {
      id: r.studentId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      admission_number: row.admissionNumber,
    },
    phone_number: r.phoneNumber,
    amount_cents: r.amountCents,
    account_reference: r.accountReference,
    status: r.status as StkRequest['status'],
    result_code: r.resultCode,
    reason: r.status === 'failed' || r.status === 'held' ? r.resultDesc : null,
    checkout_request_id: r.checkoutRequestId,
    payment:
      r.paymentId !== null && row.paymentReceipt !== null
        ? { id: r.paymentId, receipt_number: row.paymentReceipt, reference: row.paymentReference }
        : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * Asks the parent's phone for the amount. The row is kept whatever Daraja answers: pending
 * with Daraja's CheckoutRequestID, or failed with Daraja's refusal in words (then 502).
 */
export async function requestStkPush(
  db: Db,
  daraja: DarajaClient,
  config: MpesaConfig,
  actor: { schoolId: number; userId: number },
  body: StkPushBody,
): Promise<StkRequest> {
  const [student] = await db
    .select({
      id: students.id,
      admissionNumber: students.admissionNumber,
      erasedAt: students.erasedAt,
    })
    .from(students)
    .where(and(eq(students.id, body.student), eq(students.schoolId, actor.schoolId)));
  if (!student || student.erasedAt) throw notFound('Student');
  const accountReference = accountReferenceFor({
    id: student.id,
    admission_number: student.admissionNumber,
  });
  const [row] = await db
    .insert(mpesaStkRequests)
    .values({
      schoolId: actor.schoolId,
      studentId: student.id,
      phoneNumber: body.phone_number,
      amountCents: body.amount_cents,
      accountReference,
      requestedBy: actor.userId,
    })
    .returning({ id: mpesaStkRequests.id });
  try {
    const answer = await daraja.stkPush({
      amountKes: body.amount_cents / 100,
      phone: mpesaPhone(body.phone_number),
      accountReference,
      callbackUrl: stkCallbackUrl(config),
    });
    await db
      .update(mpesaStkRequests)
      .set({
        merchantRequestId: answer.merchantRequestId,
        checkoutRequestId: answer.checkoutRequestId,
        updatedAt: new Date(),
      })
      .where(eq(mpesaStkRequests.id, row!.id));
  } catch (err) {
    if (!(err instanceof DarajaError)) throw err;
    const reason =
      err.httpStatus === undefined
        ? `${err.message}. If the parent’s phone showed the prompt and they paid, the payment is in the Paybill’s statement: check it before asking again.`
        : `${err.message}. Nothing was asked of the parent’s phone.`;
    await db
      .update(mpesaStkRequests)
      .set({
        status: 'failed',
        resultCode: err.code ?? null,
        resultDesc: reason,
        updatedAt: new Date(),
      })
      .where(eq(mpesaStkRequests.id, row!.id));
    throw new DomainError(reason, 502, { code: 'mpesa_refused' });
  }
  return getStkRequest(db, actor.schoolId, row!.id);
}

/** The callback's metadata items by Name (never by position). */
function itemsByName(body: StkCallbackBody) {
  const items = body.Body.stkCallback.CallbackMetadata?.Item ?? [];
  return new Map(items.map((item) => [item.Name, item.Value]));
}

/**
 * A paid push's payment: recorded once per M-Pesa receipt by the push's school, credited to the
 * push's student (or, `studentId` null, to no one: held for review).
 */
function recordStkPayment(
  tx: Tx,
  row: StkRow,
  paid: { amountCents: number; receipt: string; paidAt: Date; phone: string | null },
  studentId: number | null = row.studentId,
) {
  return recordPayment(tx, {
    schoolId: row.schoolId,
    studentId,
    method: 'mpesa',
    source: 'stk',
    amountCents: paid.amountCents,
    reference: paid.receipt,
    accountReference: row.accountReference,
    payerPhone: paid.phone,
    paidAt: paid.paidAt,
    recordedBy: null,
  });
}

/** The reference a push settled by the STK query holds until M-Pesa's receipt is known. */
export const placeholderOf = (row: Pick<StkRow, 'checkoutRequestId'>) =>
  normalizeReference(row.checkoutRequestId!);

/**
 * M-Pesa's receipt for a push the STK query settled (its payment holds the CheckoutRequestID's
 * place): the receipt takes the place, once. When the school recorded the receipt as another
 * payment meanwhile, the two are queued for review rather than the callback refused.
 * The caller holds the push's row lock.
 */
export async function giveReceipt(tx: Tx, row: StkRow, receipt: string) {
  await lockUntilCommit(tx, 'paymentReference', sql`hashtext(${receipt})`);
  const [payment] = await tx
    .select({ id: payments.id, reference: payments.reference })
    .from(payments)
    .where(eq(payments.id, row.paymentId!));
  if (!payment || payment.reference !== placeholderOf(row)) return false;
  const [other] = await tx
    .select({ id: payments.id, receiptNumber: payments.receiptNumber })
    .from(payments)
    .where(
      and(
        eq(payments.schoolId, row.schoolId),
        eq(payments.method, 'mpesa'),
        sql`upper(btrim(${payments.reference})) = ${receipt}`,
      ),
    );
  if (other) {
    await addReview(
      tx,
      { id: payment.id, schoolId: row.schoolId },
      'duplicate_reference',
      PAYMENT_REVIEW_WORDS.duplicateOfPayment(other.receiptNumber),
    );
    return false;
  }
  await tx.update(payments).set({ reference: receipt }).where(eq(payments.id, payment.id));
  return true;
}

/** Locks the push with `checkoutRequestId` until the transaction ends, or 404. */
async function lockPush(tx: Tx, checkoutRequestId: string) {
  const [row] = await tx
    .select()
    .from(mpesaStkRequests)
    .where(eq(mpesaStkRequests.checkoutRequestId, checkoutRequestId))
    .for('update');
  if (!row) throw notFound('M-Pesa request');
  return row;
}

/**
 * Daraja's STK callback. ResultCode 0 (a number or a string) records the payment, once however
 * often the callback comes; another code marks a pending push failed with the reason in words.
 * A success that arrives after the push was called failed still records the money.
 */
export async function applyStkCallback(db: Db, body: StkCallbackBody) {
  const callback = body.Body.stkCallback;
  const code = String(callback.ResultCode).trim();
  const items = itemsByName(body);
  let paid: { amountCents: number; receipt: string; paidAt: Date; phone: string | null } | null =
    null;
  if (code === '0') {
    const receipt = items.get('MpesaReceiptNumber');
    if (typeof receipt !== 'string' || receipt.trim() === '') {
      throw invalid('MpesaReceiptNumber', 'A successful callback needs its MpesaReceiptNumber');
    }
    const amount = items.get('Amount');
    const amountCents = amount === undefined ? null : centsFromKes(String(amount));
    if (amountCents === null || amountCents <= 0) {
      throw invalid('Amount', 'A successful callback needs its Amount in shillings');
    }
    if (amountCents > MPESA_MAX_CENTS) throw invalid('Amount', MPESA_MESSAGES.maximum);
    const date = items.get('TransactionDate');
    const phone = items.get('PhoneNumber');
    paid = {
      amountCents,
      receipt: normalizeReference(receipt),
      paidAt: (date !== undefined && dateOfDarajaTime(date)) || new Date(),
      phone: phone === undefined ? null : localPhoneOf(String(phone)),
    };
  }
  return db.transaction(async (tx) => {
    const row = await lockPush(tx, callback.CheckoutRequestID);
    if (paid) {
      if (row.status === 'paid') {
        // Paid already (a replay, or the STK query came first and held the receipt's place with
        // the CheckoutRequestID): nothing is recorded again; the real receipt replaces the place.
        if (row.paymentId !== null && !(await giveReceipt(tx, row, paid.receipt))) {
          const [held] = await tx
            .select({ reference: payments.reference })
            .from(payments)
            .where(eq(payments.id, row.paymentId));
          // The push holds a Paybill payment of another receipt (taken for it while no callback
          // came): this receipt is other money, recorded once like any.
          if (held && held.reference !== paid.receipt && held.reference !== placeholderOf(row)) {
            await recordStkPayment(tx, row, paid);
            return { changed: true };
          }
        }
        return { changed: false };
      }
      // Held for review already: a replay changes nothing.
      if (row.paymentId !== null) return { changed: false };
      if (paid.amountCents !== row.amountCents) {
        // Not what the parent was asked: recorded (the money moved) but credited to no one
        // until an admin has looked (decision 016).
        const reason = PAYMENT_REVIEW_WORDS.amountDiffers(paid.amountCents, row.amountCents);
        const { payment, recorded } = await recordStkPayment(tx, row, paid, null);
        if (recorded) await addReview(tx, payment, 'amount_differs', reason);
        await tx
          .update(mpesaStkRequests)
          .set({
            status: 'held',
            resultCode: '0',
            resultDesc: reason,
            paymentId: payment.id,
            updatedAt: new Date(),
          })
          .where(eq(mpesaStkRequests.id, row.id));
        return { changed: true };
      }
      const { payment } = await recordStkPayment(tx, row, paid);
      await tx
        .update(mpesaStkRequests)
        .set({
          status: 'paid',
          resultCode: '0',
          resultDesc: callback.ResultDesc ?? null,
          paymentId: payment.id,
          updatedAt: new Date(),
        })
        .where(eq(mpesaStkRequests.id, row.id));
      return { changed: true };
    }
    if (row.status !== 'pending') return { changed: false };
    await tx
      .update(mpesaStkRequests)
      .set({
        status: 'failed',
        resultCode: code,
        resultDesc: stkFailureWords(code, callback.ResultDesc),
        updatedAt: new Date(),
      })
      .where(eq(mpesaStkRequests.id, row.id));
    return { changed: true };
  });
}

/**
 * How far a Paybill confirmation may be paid before or after the push it is the payment of: a
 * prompt lasts about a minute, and the STK query asks for an hour.
 */
export const PUSH_MATCH_BEFORE_MS = 5 * 60_000;
export const PUSH_MATCH_AFTER_MS = 65 * 60_000;

/**
 * The Paybill confirmation of a push the STK query finds paid, when it came first (no callback,
 * the confirmation straight away): the school's Paybill payment with the push's account and
 * amount, paid within the push's hour, that no push holds yet. Its payment is the push's, so the
 * money is credited once (decision 016). Null: none came.
 */
async function paybillPaymentOf(tx: Tx, row: StkRow, now: Date) {
  const [found] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.schoolId, row.schoolId),
        eq(payments.method, 'mpesa'),
        eq(payments.source, 'c2b'),
        eq(payments.amountCents, row.amountCents),
        sql`upper(regexp_replace(coalesce(${payments.accountReference}, ''), '\\s', '', 'g')) = ${normalizeAccount(row.accountReference)}`,
        gte(payments.paidAt, new Date(row.createdAt.getTime() - PUSH_MATCH_BEFORE_MS)),
        lte(payments.paidAt, new Date(now.getTime() + PUSH_MATCH_BEFORE_MS)),
        sql`not exists (select 1 from mpesa_stk_requests held where held.payment_id = "payments"."id")`,
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.id))
    .limit(1);
  return found?.id ?? null;
}

/** What a push whose request never reached Daraja becomes (the server stopped while asking). */
export const NEVER_SENT_REASON =
  'The request did not reach M-Pesa (the server stopped while asking): nothing was asked of the parent’s phone.';

/** How long the STK query is asked about a push that M-Pesa keeps calling unfinished. */
export const STK_GIVE_UP_AFTER_MS = 60 * 60_000;

export const NO_ANSWER_REASON =
  'M-Pesa gave no final answer about this request within an hour. If the parent paid, the payment is in the Paybill’s statement: check it before asking again.';

export interface SweepResult {
  asked: number;
  paid: number;
  failed: number;
  stillWaiting: number;
}

/**
 * Pushes still pending `STK_QUERY_AFTER_MS` after their last word (the push, or the last time
 * they were asked about) are asked about with the STK query: its final answer settles them like
 * a callback; "still processing" or no answer leaves them pending, to be asked again later. A
 * query's success has no M-Pesa receipt: the payment holds the CheckoutRequestID as its
 * reference until the callback, if it ever comes, gives the receipt.
 */
export async function settleStalePushes(
  db: Db,
  daraja: DarajaClient,
  { now = new Date(), limit = 20 }: { now?: Date; limit?: number } = {},
): Promise<SweepResult> {
  const due = new Date(now.getTime() - STK_QUERY_AFTER_MS);
  const result: SweepResult = { asked: 0, paid: 0, failed: 0, stillWaiting: 0 };

  // A push whose row was written but never got Daraja's answer: no one will call back.
  const neverSent = await db
    .update(mpesaStkRequests)
    .set({ status: 'failed', resultDesc: NEVER_SENT_REASON, updatedAt: now })
    .where(
      and(
        eq(mpesaStkRequests.status, 'pending'),
        isNull(mpesaStkRequests.checkoutRequestId),
        lte(mpesaStkRequests.updatedAt, due),
      ),
    )
    .returning({ id: mpesaStkRequests.id });
  result.failed += neverSent.length;

  const stale = await db
    .select({ id: mpesaStkRequests.id, checkoutRequestId: mpesaStkRequests.checkoutRequestId })
    .from(mpesaStkRequests)
    .where(
      and(
        eq(mpesaStkRequests.status, 'pending'),
        sql`${mpesaStkRequests.checkoutRequestId} is not null`,
        lte(mpesaStkRequests.updatedAt, due),
      ),
    )
    .orderBy(asc(mpesaStkRequests.updatedAt), asc(mpesaStkRequests.id))
    .limit(limit);

  for (const { id, checkoutRequestId } of stale) {
    result.asked += 1;
    let answer: Awaited<ReturnType<DarajaClient['stkQuery']>>;
    try {
      answer = await daraja.stkQuery(checkoutRequestId!);
    } catch {
      answer = { state: 'processing' };
    }
    const outcome = await db.transaction(async (tx) => {
      const row = await lockPush(tx, checkoutRequestId!);
      // The callback came while Daraja was being asked: it settled the push.
      if (row.status !== 'pending') return 'settled';
      if (answer.state === 'processing') {
        // A prompt lasts about a minute: an hour without a final word is no payment (a
        // callback that still comes records the money all the same).
        if (now.getTime() - row.createdAt.getTime() >= STK_GIVE_UP_AFTER_MS) {
          await tx
            .update(mpesaStkRequests)
            .set({ status: 'failed', resultDesc: NO_ANSWER_REASON, updatedAt: now })
            .where(eq(mpesaStkRequests.id, id));
          return 'failed';
        }
        await tx
          .update(mpesaStkRequests)
          .set({ updatedAt: now })
          .where(eq(mpesaStkRequests.id, id));
        return 'waiting';
      }
      if (answer.resultCode === '0') {
        const paymentId =
          (await paybillPaymentOf(tx, row, now)) ??
          (
            await recordStkPayment(tx, row, {
              amountCents: row.amountCents,
              receipt: row.checkoutRequestId!,
              paidAt: now,
              phone: row.phoneNumber,
            })
          ).payment.id;
        await tx
          .update(mpesaStkRequests)
          .set({
            status: 'paid',
            resultCode: '0',
            resultDesc: answer.resultDesc,
            paymentId,
            updatedAt: now,
          })
          .where(eq(mpesaStkRequests.id, id));
        return 'paid';
      }
      await tx
        .update(mpesaStkRequests)
        .set({
          status: 'failed',
          resultCode: answer.resultCode,
          resultDesc: stkFailureWords(answer.resultCode, answer.resultDesc),
          updatedAt: now,
        })
        .where(eq(mpesaStkRequests.id, id));
      return 'failed';
    });
    if (outcome === 'paid') result.paid += 1;
    else if (outcome === 'failed') result.failed += 1;
    else if (outcome === 'waiting') result.stillWaiting += 1;
  }
  return result;
}
