import { z } from 'zod';
import { formatKes, PAYMENT_METHODS, PAYMENT_SOURCES, STK_STATUSES } from './fees';
import { boundedText, idField, phoneField, tooLongMessage } from './fields';
import { pageFields, paginationQuery } from './pagination';

/**
 * M-Pesa through Safaricom's Daraja API (docs/decisions/016-mpesa.md): STK pushes to a parent's phone,
 * the Paybill's confirmations, the queue of
 * payments no admission number matched, and statements imported from elsewhere. Money travels
 * as integer cents; M-Pesa itself moves whole shillings.
 */

export const MPESA_MESSAGES = {
  notConfigured: 'M-Pesa is not configured',
  wholeShillings: 'M-Pesa takes whole shillings: leave out the cents',
  minimum: 'Amount must be at least KES 1',
  maximum: 'M-Pesa takes at most KES 250,000 in one payment',
  safaricomPhone: 'M-Pesa needs a mobile number starting 07 or 01',
  importSource: 'Source must be bank, ecitizen or bill_manager',
  importFile: 'Choose a CSV file of the statement',
} as const;

/** The most one M-Pesa payment may move: KES 250,000. */
export const MPESA_MAX_CENTS = 25_000_000;

/** How long an STK push waits for its callback before the STK query is asked about it. */
export const STK_QUERY_AFTER_MS = 2 * 60_000;

/** `AccountReference` holds at most 12 characters (Daraja). */
export const ACCOUNT_REFERENCE_MAX = 12;

/**
 * The short account code of a student whose admission number does not fit `AccountReference`:
 * "SH" and the student's id. The Paybill matches it too (after the admission numbers).
 */
export const SHORT_ACCOUNT_PREFIX = 'SH';

/**
 * An M-Pesa receipt or a bank reference as it is stored, looked up and kept unique: trimmed,
 * upper case ("  qk7x1abc " → "QK7X1ABC"), so a receipt typed or exported in another case is one.
 */
export const normalizeReference = (reference: string) => reference.trim().toUpperCase();

/** An account as typed by a payer, for matching: spaces gone, upper case ("adm 12" → "ADM12"). */
export const normalizeAccount = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

/**
 * The account an STK push names, which the parent sees on their phone and the Paybill accepts:
 * the admission number (spaces removed) when it is 1 to 12 letters and digits, else the short
 * code "SH<student id>".
 */
export function accountReferenceFor(student: { id: number; admission_number: string }) {
  const admission = student.admission_number.replace(/\s+/g, '');
  if (/^[A-Za-z0-9]{1,12}$/.test(admission)) return admission;
  return `${SHORT_ACCOUNT_PREFIX}${student.id}`;
}

/** The student id a short account code names ("SH123" → 123), or null. */
export function studentIdOfShortAccount(account: string): number | null {
  const match = /^SH([1-9]\d{0,9})$/.exec(normalizeAccount(account));
  return match ? Number(match[1]) : null;
}

/** 0712345678 → 254712345678: the form M-Pesa takes (no plus). */
export const mpesaPhone = (local: string) => `254${local.slice(1)}`;

/** 254712345678 (or +254…, or 07…) → 0712345678; anything else is kept as it came (masked). */
export function localPhoneOf(msisdn: string) {
  const digits = msisdn.replace(/^\+/, '');
  if (/^254[17]\d{8}$/.test(digits)) return `0${digits.slice(3)}`;
  return msisdn;
}

/** A phone for an STK push: the 10-digit local form of a mobile number (07… or 01…). */
export const mpesaPhoneField = phoneField('Phone number').refine(
  (v) => !/^0\d{9}$/.test(v) || /^0[17]/.test(v),
  MPESA_MESSAGES.safaricomPhone,
);

/** An M-Pesa amount in cents: whole shillings from KES 1 to KES 250,000. */
export const mpesaAmountCentsField = z
  .number({ error: 'Amount must be a number of cents' })
  .int('Amount must be whole cents')
  .min(100, MPESA_MESSAGES.minimum)
  .max(MPESA_MAX_CENTS, MPESA_MESSAGES.maximum)
  .refine((cents) => cents % 100 === 0, MPESA_MESSAGES.wholeShillings);

// ── STK push ────────────────────────────────────────────────────────────────────────────────

