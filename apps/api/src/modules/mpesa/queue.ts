import type { AssignPaymentResponse, QueuedPayment, UnmatchedResponse } from '@shule/shared/mpesa';
import type { Pagination } from '@shule/shared/pagination';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, students } from '../../db/schema/index';
import { notFound } from '../../errors';
import { assignPayment, balanceOf } from '../fees/ledger';

/**
 * The unmatched queue: payments (Paybill, imports) no admission number matched, waiting for an
 * admin to give each to a student, once (assignPayment).
 */

const queuedColumns = {
  id: payments.id,
  receiptNumber: payments.receiptNumber,
  method: payments.method,
  source: payments.source,
  amountCents: payments.amountCents,
  reference: payments.reference,
  accountReference: payments.accountReference,
  payerName: payments.payerName,
  payerPhone: payments.payerPhone,
  paidAt: payments.paidAt,
  studentId: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  admissionNumber: students.admissionNumber,
};

type QueuedRow = {
  [K in keyof typeof queuedColumns]: (typeof queuedColumns)[K]['_']['data'] | null;
};

function queuedPaymentOf(row: QueuedRow): QueuedPayment {
  return {
    id: row.id!,
    receipt_number: row.receiptNumber!,
    method: row.method as QueuedPayment['method'],
    source: row.source as QueuedPayment['source'],
    amount_cents: row.amountCents!,
    reference: row.reference,
    account_reference: row.accountReference,
    payer_name: row.payerName,
    payer_phone: row.payerPhone,
    paid_at: row.paidAt!.toISOString(),
    student:
      row.studentId === null
        ? null
        : {
            id: row.studentId,
            name: `${row.firstName} ${row.lastName}`.trim(),
            admission_number: row.admissionNumber!,
          },
  };
}

/** One page of the school's unmatched payments, oldest first, with their count and sum. */
export async function listUnmatched(
  db: Db,
  schoolId: number,
  { page, page_size }: Pagination,
): Promise<UnmatchedResponse> {
  const unmatched = and(eq(payments.schoolId, schoolId), isNull(payments.studentId));
  const [rows, [totals]] = await Promise.all([
    db
      .select(queuedColumns)
      .from(payments)
      .leftJoin(students, eq(students.id, payments.studentId))
      .where(unmatched)
      .orderBy(asc(payments.paidAt), asc(payments.id))
      .limit(page_size)
      .offset((page - 1) * page_size),
    db
      .select({
        count: sql<number>`count(*)::int`,
        cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)`,
      })
      .from(payments)
      .where(unmatched),
  ]);
  return {
    payments: rows.map(queuedPaymentOf),
    total_cents: Number(totals!.cents),
    total: totals!.count,
    page,
    page_size,
  };
}

/** Gives an unmatched payment to a student of the school: 404 for either of another school. */
export async function assignUnmatched(
  db: Db,
  actor: { schoolId: number; userId: number },
  paymentId: number,
  studentId: number,
): Promise<AssignPaymentResponse> {
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: students.id })
      .from(students)
      .where(
        and(
          eq(students.id, studentId),
          eq(students.schoolId, actor.schoolId),
          isNull(students.erasedAt),
        ),
      );
    if (!student) throw notFound('Student');
    const assigned = await assignPayment(tx, actor.schoolId, paymentId, studentId, actor.userId);
    if (!assigned) throw notFound('Payment');
    const [row] = await tx
      .select(queuedColumns)
      .from(payments)
      .leftJoin(students, eq(students.id, payments.studentId))
      .where(eq(payments.id, paymentId));
    return {
      payment: queuedPaymentOf(row!),
      balance_cents: await balanceOf(tx, actor.schoolId, studentId),
    };
  });
}
