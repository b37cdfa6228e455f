import { z } from 'zod';
import {
  amountCentsField,
  CAPITATION_CENTS_PER_YEAR,
  CAPITATION_SHARES,
  LEDGER_KINDS,
  PAYMENT_METHODS,
  PAYMENT_SOURCES,
  SPONSOR_KINDS,
  VOTE_HEADS,
} from './fees';
import { idField, isCalendarDate, isoDateField, optionalText, requiredText } from './fields';
import { pageFields, paginationQuery, searchField } from './pagination';

/**
 * A student's fee ledger, payments at the counter, statements, sponsors and the school's fee
 * reports (docs/decisions/015-fees-ledger.md). Money is integer cents; a ledger amount is
 * signed: more than 0 adds to what is owed (a charge), less than 0 takes from it.
 */

export const FEE_LEDGER_MESSAGES = {
  student: 'Choose a student',
  term: 'Choose a term',
  kind: 'Choose waiver, discount, bursary or capitation',
  grantedBy: 'Granted by is required for a waiver or a discount',
  sponsor: 'Choose the sponsor who pays the bursary',
  counterMethod: 'Choose cash, bank or cheque',
  paidAt: 'Paid at must be a date and time (ISO 8601), not in the future',
  instalment: 'Instalment must be 1, 2 or 3',
  classes: 'Choose at least one class',
  format: 'Format must be json or pdf',
  csvFormat: 'Format must be json or csv',
  by: 'by must be vote_head',
  minBalance: 'Minimum balance must be a whole number of cents',
  from: 'From must be a date (yyyy-mm-dd)',
  to: 'To must be a date (yyyy-mm-dd)',
  range: 'From must be on or before To, at most 366 days apart',
} as const;

export const alreadyReversedMessage = 'This entry has already been reversed';
export const cannotReverseReversalMessage =
  'A reversal cannot be reversed: record the entry again instead';
export const capitationAlreadyMessage = (instalment: number, term: string) =>
  `Capitation instalment ${instalment} has already been recorded for these students in ${term}`;

/** What one learner's capitation instalment is: 50, 30 or 20 percent of KES 22,244. */
export function capitationInstalmentCents(instalment: 1 | 2 | 3): number {
  return (CAPITATION_CENTS_PER_YEAR * CAPITATION_SHARES[instalment - 1]!) / 100;
}

// ── Adjustments and reversals ────────────────────────────────────────────────────────────────

export const ADJUSTMENT_KINDS = ['waiver', 'discount', 'bursary', 'capitation'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/**
 * POST /api/students/{id}/ledger/: a credit that is not money received at the counter. A waiver
 * or a discount (a sibling discount…) names who granted it; a bursary names its sponsor;
 * capitation is the government's. `amount_cents` is positive: the entry takes it off the balance.
 */
export const ledgerAdjustmentBody = z
  .object({
    kind: z.enum(ADJUSTMENT_KINDS, { error: FEE_LEDGER_MESSAGES.kind }),
    amount_cents: amountCentsField('Amount'),
    note: optionalText('Note', { max: 500, multiline: true }),
    granted_by: optionalText('Granted by', { max: 100 }),
    sponsor: idField('Sponsor', FEE_LEDGER_MESSAGES.sponsor).optional(),
    term: idField('Term', FEE_LEDGER_MESSAGES.term).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.kind === 'waiver' || v.kind === 'discount') && !v.granted_by) {
      ctx.addIssue({
        code: 'custom',
        path: ['granted_by'],
        message: FEE_LEDGER_MESSAGES.grantedBy,
      });
    }
    if (v.kind === 'bursary' && v.sponsor === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sponsor'], message: FEE_LEDGER_MESSAGES.sponsor });
    }
  });
export type LedgerAdjustmentBody = z.input<typeof ledgerAdjustmentBody>;

/** POST /api/ledger_entries/{id}/reverse/ */
export const reverseEntryBody = z.object({
  reason: requiredText('Reason', { max: 500, multiline: true }),
});
export type ReverseEntryBody = z.input<typeof reverseEntryBody>;

