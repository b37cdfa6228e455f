import { PAYMENT_REVIEW_WORDS, type PaymentReviewKind } from '@shule/shared/mpesa';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentReviews } from '../../db/schema/index';

/**
 * Payments an admin should look at (decision 016), in the review queue beside the unmatched
 * ones: each payment at most once per kind, open until resolved (or, when held, assigned).
 */
export async function addReview(
  tx: Tx,
  payment: { id: number; schoolId: number },
  kind: PaymentReviewKind,
  reason: string,
) {
  await tx
    .insert(paymentReviews)
    .values({ schoolId: payment.schoolId, paymentId: payment.id, kind, reason })
    .onConflictDoNothing();
}

/** A payment's M-Pesa receipt is also another school's: a review for each school's own row. */
export async function addReceiptElsewhere(
  tx: Tx,
  mine: { id: number; schoolId: number },
  others: { id: number; schoolId: number }[],
) {
  for (const payment of [mine, ...others]) {
    await addReview(tx, payment, 'receipt_elsewhere', PAYMENT_REVIEW_WORDS.receiptElsewhere);
  }
}

/** Closes the payment's open reviews of `kind` (all kinds when omitted). */
export async function resolveReviewsOf(
  tx: Tx,
  schoolId: number,
  paymentId: number,
  resolvedBy: number,
  kind?: PaymentReviewKind,
) {
  await tx
    .update(paymentReviews)
    .set({ resolvedBy, resolvedAt: new Date() })
    .where(
      and(
        eq(paymentReviews.schoolId, schoolId),
        eq(paymentReviews.paymentId, paymentId),
        isNull(paymentReviews.resolvedAt),
        kind === undefined ? undefined : eq(paymentReviews.kind, kind),
      ),
    );
}
