import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { terms } from './academics';
import { classes, students } from './people';
import { schools } from './schools';

/**
 * Fees (docs/decisions/015-fees-ledger.md). Money is integer cents of a shilling in `bigint`
 * columns read as JavaScript numbers (exact up to 90 trillion shillings); never a float.
 */
const schoolId = () =>
  integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' });
const cents = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** What a school charges for: tuition, boarding, a trip…. */
export const feeCategories = pgTable(
  'fee_categories',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    /** FeeApplicability: all | new | old students. */
    appliesTo: text('applies_to').notNull().default('all'),
    /** FeeDuration: yearly | termly | monthly. */
    duration: text('duration').notNull(),
    /** VoteHead: the heading a public school reports it under. */
    voteHead: text('vote_head').notNull().default('tuition'),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [unique('fee_categories_school_name_key').on(t.schoolId, t.name)],
);

/** A fee structure: a term's amount of a category for one class. */
export const feeAmounts = pgTable(
  'fee_amounts',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => feeCategories.id, { onDelete: 'restrict' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('fee_amounts_term_category_class_key').on(t.termId, t.categoryId, t.classId),
    index('fee_amounts_school_term_idx').on(t.schoolId, t.termId),
    check('fee_amounts_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Who pays for named students beside their parents: a bursary, a sponsor, the government. */
export const sponsors = pgTable(
  'sponsors',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    /** SponsorKind: county_bursary | cdf_bursary | church | ngo | government | other. */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('sponsors_school_name_key').on(t.schoolId, t.name)],
);

/**
 * Money received, from whoever paid: one row per receipt. A row without a student is an
 * M-Pesa or imported payment no admission number matched yet (the unmatched queue).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'restrict' }),
    /** PaymentMethod: cash | bank | cheque | mpesa. */
    method: text('method').notNull(),
    /** PaymentSource: counter (recorded by staff) | stk | c2b | import. */
    source: text('source').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** The school's own receipt number, 1, 2, 3… per school (receipt_counters). */
    receiptNumber: integer('receipt_number').notNull(),
    /** The payer's reference: M-Pesa receipt (TransID), bank slip or cheque number. */
    reference: text('reference'),
    /** The account as the payer typed it (BillRefNumber), kept for matching by hand. */
    accountReference: text('account_reference'),
    payerName: text('payer_name'),
    payerPhone: text('payer_phone'),
    sponsorId: integer('sponsor_id').references(() => sponsors.id, { onDelete: 'restrict' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** Staff user ids, plain like the audit log's. */
    recordedBy: integer('recorded_by'),
    matchedBy: integer('matched_by'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payments_school_receipt_key').on(t.schoolId, t.receiptNumber),
    // An M-Pesa receipt is recorded once by a school, however often its callback comes, and an
    // imported bank reference once; both compared trimmed and in upper case (decision 016). Per
    // school: another school's row never swallows this school's payment.
    uniqueIndex('payments_school_mpesa_reference_key')
      .on(t.schoolId, sql`upper(btrim(${t.reference}))`)
      .where(sql`${t.method} = 'mpesa'`),
    // Whether another school recorded a receipt (a review for both, never a refusal).
    index('payments_mpesa_reference_idx')
      .on(sql`upper(btrim(${t.reference}))`)
      .where(sql`${t.method} = 'mpesa'`),
    uniqueIndex('payments_school_bank_import_reference_key')
      .on(t.schoolId, sql`upper(btrim(${t.reference}))`)
      .where(sql`${t.method} = 'bank' and ${t.source} = 'import'`),
    index('payments_school_paid_idx').on(t.schoolId, t.paidAt),
    index('payments_student_idx').on(t.studentId),
    check('payments_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A payment an admin should look at (decision 016): one held back from a student's ledger (an STK
 * callback whose amount is not the push's), or one whose M-Pesa receipt another school of the
 * installation also recorded (a row for each school, naming its own payment). Open until resolved.
 */
export const paymentReviews = pgTable(
  'payment_reviews',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** PaymentReviewKind: amount_differs | receipt_elsewhere | duplicate_reference. */
    kind: text('kind').notNull(),
    /** What the admin is told, in words. */
    reason: text('reason').notNull(),
    resolvedBy: integer('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_reviews_payment_kind_key').on(t.paymentId, t.kind),
    index('payment_reviews_open_idx').on(t.schoolId).where(sql`${t.resolvedAt} is null`),
  ],
);

/** The next receipt number of each school, taken under the row's lock. */
export const receiptCounters = pgTable('receipt_counters', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * A student's fee ledger: append-only. `amount_cents` is signed: a charge adds to what is owed,
 * a payment, waiver, discount, bursary or capitation takes from it; a reversal is the opposite of
 * the entry it names. The balance is the sum.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    /** LedgerKind: charge | payment | waiver | discount | bursary | capitation | reversal. */
    kind: text('kind').notNull(),
    amountCents: cents('amount_cents').notNull(),
    termId: integer('term_id').references(() => terms.id, { onDelete: 'restrict' }),
    /** A charge: the structure line it bills (once per student). */
    feeAmountId: integer('fee_amount_id').references(() => feeAmounts.id, {
      onDelete: 'restrict',
    }),
    /** A payment's credit. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** A bursary's, a sponsor's or the government's credit. */
    sponsorId: integer('sponsor_id').references(() => sponsors.id, { onDelete: 'restrict' }),
    reversesId: integer('reverses_id').references((): AnyPgColumn => ledgerEntries.id, {
      onDelete: 'restrict',
    }),
    /** Why: a waiver's or a reversal's reason, a charge's category name as billed. */
    note: text('note'),
    /** Who granted a waiver or discount (a name or an office: "Board of management"). */
    grantedBy: text('granted_by'),
    recordedBy: integer('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_student_idx').on(t.studentId, t.createdAt, t.id),
    index('ledger_entries_school_idx').on(t.schoolId, t.kind),
    // Billing a structure twice never bills a student twice.
    uniqueIndex('ledger_entries_charge_key')
      .on(t.studentId, t.feeAmountId)
      .where(sql`${t.kind} = 'charge'`),
    // A payment is credited once; an entry is reversed at most once.
    uniqueIndex('ledger_entries_payment_key').on(t.paymentId).where(sql`${t.kind} = 'payment'`),
    uniqueIndex('ledger_entries_reverses_key').on(t.reversesId),
  ],
);

/** An STK push asked of a parent's phone, until its callback (or the query API) settles it. */
export const mpesaStkRequests = pgTable(
  'mpesa_stk_requests',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    phoneNumber: text('phone_number'),
    amountCents: cents('amount_cents').notNull(),
    accountReference: text('account_reference').notNull(),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id').unique(),
    /** StkStatus: pending | paid | failed. */
    status: text('status').notNull().default('pending'),
    resultCode: text('result_code'),
    /** Why it failed, in words (cancelled, timed out, wrong PIN, not enough money). */
    resultDesc: text('result_desc'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    requestedBy: integer('requested_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mpesa_stk_requests_pending_idx').on(t.status, t.createdAt)],
);

/** The setup wizard's progress: the step reached, and when the school finished it. */
export const schoolSetups = pgTable('school_setups', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  step: integer('step').notNull().default(1),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
