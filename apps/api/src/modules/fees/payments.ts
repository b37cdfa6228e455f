import {
  type Payment,
  type RecordPaymentResponse,
  receiptUrl,
  type recordPaymentBody,
} from '@shule/shared/fee-ledger';
import type { PaymentMethod, PaymentSource } from '@shule/shared/fees';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { classes, payments, students, users } from '../../db/schema/index';
import { notFound } from '../../errors';
import { balanceOf, type PaymentRow, recordPayment } from './ledger';
import { statementStudent } from './statement';

/** `paid_at` as sent: a date alone is the start of that day in Nairobi. */
export const paidAtOf = (value: string | undefined, now = new Date()) =>
  value === undefined ? now : new Date(value.length === 10 ? `${value}T00:00:00+03:00` : value);

/** A payment row (and its student, if any) as the payment endpoints answer it. */
export function toPayment(
  row: PaymentRow,
  student: { id: number; first_name: string; last_name: string; admission_number: string } | null,
): Payment {
  return {
    id: row.id,
    receipt_number: row.receiptNumber,
    student,
    method: row.method as PaymentMethod,
    source: row.source as PaymentSource,
    amount_cents: row.amountCents,
    reference: row.reference,
    account_reference: row.accountReference,
    payer_name: row.payerName,
    payer_phone: row.payerPhone,
    paid_at: row.paidAt.toISOString(),
    receipt_url: receiptUrl(row.id),
  };
}

/** POST /api/payments/: cash, bank or cheque at the counter, through recordPayment. */
export function recordCounterPayment(
  db: Db,
  schoolId: number,
  input: z.output<typeof recordPaymentBody>,
  recordedBy: number,
): Promise<RecordPaymentResponse> {
  return db.transaction(async (tx) => {
    const student = await statementStudent(tx, schoolId, input.student);
    const { payment } = await recordPayment(tx, {
      schoolId,
      studentId: student.id,
      method: input.method,
      source: 'counter',
      amountCents: input.amount_cents,
      reference: input.reference ?? null,
      payerName: input.payer_name ?? null,
      paidAt: paidAtOf(input.paid_at),
      recordedBy,
    });
    const { class: _class, ...named } = student;
    return {
      payment: toPayment(payment, named),
      balance_cents: await balanceOf(tx, schoolId, student.id),
    };
  });
}

/** A payment of the school with what its receipt prints, or 404 'Payment not found'. */
export async function receiptOf(db: Db | Tx, schoolId: number, paymentId: number) {
  const [row] = await db
    .select({
      payment: payments,
      student: {
        id: students.id,
        first_name: students.firstName,
        last_name: students.lastName,
        admission_number: students.admissionNumber,
        erased: sql<boolean>`${students.erasedAt} is not null`,
      },
      className: classes.name,
      recordedBy: sql<
        string | null
      >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
    })
    .from(payments)
    .leftJoin(students, eq(students.id, payments.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(and(eq(payments.id, paymentId), eq(payments.schoolId, schoolId)));
  if (!row) throw notFound('Payment');
  const student =
    row.payment.studentId === null || !row.student?.id
      ? null
      : {
          id: row.student.id,
          first_name: row.student.first_name,
          last_name: row.student.last_name,
          admission_number: row.student.admission_number,
        };
  return {
    payment: toPayment(row.payment, student),
    className: row.className,
    erased: row.student?.erased ?? false,
    recordedBy: row.recordedBy,
    balanceCents: student ? await balanceOf(db, schoolId, student.id) : null,
  };
}
export type Receipt = Awaited<ReturnType<typeof receiptOf>>;
