import { COUNTER_METHODS, type RecordPaymentBody } from '@shule/shared/fee-ledger';
import { kesInputField } from '@shule/shared/fees';
import { MPESA_MESSAGES, mpesaPhoneField, type StkPushBody } from '@shule/shared/mpesa';
import { todayIn } from '@shule/shared/school-time';
import { z } from 'zod';

/** Today in the school's calendar (Nairobi), as a date input holds it. */
export const todayIso = () => todayIn();

/**
 * Recording money received at the counter: the method, the amount in shillings, the slip or
 * cheque number, who paid and the day it was paid (today: the moment it is recorded).
 */
export const recordPaymentFormSchema = z.object({
  method: z.enum(COUNTER_METHODS, { error: 'Choose cash, bank or cheque' }),
  amount: kesInputField,
  reference: z.string().trim().max(100, 'Reference must be at most 100 characters'),
  payer_name: z.string().trim().max(100, 'Payer name must be at most 100 characters'),
  paid_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day it was paid')
    .refine((d) => d <= todayIso(), 'The day paid cannot be in the future'),
});
export type RecordPaymentForm = z.input<typeof recordPaymentFormSchema>;
export type RecordPaymentValues = z.output<typeof recordPaymentFormSchema>;

export const paymentBody = (studentId: number, v: RecordPaymentValues): RecordPaymentBody => ({
  student: studentId,
  method: v.method,
  amount_cents: v.amount,
  ...(v.reference ? { reference: v.reference } : {}),
  ...(v.payer_name ? { payer_name: v.payer_name } : {}),
  // Today is "now" (left to the server); an earlier day is that day in Nairobi.
  ...(v.paid_on === todayIso() ? {} : { paid_at: v.paid_on }),
});

/** Asking a parent's phone for M-Pesa: a Safaricom number and whole shillings. */
export const stkPushFormSchema = z.object({
  phone_number: mpesaPhoneField,
  amount: kesInputField.refine((cents) => cents % 100 === 0, MPESA_MESSAGES.wholeShillings),
});
export type StkPushForm = z.input<typeof stkPushFormSchema>;
export type StkPushValues = z.output<typeof stkPushFormSchema>;

export const stkBody = (studentId: number, v: StkPushValues): StkPushBody => ({
  student: studentId,
  phone_number: v.phone_number,
  amount_cents: v.amount,
});
