import type { PaymentMethod, PaymentSource } from '@shule/shared/fees';
import { normalizeReference } from '@shule/shared/mpesa';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db, Tx } from '../../db/client';
import { ledgerEntries, payments, receiptCounters } from '../../db/schema/index';
import { conflict } from '../../errors';
import { addReceiptElsewhere } from './reviews';

/**
 * The one way money enters the books (docs/decisions/015-fees-ledger.md): a payment row with
 * the school's next receipt number and, when it names a student, the credit on their ledger,
 * in the caller's transaction. Counter payments, M-Pesa callbacks and statement imports all
 * come through here.
 */

export interface PaymentInput {
  schoolId: number;
  /** Null: no admission number matched; the payment waits in the unmatched queue. */
  studentId: number | null;
  method: PaymentMethod;
  source: PaymentSource;
  amountCents: number;
  /** M-Pesa's receipt (TransID, MpesaReceiptNumber), a bank slip or a cheque number. */
  reference?: string | null;
  accountReference?: string | null;
  payerName?: string | null;
  payerPhone?: string | null;
  sponsorId?: number | null;
  paidAt: Date;
  /** The staff user who recorded it; null for a callback or an import's unattended match. */
  recordedBy: number | null;
}

export type PaymentRow = typeof payments.$inferSelect;

/** The school's next receipt number: 1, 2, 3… taken under the counter row's lock until commit. */
async function nextReceiptNumber(tx: Tx, schoolId: number): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ schoolId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.schoolId,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ n: receiptCounters.lastNumber });
  return row!.n;
}

/**
 * Records a payment, or answers the one the school already recorded with the same M-Pesa receipt
 * or imported bank reference (`recorded: false`): a replayed or doubled callback records nothing
 * twice, and takes no receipt number. A receipt another school recorded is recorded all the same
 * and queued for both schools to review (decision 016): no school's row swallows another's.
 */
export async function recordPayment(
  tx: Tx,
  input: PaymentInput,
): Promise<{ payment: PaymentRow; recorded: boolean }> {
  const keyed = isKeyedReference(input);
  const reference =
    keyed && input.reference ? normalizeReference(input.reference) : input.reference;
  let elsewhere: { id: number; schoolId: number }[] = [];
  if (keyed) {
    if (!reference) throw new Error('An M-Pesa or imported bank payment needs its reference');
    // Two callbacks for one receipt at once: the second waits here, then finds the first's row.
    // The key is the receipt alone, so two schools recording one receipt see each other.
    await lockUntilCommit(tx, 'paymentReference', sql`hashtext(${reference})`);
    const same = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.method, input.method),
          input.method === 'bank'
            ? and(eq(payments.source, 'import'), eq(payments.schoolId, input.schoolId))
            : undefined,
          sql`upper(btrim(${payments.reference})) = ${reference}`,
        ),
      );
    const existing = same.find((p) => p.schoolId === input.schoolId);
    if (existing) return { payment: existing, recorded: false };
    if (input.method === 'mpesa') elsewhere = same;
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      schoolId: input.schoolId,
      studentId: input.studentId,
      method: input.method,
      source: input.source,
      amountCents: input.amountCents,
      receiptNumber: await nextReceiptNumber(tx, input.schoolId),
      reference: reference ?? null,
      accountReference: input.accountReference ?? null,
      payerName: input.payerName ?? null,
      payerPhone: input.payerPhone ?? null,
      sponsorId: input.sponsorId ?? null,
      paidAt: input.paidAt,
      recordedBy: input.recordedBy,
      matchedBy: input.studentId === null ? null : input.recordedBy,
      matchedAt: input.studentId === null ? null : new Date(),
    })
    .returning();
  if (payment!.studentId !== null) await creditPayment(tx, payment!);
  // Recorded all the same (this school's own word), and shown to both schools to look at.
  if (elsewhere.length > 0) await addReceiptElsewhere(tx, payment!, elsewhere);
  return { payment: payment!, recorded: true };
}

/**
 * References recorded once per school, compared trimmed and in upper case: M-Pesa receipts, and
 * bank references from imported statements. A counter payment's slip or cheque number is the
 * payer's words and may repeat.
 */
const isKeyedReference = (input: Pick<PaymentInput, 'method' | 'source'>) =>
  input.method === 'mpesa' || (input.method === 'bank' && input.source === 'import');

/** The payment's credit on its student's ledger (once: a unique index holds it). */
async function creditPayment(tx: Tx, payment: PaymentRow) {
  await tx.insert(ledgerEntries).values({
    schoolId: payment.schoolId,
    studentId: payment.studentId!,
    kind: 'payment',
    amountCents: -payment.amountCents,
    paymentId: payment.id,
    sponsorId: payment.sponsorId,
    recordedBy: payment.matchedBy ?? payment.recordedBy,
  });
}

/**
 * Gives an unmatched payment of the school to one of its students (the unmatched queue): the
 * payment row learns its student, once, and the credit is added. 409 when it was matched already.
 * The caller checks that the student is the school's.
 */
export async function assignPayment(
  tx: Tx,
  schoolId: number,
  paymentId: number,
  studentId: number,
  matchedBy: number,
): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .update(payments)
    .set({ studentId, matchedBy, matchedAt: new Date() })
    .where(
      and(eq(payments.id, paymentId), eq(payments.schoolId, schoolId), isNull(payments.studentId)),
    )
    .returning();
  if (!payment) {
    const [held] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.schoolId, schoolId)));
    if (held) throw conflict('This payment was already given to a student');
    return undefined;
  }
  await creditPayment(tx, payment);
  return payment;
}

/** A student's balance in cents: what they owe (negative: money carried forward to them). */
export async function balanceOf(db: Db | Tx, schoolId: number, studentId: number) {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.schoolId, schoolId), eq(ledgerEntries.studentId, studentId)));
  return Number(row!.cents);
}

/**
 * The balances of several students of the school in one query: only students with a ledger
 * are in the map (a student never billed nor credited has no fees to show).
 */
export async function feeBalancesOf(db: Db | Tx, schoolId: number, studentIds: number[]) {
  const balances = new Map<number, number>();
  if (studentIds.length === 0) return balances;
  const rows = await db
    .select({
      studentId: ledgerEntries.studentId,
      cents: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.schoolId, schoolId), inArray(ledgerEntries.studentId, studentIds)))
    .groupBy(ledgerEntries.studentId);
  for (const row of rows) balances.set(row.studentId, Number(row.cents));
  return balances;
}
