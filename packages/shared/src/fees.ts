import { z } from 'zod';

/**
 * Fees (docs/decisions/015-fees-ledger.md): categories, a term's amounts per class, a ledger
 * per student, payments with receipts. Money travels as integer cents (`amount_cents`) and is
 * typed and shown as shillings; it is never a float.
 */

/** Who a category applies to, and how often it falls due. */
export const FEE_APPLICABILITY = ['all', 'new', 'old'] as const;
export type FeeApplicability = (typeof FEE_APPLICABILITY)[number];
export const FEE_APPLICABILITY_LABELS: Record<FeeApplicability, string> = {
  all: 'All students',
  new: 'New students',
  old: 'Continuing students',
};
export const FEE_DURATIONS = ['yearly', 'termly', 'monthly'] as const;
export type FeeDuration = (typeof FEE_DURATIONS)[number];
export const FEE_DURATION_LABELS: Record<FeeDuration, string> = {
  yearly: 'Yearly',
  termly: 'Termly',
  monthly: 'Monthly',
};

/** The headings a public school reports its fees under (the Ministry's fee guidelines). */
export const VOTE_HEADS = [
  'tuition',
  'boarding',
  'activity',
  'personal_emolument',
  'development',
  'lunch',
  'transport',
  'other',
] as const;
export type VoteHead = (typeof VOTE_HEADS)[number];
export const VOTE_HEAD_LABELS: Record<VoteHead, string> = {
  tuition: 'Tuition',
  boarding: 'Boarding',
  activity: 'Activity',
  personal_emolument: 'Personal emolument',
  development: 'Development',
  lunch: 'Lunch',
  transport: 'Transport',
  other: 'Other',
};

/** What moves a balance: a charge adds to it, the rest (but a reversal of a credit) take from it. */
export const LEDGER_KINDS = [
  'charge',
  'payment',
  'waiver',
  'discount',
  'bursary',
  'capitation',
  'reversal',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  charge: 'Charge',
  payment: 'Payment',
  waiver: 'Waiver',
  discount: 'Discount',
  bursary: 'Bursary',
  capitation: 'Government capitation',
  reversal: 'Reversal',
};

export const PAYMENT_METHODS = ['cash', 'bank', 'cheque', 'mpesa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank: 'Bank',
  cheque: 'Cheque',
  mpesa: 'M-Pesa',
};
/** How a payment reached Shule: typed by staff, an STK push, the Paybill, a statement import. */
export const PAYMENT_SOURCES = ['counter', 'stk', 'c2b', 'import'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const SPONSOR_KINDS = [
  'county_bursary',
  'cdf_bursary',
  'church',
  'ngo',
  'government',
  'other',
] as const;
export type SponsorKind = (typeof SPONSOR_KINDS)[number];
export const SPONSOR_KIND_LABELS: Record<SponsorKind, string> = {
  county_bursary: 'County bursary',
  cdf_bursary: 'CDF bursary',
  church: 'Church',
  ngo: 'NGO',
  government: 'Government',
  other: 'Other',
};

export const STK_STATUSES = ['pending', 'paid', 'held', 'failed'] as const;
export type StkStatus = (typeof STK_STATUSES)[number];

/** Free day secondary education: KES 22,244 a learner a year, in instalments of 50:30:20. */
export const CAPITATION_CENTS_PER_YEAR = 2_224_400;
export const CAPITATION_SHARES = [50, 30, 20] as const;

// ── Money ───────────────────────────────────────────────────────────────────────────────────

/** The largest amount one entry may hold: KES 100 million. */
export const MAX_AMOUNT_CENTS = 10_000_000_000;

const SHILLINGS = /^\d{1,3}(,?\d{3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/;

/**
 * Shillings as typed ("12,500", "12500.5", " 750.00 ") to integer cents, or null when it is not
 * an amount. Read digit by digit: no float ever holds the value.
 */
export function centsFromKes(typed: string): number | null {
  const value = typed.trim();
  if (!SHILLINGS.test(value)) return null;
  const [whole = '0', fraction = ''] = value.replaceAll(',', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as shillings for people: 1250050 → "12,500.50"; negative amounts get a minus. */
export function formatKes(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100).toLocaleString('en-KE');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

export const MONEY_MESSAGES = {
  amount: 'Amount must be in shillings, like 12500 or 12,500.50',
  positive: 'Amount must be more than 0',
  tooLarge: 'Amount must be at most KES 100,000,000',
} as const;

/** An amount in a body: integer cents, more than 0, at most MAX_AMOUNT_CENTS. */
export const amountCentsField = (label = 'Amount') =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be whole cents`)
    .positive(`${label} must be more than 0`)
    .max(MAX_AMOUNT_CENTS, MONEY_MESSAGES.tooLarge);

/** An amount typed in a form as shillings, parsed to cents with the field's messages. */
export const kesInputField = z
  .string()
  .transform((typed, ctx) => {
    const cents = centsFromKes(typed);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.amount });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(
    z.number().positive(MONEY_MESSAGES.positive).max(MAX_AMOUNT_CENTS, MONEY_MESSAGES.tooLarge),
  );