/**
 * One ledger entry as a statement shows it. `amount_cents` is signed (a charge positive, a
 * credit negative); `balance_cents` is the running balance after it, oldest first.
 */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601: when the money was paid (a payment) or the entry was made. */
  date: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** In words: "Tuition (Term 1 2026)", "Payment: M-Pesa SKL8ABC123", "Waiver: …". */
  description: z.string(),
  term: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  category: z
    .object({ id: z.number().int(), name: z.string(), vote_head: z.enum(VOTE_HEADS) })
    .nullable(),
  payment: z.number().int().nullable(),
  receipt_number: z.number().int().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string().nullable(),
  sponsor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  granted_by: z.string().nullable(),
  /** The entry this one reverses, and the reversal of this one (each at most one). */
  reverses: z.number().int().nullable(),
  reversed_by: z.number().int().nullable(),
  /** The staff member who recorded it (their name now), null for a callback or import. */
  recorded_by: z.string().nullable(),
  amount_cents: z.number().int(),
  balance_cents: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** 201 from POST /api/students/{id}/ledger/ and POST /api/ledger_entries/{id}/reverse/. */
export const ledgerEntryResponse = z.object({
  entry: ledgerEntrySchema,
  balance_cents: z.number().int(),
});
export type LedgerEntryResponse = z.infer<typeof ledgerEntryResponse>;

export const statementStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  admission_number: z.string(),
  class: z.object({ id: z.number().int(), name: z.string() }),
});
export type StatementStudent = z.infer<typeof statementStudentSchema>;

/** GET /api/students/{id}/fee_statement/?format=json|pdf&by=vote_head */
export const feeStatementQuery = z.object({
  format: z.enum(['json', 'pdf'], { error: FEE_LEDGER_MESSAGES.format }).default('json'),
  by: z.enum(['vote_head'], { error: FEE_LEDGER_MESSAGES.by }).optional(),
});

/** Charged and credited per vote head; credits are shared out over the charges' heads in order. */
export const voteHeadTotalSchema = z.object({
  vote_head: z.enum(VOTE_HEADS),
  charged_cents: z.number().int(),
  paid_cents: z.number().int(),
  balance_cents: z.number().int(),
});
export type VoteHeadTotal = z.infer<typeof voteHeadTotalSchema>;

/**
 * A student's fee statement: every ledger entry oldest first with its running balance, and the
 * balance (what is owed; negative: carried forward to the next term). `vote_heads` only with
 * `by=vote_head`.
 */
export const feeStatementResponse = z.object({
  student: statementStudentSchema,
  balance_cents: z.number().int(),
  /** The issue's name for it, the same number. */
  balance: z.number().int(),
  charged_cents: z.number().int(),
  credited_cents: z.number().int(),
  entries: z.array(ledgerEntrySchema),
  vote_heads: z.array(voteHeadTotalSchema).optional(),
});
export type FeeStatement = z.infer<typeof feeStatementResponse>;

// ── Payments at the counter ─────────────────────────────────────────────────────────────────

export const COUNTER_METHODS = ['cash', 'bank', 'cheque'] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];

/** A moment in ISO 8601 with a time zone, not later than a minute from now. */
const paidAtField = z.string({ error: FEE_LEDGER_MESSAGES.paidAt }).refine((v) => {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(v)) {
    return false;
  }
  if (!isCalendarDate(v.slice(0, 10))) return false;
  const at = new Date(v.length === 10 ? `${v}T00:00:00+03:00` : v);
  return (
    !Number.isNaN(at.getTime()) && at.getTime() <= Date.now() + 60_000 && v.slice(0, 4) >= '2000'
  );
}, FEE_LEDGER_MESSAGES.paidAt);

/**
 * POST /api/payments/ (idempotent: send an Idempotency-Key): money received at the counter.
 * `paid_at` defaults to now; a date alone is midnight in Nairobi. `reference` is the bank slip
 * or cheque number.
 */