/** STK result codes in words a school understands. */
export const STK_RESULT_WORDS: Record<string, string> = {
  '1032': 'The parent cancelled the M-Pesa prompt on their phone.',
  '1037':
    'The parent’s phone could not be reached, or the prompt timed out before the PIN was entered.',
  '2001': 'The M-Pesa PIN entered was wrong.',
  '1': 'The parent’s M-Pesa balance was not enough for this payment.',
};

/** Why a push failed, in words: the known codes' words, else M-Pesa's own description. */
export function stkFailureWords(resultCode: string, resultDesc?: string | null) {
  const known = STK_RESULT_WORDS[resultCode];
  if (known) return known;
  const said = resultDesc?.trim();
  return said
    ? `M-Pesa said: ${said} (code ${resultCode}).`
    : `M-Pesa failed (code ${resultCode}).`;
}

/** An M-Pesa amount in whole shillings, as M-Pesa and the fee endpoints' `amount` take it. */
export const mpesaShillingsField = z
  .number({ error: 'Amount must be a number of shillings' })
  .int(MPESA_MESSAGES.wholeShillings)
  .min(1, MPESA_MESSAGES.minimum)
  .max(MPESA_MAX_CENTS / 100, MPESA_MESSAGES.maximum);

export const STK_AMOUNT_MESSAGES = {
  required: 'Amount is required',
  both: 'Give the amount in shillings (amount) or in cents (amount_cents), not both',
} as const;

/**
 * POST /api/fees/mpesa/stk_push/ (admin; send an Idempotency-Key): `student`, `phone_number` and
 * `amount` in whole shillings, the fields other clients rely on, or `amount_cents` as
 * every other money field of the API. Read as `amount_cents`.
 */
export const stkPushBody = z
  .object({
    student: idField('Student'),
    phone_number: mpesaPhoneField,
    amount: mpesaShillingsField.optional(),
    amount_cents: mpesaAmountCentsField.optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.amount, body.amount_cents].filter((v) => v !== undefined).length;
    if (given === 1) return;
    ctx.addIssue({
      code: 'custom',
      path: ['amount'],
      message: given === 0 ? STK_AMOUNT_MESSAGES.required : STK_AMOUNT_MESSAGES.both,
    });
  })
  .transform(({ amount, amount_cents, ...rest }) => ({
    ...rest,
    amount_cents: amount_cents ?? (amount ?? 0) * 100,
  }));
export type StkPushBody = z.input<typeof stkPushBody>;

export const STK_STATUS_LABELS = {
  pending: 'Waiting for the parent',
  paid: 'Paid',
  held: 'Held for review',
  failed: 'Failed',
} as const;

/** A payment as the M-Pesa screens show it. */
const paymentRefSchema = z.object({
  id: z.number().int(),
  receipt_number: z.number().int(),
  /** M-Pesa's receipt (MpesaReceiptNumber / TransID). */
  reference: z.string().nullable(),
});

/** An STK push and what became of it (GET /api/fees/mpesa/stk_push/{id}/ to poll). */
export const stkRequestSchema = z.object({
  id: z.number().int(),
  student: z.object({
    id: z.number().int(),
    name: z.string(),
    admission_number: z.string(),
  }),
  phone_number: z.string().nullable(),
  amount_cents: z.number().int(),
  /** What the parent's phone shows as the account (the admission number or its short code). */
  account_reference: z.string(),
  /** held: M-Pesa reported another amount than the push asked; the payment waits for review. */
  status: z.enum(STK_STATUSES),
  /** M-Pesa's ResultCode once known ("0", "1032"…). */
  result_code: z.string().nullable(),
  /** Why it failed or is held, in words; null when pending or paid. */
  reason: z.string().nullable(),
  checkout_request_id: z.string().nullable(),
  /** The payment recorded when paid. */
  payment: paymentRefSchema.nullable(),
  /** ISO 8601 */
  created_at: z.string(),
  updated_at: z.string(),
});
export type StkRequest = z.infer<typeof stkRequestSchema>;

/** GET /api/fees/mpesa/status/: whether M-Pesa settings are present, and the Paybill. */
export const mpesaStatusResponse = z.object({
  configured: z.boolean(),
  /** The Paybill number parents pay to; null when not configured. */
  shortcode: z.string().nullable(),
});
export type MpesaStatus = z.infer<typeof mpesaStatusResponse>;

// ── Callbacks (Daraja's field names) ───────────────────────────────────────────────────────

