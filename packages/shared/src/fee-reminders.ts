import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from './fees';
import { idField, schoolRef } from './fields';
import { classIdsParam, smsGatewayState, smsParts } from './messages';
import { gsm7LookAlikes, schoolInitials, schoolShortName } from './results-sms';

/**
 * Fee reminders by SMS: the parents of students whose balance is over an amount get
 * one SMS each per child, with that child's own balance, through the messaging outbox (a
 * message of kind 'fee_reminder'). Previewed first: whom it reaches, who is left out, one text.
 */

export const FEE_REMINDER_MESSAGES = {
  minBalance: 'Minimum balance must be a whole number of cents from 0 to KES 100,000,000',
  nobodyOwes: 'No student of these classes owes more than this amount',
  noReachableParent:
    'No parent of a student who owes more than this amount can get an SMS: add their phone numbers, or record their SMS consent',
} as const;

const minBalanceCents = z
  .number({ error: FEE_REMINDER_MESSAGES.minBalance })
  .int(FEE_REMINDER_MESSAGES.minBalance)
  .min(0, FEE_REMINDER_MESSAGES.minBalance)
  .max(MAX_AMOUNT_CENTS, FEE_REMINDER_MESSAGES.minBalance);

/** `?min_balance_cents=` as a query string carries it: digits only, 0 when left out. */
const minBalanceParam = z
  .string({ error: FEE_REMINDER_MESSAGES.minBalance })
  .regex(/^\d{1,11}$/, FEE_REMINDER_MESSAGES.minBalance)
  .transform(Number)
  .pipe(minBalanceCents)
  .optional()
  .transform((v) => v ?? 0);

/**
 * GET /api/fees/reminders/?min_balance_cents=&classes=1,2: students owing more than the amount
 * (0: anything), in the classes given or every class.
 */
export const feeRemindersQuery = z.object({
  school: schoolRef,
  min_balance_cents: minBalanceParam,
  classes: classIdsParam.optional(),
});

/** POST /api/fees/reminders/ */
export const sendFeeRemindersBody = z.object({
  school: schoolRef,
  min_balance_cents: minBalanceCents.default(0),
  classes: z.array(idField('Class')).min(1, 'Choose at least one class').max(200).optional(),
});
export type SendFeeRemindersBody = z.input<typeof sendFeeRemindersBody>;

/** GET /api/fees/reminders/: what sending would do, with one student's own text. */
export const feeRemindersPreview = z.object({
  min_balance_cents: z.number().int(),
  /** Students owing more than the amount (active, not erased, in the classes). */
  students_owing: z.number().int(),
  /** What they owe together. */
  total_balance_cents: z.number().int(),
  /** Students whose parent gets the SMS (one SMS each). */
  recipients: z.number().int(),
  skipped_no_consent: z.number().int(),
  skipped_opted_out: z.number().int(),
  /** Students with no parent's phone on record. */
  skipped_no_parent: z.number().int(),
  estimated_cost: z.string(),
  sample: z
    .object({
      student_name: z.string(),
      admission_number: z.string(),
      balance_cents: z.number().int(),
      content: z.string(),
      parts: z.number().int(),
    })
    .nullable(),
  ...smsGatewayState,
});
export type FeeRemindersPreview = z.infer<typeof feeRemindersPreview>;

// ── The text ─────────────────────────────────────────────────────────────────────────────────

export interface FeeReminderInput {
  /** The school's full name. */
  school: string;
  student: { name: string; admission_number: string };
  balance_cents: number;
  /** How to pay by M-Pesa, when the school's Paybill is set up. */
  paybill: { shortcode: string; account: string } | null;
}

/** "12,500" for whole shillings, "12,500.50" otherwise: every character counts in an SMS. */
export function kesShort(cents: number): string {
  const whole = Math.trunc(cents / 100).toLocaleString('en-KE');
  return cents % 100 === 0 ? whole : `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

interface Shortening {
  greeting: boolean;
  middleNames: boolean;
  initials: boolean;
  thanks: boolean;
}

const firstAndLast = (name: string) => {
  const words = name.trim().split(/\s+/);
  return words.length <= 2 ? words.join(' ') : `${words[0]} ${words.at(-1)}`;
};

function compose(input: FeeReminderInput, drop: Shortening): string {
  const school = drop.initials ? schoolInitials(input.school) : schoolShortName(input.school);
  const student = drop.middleNames ? firstAndLast(input.student.name) : input.student.name.trim();
  const parts = [
    `${school}:`,
    drop.greeting ? null : 'Dear parent,',
    `${student} (Adm ${input.student.admission_number}) has a fee balance of KES ${kesShort(input.balance_cents)}.`,
    input.paybill
      ? `Pay via M-Pesa Paybill ${input.paybill.shortcode}, Account ${input.paybill.account}.`
      : null,
    drop.thanks ? null : 'Thank you.',
  ];
  return gsm7LookAlikes(parts.filter(Boolean).join(' '));
}

const STEPS: Shortening[] = [
  { greeting: false, middleNames: false, initials: false, thanks: false },
  { greeting: true, middleNames: false, initials: false, thanks: false },
  { greeting: true, middleNames: true, initials: false, thanks: false },
  { greeting: true, middleNames: true, initials: true, thanks: false },
  { greeting: true, middleNames: true, initials: true, thanks: true },
];

/**
 * A parent's reminder of their own child's balance, e.g.
 *
 *   Kilimani Mixed Sec: Dear parent, Amani Mwangi (Adm 1234) has a fee balance of KES 12,500.
 *   Pay via M-Pesa Paybill 174379, Account 1234. Thank you.
 *
 * It aims at one SMS part (160 GSM-7 characters): when longer, the greeting goes, then the
 * child's middle names, then the school's name becomes its initials, then the thanks. The
 * child's name and admission number, the balance and how to pay always stay.
 */
export function feeReminderText(input: FeeReminderInput): string {
  let text = '';
  for (const step of STEPS) {
    text = compose(input, step);
    if (smsParts(text).parts <= 1) return text;
  }
  return text;
}

/** What a reminder message says in the list: what was sent, naming no child. */
export const feeReminderMessageContent = (minBalanceCents: number) =>
  `Fee reminders: each parent gets their own child's balance (students owing more than KES ${kesShort(minBalanceCents)})`;
