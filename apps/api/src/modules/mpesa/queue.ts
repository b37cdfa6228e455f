import type {
  AssignPaymentResponse,
  QueuedPayment,
  ResolveReviewResponse,
  UnmatchedResponse,
} from '@shule/shared/mpesa';
import type { Pagination } from '@shule/shared/pagination';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paymentReviews, payments, students } from '../../db/schema/index';
import { conflict, notFound } from '../../errors';
import { assignPayment, balanceOf, resolveReviewsOf } from '../fees/index';

/**
 * The review queue: payments (Paybill, imports) no admission number matched, waiting for an
 * admin to give each to a student, once (assignPayment); payments held back from a ledger (an
 * STK amount not the push's); and payments whose receipt another school also recorded.
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

type Review = QueuedPayment['reviews'][number];

function queuedPaymentOf(row: QueuedRow, reviews: Review[] = []): QueuedPayment {
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
    reviews,
  };
}

/** The open reviews of the school's payments `ids`, by payment. */
async function openReviewsOf(db: Db | Tx, schoolId: number, ids: number[]) {
  const byPayment = new Map<number, Review[]>();
  if (ids.length === 0) return byPayment;
  const rows = await db
    .select({
      id: paymentReviews.id,
      paymentId: paymentReviews.paymentId,
      kind: paymentReviews.kind,
      reason: paymentReviews.reason,
    })
    .from(paymentReviews)
    .where(
      and(
        eq(paymentReviews.schoolId, schoolId),
        inArray(paymentReviews.paymentId, ids),
        isNull(paymentReviews.resolvedAt),
      ),
    )
    .orderBy(asc(paymentReviews.id));
  for (const row of rows) {
    const list = byPayment.get(row.paymentId) ?? [];
    list.push({ id: row.id, kind: row.kind as Review['kind'], reason: row.reason });
    byPayment.set(row.paymentId, list);
  }
  return byPayment;
}

/**
 * One page of the school's review queue, oldest first, with its count and sum: payments with no
 * student, and payments with an open review (held for review, a receipt another school recorded).
 */
export async function listUnmatched(
  db: Db,
  schoolId: number,
  { page, page_size }: Pagination,
): Promise<UnmatchedResponse> {
  const unmatched = and(
    eq(payments.schoolId, schoolId),
    or(
      isNull(payments.studentId),
      sql`exists (select 1 from ${paymentReviews} where ${paymentReviews.paymentId} = ${payments.id} and ${paymentReviews.resolvedAt} is null)`,
    ),
  );
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
  const reviews = await openReviewsOf(
    db,
    schoolId,
    rows.map((r) => r.id!),
  );
  return {
    payments: rows.map((row) => queuedPaymentOf(row, reviews.get(row.id!))),
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
    // A payment held for review is looked at once it is given to its student.
    await resolveReviewsOf(tx, actor.schoolId, paymentId, actor.userId, 'amount_differs');
    const [row] = await tx
      .select(queuedColumns)
      .from(payments)
      .leftJoin(students, eq(students.id, payments.studentId))
      .where(eq(payments.id, paymentId));
    const reviews = await openReviewsOf(tx, actor.schoolId, [paymentId]);
    return {
      payment: queuedPaymentOf(row!, reviews.get(paymentId)),
      balance_cents: await balanceOf(tx, actor.schoolId, studentId),
    };
  });
}

/** An admin looked at a review of the school's payment: 404 for another school's, 409 twice. */
export async function resolveReview(
  db: Db,
  actor: { schoolId: number; userId: number },
  reviewId: number,
): Promise<ResolveReviewResponse> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(paymentReviews)
      .where(and(eq(paymentReviews.id, reviewId), eq(paymentReviews.schoolId, actor.schoolId)))
      .for('update');
    if (!review) throw notFound('Review');
    if (review.resolvedAt) throw conflict('This was looked at already');
    if (review.kind === 'amount_differs') {
      const [payment] = await tx
        .select({ studentId: payments.studentId })
        .from(payments)
        .where(eq(payments.id, review.paymentId));
      if (payment?.studentId === null) {
        throw conflict('Assign the held payment to its student: that closes the review');
      }
    }
    const resolvedAt = new Date();
    await tx
      .update(paymentReviews)
      .set({ resolvedBy: actor.userId, resolvedAt })
      .where(eq(paymentReviews.id, reviewId));
    return { id: reviewId, resolved_at: resolvedAt.toISOString() };
  });
}