const darajaText = (label: string, max = 100) => boundedText(z.string(), label, { max });
/** A code M-Pesa may send as a number or a string. */
const darajaCode = z.union(
  [
    z.number().int('ResultCode must be a whole number').min(0).max(2_147_483_647),
    darajaText('ResultCode', 20),
  ],
  { error: 'ResultCode is required' },
);

// Daraja's objects are read with z.object: fields it adds that Shule does not read are dropped.
const callbackItem = z.object({
  Name: darajaText('Name'),
  /** PhoneNumber comes as a number past 32 bits (254712345678): no bound here. */
  Value: z.union([z.number(), darajaText('Value')]).optional(),
});

/** POST /api/payments/mpesa/stk_callback/{token}: Daraja's STK result. */
export const stkCallbackBody = z.object({
  Body: z.object(
    {
      stkCallback: z.object(
        {
          MerchantRequestID: darajaText('MerchantRequestID').optional(),
          CheckoutRequestID: darajaText('CheckoutRequestID').min(
            1,
            'CheckoutRequestID is required',
          ),
          ResultCode: darajaCode,
          ResultDesc: darajaText('ResultDesc', 500).optional(),
          CallbackMetadata: z
            .object({
              Item: z
                .array(callbackItem)
                .max(20)
                .refine(
                  (items) => new Set(items.map((item) => item.Name)).size === items.length,
                  'CallbackMetadata.Item names each item once',
                ),
            })
            .optional(),
        },
        { error: 'Body.stkCallback is required' },
      ),
    },
    { error: 'Body is required' },
  ),
});
export type StkCallbackBody = z.input<typeof stkCallbackBody>;

/** What every M-Pesa callback is answered: taken. */
export const darajaAck = z.object({ ResultCode: z.string(), ResultDesc: z.string() });
export const DARAJA_ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' } as const;

/** A C2B (Paybill) validation or confirmation, as Daraja posts it (the fields Shule reads). */
export const c2bCallbackBody = z.object({
  TransactionType: darajaText('TransactionType').optional().nullable(),
  /** M-Pesa's receipt: letters and digits (spaces around are dropped). */
  TransID: z
    .string({ error: 'TransID is required' })
    .trim()
    .min(1, 'TransID is required')
    .max(40, tooLongMessage('TransID', 40))
    .regex(/^[A-Za-z0-9]+$/, 'TransID must be letters and digits'),
  /** yyyyMMddHHmmss, Nairobi time. */
  TransTime: darajaText('TransTime', 20).regex(/^\d{14}$/, 'TransTime must be yyyyMMddHHmmss'),
  /** Shillings, "1500.00" (a number is taken too). */
  TransAmount: z.union(
    [
      z
        .number()
        .positive('TransAmount must be more than 0')
        .max(100_000_000, 'TransAmount is too large'),
      darajaText('TransAmount', 20),
    ],
    { error: 'TransAmount is required' },
  ),
  BusinessShortCode: z
    .union([z.number().int().min(0).max(9_999_999), darajaText('BusinessShortCode', 20)])
    .optional(),
  /** The account the payer typed: by convention the admission number. */
  BillRefNumber: darajaText('BillRefNumber').optional().nullable(),
  /** May arrive masked (2547****123) or hashed: never used to match. */
  MSISDN: z
    .union([z.number().int().min(254_100_000_000).max(254_799_999_999), darajaText('MSISDN', 200)])
    .optional()
    .nullable(),
  FirstName: darajaText('FirstName').optional().nullable(),
  MiddleName: darajaText('MiddleName').optional().nullable(),
  LastName: darajaText('LastName').optional().nullable(),
});
export type C2bCallbackBody = z.input<typeof c2bCallbackBody>;

/** POST /api/fees/mpesa/register_urls/ (admin): the URLs given to Daraja for the Paybill. */
export const registerUrlsResponse = z.object({
  shortcode: z.string(),
  confirmation_url: z.string(),
  validation_url: z.string(),
  /** Daraja's own words (ResponseDescription). */
  response_description: z.string(),
});
export type RegisterUrlsResponse = z.infer<typeof registerUrlsResponse>;

// ── The unmatched queue ─────────────────────────────────────────────────────────────────────

/**
 * Why a payment waits for an admin besides having no student (decision 016): M-Pesa reported
 * another amount than the push asked (held, not credited); another school of the installation
 * recorded the same M-Pesa receipt; or one reference was recorded twice before references were
 * compared in upper case.
 */
