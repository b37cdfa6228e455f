import { createHmac, timingSafeEqual } from 'node:crypto';
import { centsFromKes, MAX_AMOUNT_CENTS } from '@shule/shared/fees';
import {
  type c2bCallbackBody,
  DARAJA_ACCEPTED,
  localPhoneOf,
  normalizeAccount,
  normalizeReference,
  studentIdOfShortAccount,
} from '@shule/shared/mpesa';
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MpesaConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { mpesaStkRequests, payments, students } from '../../db/schema/index';
import { invalid } from '../../errors';
import { recordPayment } from '../fees/index';
import { dateOfDarajaTime } from './daraja';
import { giveReceipt, PUSH_MATCH_AFTER_MS, PUSH_MATCH_BEFORE_MS } from './stk';

type C2bCallbackBody = z.output<typeof c2bCallbackBody>;

/**
 * The Paybill (C2B, decision 016). Admission numbers are unique only within a school, so each
 * school's confirmation URL carries the school: the token in its path is `<school id>-<HMAC of
 * the school id under MPESA_CALLBACK_TOKEN>` (hex, so it holds none of the words Daraja refuses
 * in a URL). A payment is matched to a student of that school by the account the parent typed.
 */

/** The token of `schoolId`'s Paybill callbacks. */
export function paybillToken(config: MpesaConfig, schoolId: number) {
  const mac = createHmac('sha256', config.callbackToken)
    .update(`paybill:${schoolId}`)
    .digest('hex')
    .slice(0, 32);
  return `${schoolId}-${mac}`;
}

/** The school a Paybill token names, when its HMAC is right; else null. */
export function schoolOfPaybillToken(config: MpesaConfig | undefined, token: string) {
  if (!config) return null;
  const match = /^([1-9]\d{0,9})-[0-9a-f]{32}$/.exec(token);
  if (!match) return null;
  const schoolId = Number(match[1]);
  if (schoolId > 2_147_483_647) return null;
  const expected = Buffer.from(paybillToken(config, schoolId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? schoolId : null;
}

/**
 * The URLs registered with Daraja. Daraja refuses C2B URLs holding "M-Pesa", "Safaricom", "exe",
 * "cmd", "SQL" or "query", so these are /api/payments/paybill/…; the same callbacks also answer
 * at /api/payments/mpesa/c2b_confirmation/{token} and …/c2b_validation/{token}.
 */
export function paybillUrls(config: MpesaConfig, schoolId: number) {
  const token = paybillToken(config, schoolId);
  return {
    confirmationUrl: `${config.publicUrl}/api/payments/paybill/confirmation/${token}`,
    validationUrl: `${config.publicUrl}/api/payments/paybill/validation/${token}`,
  };
}

/**
 * The school's student an account names: the admission number, case and spaces ignored; else
 * the short code (SH<student id>) an STK push sends for a long admission number. Erased
 * students are not matched. Null: the payment waits in the unmatched queue.
 */
export async function studentOfAccount(
  db: Db | Tx,
  schoolId: number,
  account: string | null | undefined,
): Promise<number | null> {
  const wanted = normalizeAccount(account ?? '');
  if (!wanted) return null;
  const [byAdmission] = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.erasedAt),
        sql`upper(regexp_replace(${students.admissionNumber}, '\\s', '', 'g')) = ${wanted}`,
      ),
    )
    .limit(2);
  if (byAdmission) return byAdmission.id;
  const shortId = studentIdOfShortAccount(wanted);
  if (shortId === null) return null;
  const [byCode] = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(eq(students.id, shortId), eq(students.schoolId, schoolId), isNull(students.erasedAt)),
    );
  return byCode?.id ?? null;
}

/** The payer's name from the confirmation's name fields. */
const payerNameOf = (body: C2bCallbackBody) =>
  [body.FirstName, body.MiddleName, body.LastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || null;

/**
 * MSISDN as a phone when it is one; a masked number is kept as it came (it helps an admin match
 * by hand); a hash (long) is not kept. Never a key.
 */
function payerPhoneOf(msisdn: C2bCallbackBody['MSISDN']) {
  if (msisdn === undefined || msisdn === null) return null;
  const text = String(msisdn).trim();
  if (!text || text.length > 20) return null;
  return localPhoneOf(text);
}

/**
 * A Paybill confirmation for `schoolId`: the payment recorded once per TransID, matched to a
 * student by BillRefNumber or left in the unmatched queue. A replay records nothing.
 */
export async function applyC2bConfirmation(db: Db, schoolId: number, body: C2bCallbackBody) {
  const amountCents = centsFromKes(String(body.TransAmount));
  if (amountCents === null || amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS) {
    throw invalid('TransAmount', 'TransAmount must be shillings, like 1500.00');
  }
  const receipt = normalizeReference(body.TransID);
  const paidAt = dateOfDarajaTime(body.TransTime) ?? new Date();
  await db.transaction(async (tx) => {
    if (await attachToQuerySettledPush(tx, schoolId, body, { receipt, amountCents, paidAt }))
      return;
    const studentId = await studentOfAccount(tx, schoolId, body.BillRefNumber);
    await recordPayment(tx, {
      schoolId,
      studentId,
      method: 'mpesa',
      source: 'c2b',
      amountCents,
      reference: receipt,
      accountReference: body.BillRefNumber?.trim() || null,
      payerName: payerNameOf(body),
      payerPhone: payerPhoneOf(body.MSISDN),
      paidAt,
      recordedBy: null,
    });
  });
  return DARAJA_ACCEPTED;
}

/**
 * A Paybill confirmation of a push the STK query settled (no callback came, so its payment holds
 * the CheckoutRequestID's place): the push of the school with the same account and amount, paid
 * within the push's hour, whose payment still waits for its receipt. The confirmation's receipt
 * takes that place and nothing is recorded twice (decision 016). True when it did.
 */
async function attachToQuerySettledPush(
  tx: Tx,
  schoolId: number,
  body: C2bCallbackBody,
  paid: { receipt: string; amountCents: number; paidAt: Date },
) {
  const account = normalizeAccount(body.BillRefNumber ?? '');
  if (!account) return false;
  const candidates = await tx
    .select({ push: mpesaStkRequests })
    .from(mpesaStkRequests)
    .innerJoin(payments, eq(payments.id, mpesaStkRequests.paymentId))
    .where(
      and(
        eq(mpesaStkRequests.schoolId, schoolId),
        eq(mpesaStkRequests.status, 'paid'),
        eq(mpesaStkRequests.amountCents, paid.amountCents),
        sql`upper(regexp_replace(${mpesaStkRequests.accountReference}, '\\s', '', 'g')) = ${account}`,
        sql`${payments.reference} = upper(btrim(${mpesaStkRequests.checkoutRequestId}))`,
        gte(mpesaStkRequests.createdAt, new Date(paid.paidAt.getTime() - PUSH_MATCH_AFTER_MS)),
        lte(mpesaStkRequests.createdAt, new Date(paid.paidAt.getTime() + PUSH_MATCH_BEFORE_MS)),
      ),
    )
    .orderBy(asc(mpesaStkRequests.createdAt), asc(mpesaStkRequests.id))
    .limit(1);
  const candidate = candidates[0]?.push;
  if (!candidate) return false;
  // The push's row lock, then the receipt's, as the STK callback takes them.
  const [push] = await tx
    .select()
    .from(mpesaStkRequests)
    .where(eq(mpesaStkRequests.id, candidate.id))
    .for('update');
  if (!push || push.paymentId === null) return false;
  // False when the place was taken meanwhile: recordPayment then finds the receipt's payment.
  return giveReceipt(tx, push, paid.receipt);
}