export const recordPaymentBody = z.object({
  student: idField('Student', FEE_LEDGER_MESSAGES.student),
  method: z.enum(COUNTER_METHODS, { error: FEE_LEDGER_MESSAGES.counterMethod }),
  amount_cents: amountCentsField('Amount'),
  reference: optionalText('Reference', { max: 100 }),
  paid_at: paidAtField.optional(),
  payer_name: optionalText('Payer name', { max: 100 }),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBody>;

/** A payment as the payment endpoints answer it (the unmatched queue's too: `student` null). */
export const paymentSchema = z.object({
  id: z.number().int(),
  receipt_number: z.number().int(),
  student: z
    .object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      admission_number: z.string(),
    })
    .nullable(),
  method: z.enum(PAYMENT_METHODS),
  source: z.enum(PAYMENT_SOURCES),
  amount_cents: z.number().int(),
  reference: z.string().nullable(),
  account_reference: z.string().nullable(),
  payer_name: z.string().nullable(),
  payer_phone: z.string().nullable(),
  /** ISO 8601 */
  paid_at: z.string(),
  /** The receipt PDF: GET /api/payments/{id}/receipt/ */
  receipt_url: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** 201 from POST /api/payments/: the payment and the student's balance after it. */
export const recordPaymentResponse = z.object({
  payment: paymentSchema,
  balance_cents: z.number().int(),
});
export type RecordPaymentResponse = z.infer<typeof recordPaymentResponse>;

export const receiptUrl = (paymentId: number) => `/api/payments/${paymentId}/receipt/`;

// ── Sponsors and capitation ─────────────────────────────────────────────────────────────────

export const sponsorNameTakenMessage = (name: string) => `A sponsor named '${name}' already exists`;

/** POST /api/fees/sponsors/ */
export const createSponsorBody = z.object({
  name: requiredText('Sponsor name', { max: 150 }),
  kind: z.enum(SPONSOR_KINDS, { error: 'Choose the kind of sponsor' }),
});
export type CreateSponsorBody = z.input<typeof createSponsorBody>;

export const sponsorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SPONSOR_KINDS),
  /** What it has given, reversals taken off, and to how many students. */
  total_cents: z.number().int(),
  students: z.number().int(),
});
export type Sponsor = z.infer<typeof sponsorSchema>;

/** GET /api/fees/sponsors/: by name. */
export const sponsorListResponse = z.object({ sponsors: z.array(sponsorSchema) });
export type SponsorList = z.infer<typeof sponsorListResponse>;

/** GET /api/fees/sponsors/{id}/statement/: every credit the sponsor gave, oldest first. */
export const sponsorStatementResponse = z.object({
  sponsor: sponsorSchema,
  entries: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      kind: z.enum(LEDGER_KINDS),
      student: z.object({
        id: z.number().int(),
        first_name: z.string(),
        last_name: z.string(),
        admission_number: z.string(),
      }),
      term: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      note: z.string().nullable(),
      /** Positive: what the sponsor paid for the student (a reversal is negative). */
      amount_cents: z.number().int(),
    }),
  ),
});
export type SponsorStatement = z.infer<typeof sponsorStatementResponse>;

/**
 * POST /api/fees/capitation/: the government's capitation instalment (50:30:20 of KES 22,244)
 * for every active student of the classes, once per term and instalment.
 */
export const capitationBody = z.object({
  term: idField('Term', FEE_LEDGER_MESSAGES.term),
  classes: z
    .array(idField('Class', 'Choose a class'), { error: FEE_LEDGER_MESSAGES.classes })
    .min(1, FEE_LEDGER_MESSAGES.classes)
    .max(200, 'Choose at most 200 classes'),
  instalment: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: FEE_LEDGER_MESSAGES.instalment,
  }),
});
export type CapitationBody = z.input<typeof capitationBody>;

export const capitationResponse = z.object({
  students: z.number().int(),
  amount_cents_each: z.number().int(),
  total_cents: z.number().int(),
});
export type CapitationResult = z.infer<typeof capitationResponse>;