export const PAYMENT_REVIEW_KINDS = [
  'amount_differs',
  'receipt_elsewhere',
  'duplicate_reference',
] as const;
export type PaymentReviewKind = (typeof PAYMENT_REVIEW_KINDS)[number];

/** The words of a review, as the queue shows them. */
export const PAYMENT_REVIEW_WORDS = {
  amountDiffers: (reportedCents: number, askedCents: number) =>
    `M-Pesa reported KES ${formatKes(reportedCents)} paid, not the KES ${formatKes(askedCents)} the prompt asked: held, not credited. Check the Paybill statement, then assign it to the student it was for.`,
  receiptElsewhere:
    'Another school on this Shule installation also recorded this M-Pesa receipt. Check your Paybill statement: if the money is not yours, reverse this payment.',
  duplicateOfPayment: (receiptNumber: number) =>
    `M-Pesa's receipt for this prompt was also recorded as receipt no. ${receiptNumber}: if it is one payment, reverse one of the two.`,
} as const;

/** A payment received without a student (or, once assigned, with one). */
export const queuedPaymentSchema = z.object({
  id: z.number().int(),
  receipt_number: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  source: z.enum(PAYMENT_SOURCES),
  amount_cents: z.number().int(),
  reference: z.string().nullable(),
  /** The account as the payer typed it. */
  account_reference: z.string().nullable(),
  payer_name: z.string().nullable(),
  payer_phone: z.string().nullable(),
  /** ISO 8601 */
  paid_at: z.string(),
  student: z
    .object({ id: z.number().int(), name: z.string(), admission_number: z.string() })
    .nullable(),
  /** Why an admin should look at it, beyond having no student; empty when only unmatched. */
  reviews: z.array(
    z.object({ id: z.number().int(), kind: z.enum(PAYMENT_REVIEW_KINDS), reason: z.string() }),
  ),
});
export type QueuedPayment = z.infer<typeof queuedPaymentSchema>;

/**
 * GET /api/payments/unmatched/?page=&page_size=: the review queue, oldest first: payments with no
 * student, and payments with an open review (held, or a receipt another school recorded).
 */
export const unmatchedQuery = paginationQuery;
export const unmatchedResponse = z.object({
  payments: z.array(queuedPaymentSchema),
  /** Every unmatched payment's cents together. */
  total_cents: z.number().int(),
  ...pageFields,
});
export type UnmatchedResponse = z.infer<typeof unmatchedResponse>;

/** POST /api/payments/{id}/assign/ */
export const assignPaymentBody = z.object({ student: idField('Student') });
export const assignPaymentResponse = z.object({
  payment: queuedPaymentSchema,
  /** The student's balance after the credit (negative: carried forward). */
  balance_cents: z.number().int(),
});
export type AssignPaymentResponse = z.infer<typeof assignPaymentResponse>;

/** POST /api/payments/reviews/{id}/resolve/: the admin looked at it (a held payment is assigned instead). */
export const resolveReviewResponse = z.object({ id: z.number().int(), resolved_at: z.string() });
export type ResolveReviewResponse = z.infer<typeof resolveReviewResponse>;

// ── Statement import ────────────────────────────────────────────────────────────────────────

export const IMPORT_SOURCES = ['bank', 'ecitizen', 'bill_manager'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  bank: 'Bank statement',
  ecitizen: 'eCitizen Paybill statement',
  bill_manager: 'M-Pesa Bill Manager statement',
};

/** The multipart field `source` of POST /api/payments/import/ (beside the file `file`). */
export const importSourceField = z.enum(IMPORT_SOURCES, { error: MPESA_MESSAGES.importSource });

/** The largest statement taken: 2 MB (some 20,000 rows). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const importResponse = z.object({
  source: z.enum(IMPORT_SOURCES),
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  /** Payments recorded now: matched to a student, or queued unmatched. */
  matched: z.number().int(),
  unmatched: z.number().int(),
  /** Rows whose reference was recorded before (an earlier import, or the Paybill). */
  already_recorded: z.number().int(),
  /** Rows that are not money in (withdrawals, failed transactions), with why, by line. */
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** What the recorded rows add up to. */
  total_cents: z.number().int(),
});
export type ImportResponse = z.infer<typeof importResponse>;