// ── Reports ─────────────────────────────────────────────────────────────────────────────────

/** GET /api/fees/collection/?term= */
export const collectionQuery = z.object({ term: idField('Term', FEE_LEDGER_MESSAGES.term) });

const collectionFigures = {
  students: z.number().int(),
  /** The term's charges (reversed ones left out). */
  expected_cents: z.number().int(),
  /** The part of them credits cover (every credit pays the oldest term's charges first). */
  collected_cents: z.number().int(),
  balance_cents: z.number().int(),
  /** collected / expected × 100, one decimal; 0 when nothing is expected. */
  percent: z.number(),
};

/** Per class (the students' class now), and the school's totals. */
export const collectionResponse = z.object({
  term: z.object({ id: z.number().int(), name: z.string() }),
  classes: z.array(
    z.object({
      class: z.object({ id: z.number().int(), name: z.string(), level: z.string().nullable() }),
      ...collectionFigures,
    }),
  ),
  totals: z.object(collectionFigures),
});
export type Collection = z.infer<typeof collectionResponse>;

/**
 * GET /api/fees/balances/?term=&class=&search=&min_balance_cents=&page=&page_size=&format=json|csv
 * Students with their fees: with `term`, that term's charges and what covers them; without,
 * everything. `min_balance_cents` keeps those owing at least that much (0: everyone who owes).
 */
export const balancesQuery = paginationQuery.extend({
  term: idField('Term', FEE_LEDGER_MESSAGES.term).optional(),
  class: idField('Class', 'Choose a class').optional(),
  search: searchField,
  min_balance_cents: z.coerce
    .number({ error: FEE_LEDGER_MESSAGES.minBalance })
    .int(FEE_LEDGER_MESSAGES.minBalance)
    .min(-10_000_000_000, FEE_LEDGER_MESSAGES.minBalance)
    .max(10_000_000_000, FEE_LEDGER_MESSAGES.minBalance)
    .optional(),
  format: z.enum(['json', 'csv'], { error: FEE_LEDGER_MESSAGES.csvFormat }).default('json'),
});

export const balanceRowSchema = z.object({
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    admission_number: z.string(),
  }),
  class: z.object({ id: z.number().int(), name: z.string() }),
  expected_cents: z.number().int(),
  paid_cents: z.number().int(),
  balance_cents: z.number().int(),
});
export type BalanceRow = z.infer<typeof balanceRowSchema>;

/** Highest balance first; `total_balance_cents` sums every matching row, on every page. */
export const balancesResponse = z.object({
  students: z.array(balanceRowSchema),
  total_balance_cents: z.number().int(),
  ...pageFields,
});
export type Balances = z.infer<typeof balancesResponse>;

/** The CSV's header row (GET /api/fees/balances/?format=csv): shillings, two decimals. */
export const BALANCES_CSV_HEADER = [
  'Admission number',
  'First name',
  'Last name',
  'Class',
  'Expected (KES)',
  'Paid (KES)',
  'Balance (KES)',
] as const;

/**
 * GET /api/fees/analytics/?from=&to= (yyyy-mm-dd, Nairobi days, both included; the last 30
 * days when left out, at most 366).
 */
export const analyticsQuery = z
  .object({
    from: isoDateField('From').optional(),
    to: isoDateField('To').optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.from || !v.to) return;
    const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000;
    if (days < 0 || days > 365) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: FEE_LEDGER_MESSAGES.range });
    }
  });

export const ANALYTICS_DEFAULT_DAYS = 30;

/** Money received (payments, reversed ones left out), per day with every day of the range present. */
export const analyticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  total_cents: z.number().int(),
  payments: z.number().int(),
  by_day: z.array(
    z.object({ date: z.string(), amount_cents: z.number().int(), payments: z.number().int() }),
  ),
  by_method: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      amount_cents: z.number().int(),
      payments: z.number().int(),
    }),
  ),
});
export type FeeAnalytics = z.infer<typeof analyticsResponse>;
