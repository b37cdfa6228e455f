import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { exams } from './academics';
import { parents, students } from './people';
import { schools } from './schools';

/**
 * A message a school sent to parents: a broadcast to the parents of some classes, or each
 * student's own results of an exam. Its recipients are the outbox the SMS worker sends from.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** MessageKind: broadcast | results | fee_reminder | absence */
    kind: text('kind').notNull(),
    /**
     * The broadcast's text; for results, what was sent without naming a child (each recipient
     * row holds its own text, erased with the child).
     */
    content: text('content').notNull(),
    /** The classes chosen, as ids and as their names when sent (a class renamed later stays). */
    classIds: integer('class_ids').array().notNull(),
    classNames: text('class_names').array().notNull(),
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'set null' }),
    /** The user who sent it: a plain id, like the audit log's. */
    sentBy: integer('sent_by'),
    /** Parents left out: no SMS consent for any of their children in the classes, or opted out. */
    skippedNoConsent: integer('skipped_no_consent').notNull().default(0),
    skippedOptedOut: integer('skipped_opted_out').notNull().default(0),
    /** The estimate when sent, in cents of a shilling: recipients × parts × price per part. */
    estimatedCostCents: integer('estimated_cost_cents').notNull().default(0),
    /** Test mode (SMS_DRIVER=test) when sent: nothing left the machine. */
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_school_created_idx').on(t.schoolId, t.createdAt, t.id)],
);

/**
 * One SMS to one phone: the outbox row. Claimed by a worker with FOR UPDATE SKIP LOCKED
 * (status queued → sending → sent → delivered, or failed), moved on by the gateway's
 * answer and its delivery reports.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references(() => parents.id, { onDelete: 'set null' }),
    /** The child a results message is about; null for a broadcast. */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    /** The 10-digit local form (0712345678); null once erased. */
    phoneNumber: text('phone_number'),
    /** This recipient's own text (results); null means the message's content. */
    content: text('content'),
    parts: integer('parts').notNull(),
    /** RecipientStatus: queued | sending | sent | delivered | failed */
    status: text('status').notNull().default('queued'),
    /** The gateway's status code (101, 406, …) or delivery status (Success, Failed, …). */
    gatewayStatus: text('gateway_status'),
    /** Why it failed, in words a school understands, with what the parent can do. */
    reason: text('reason'),
    gatewayMessageId: text('gateway_message_id'),
    /** What the gateway charged, in shillings ("KES 0.8000" is 0.8). */
    costKes: numeric('cost_kes', { precision: 12, scale: 4 }),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued row may be tried (a retry waits; a held queue waits). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker claimed it (status sending). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_recipients_message_idx').on(t.messageId),
    index('message_recipients_queue_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('message_recipients_gateway_id_key').on(t.gatewayMessageId),
  ],
);

/**
 * The gateway's account ran out of credit (InsufficientBalance): one row, while it lasts. The
 * worker sends nothing until `resumeAt`; the messages screen asks the admin to top up.
 */
export const smsGatewayHolds = pgTable('sms_gateway_holds', {
  id: integer('id').primaryKey().default(1),
  reason: text('reason').notNull(),
  heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
  resumeAt: timestamp('resume_at', { withTimezone: true }).notNull(),
});

/**
 * An SMS about a person's own account (a one-time code, a notice that someone tried to sign up
 * with their number): sent by Shule through the installation's gateway, not by a school, so it is
 * on no school's messages screen and costs no school. The outbox worker sends these rows one by
 * one; the text is erased once sent or given up, so a code is kept in clear only until it leaves.
 */
export const accountSms = pgTable(
  'account_sms',
  {
    id: serial('id').primaryKey(),
    /** The 10-digit local form. */
    phoneNumber: text('phone_number').notNull(),
    /** What to send; null once sent or given up. */
    content: text('content'),
    /** queued | sending | sent | delivered | failed */
    status: text('status').notNull().default('queued'),
    gatewayStatus: text('gateway_status'),
    reason: text('reason'),
    gatewayMessageId: text('gateway_message_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not sent after this (a code that has expired is no use). */
    sendBefore: timestamp('send_before', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_sms_queue_idx').on(t.status, t.nextAttemptAt),
    index('account_sms_created_idx').on(t.createdAt),
    uniqueIndex('account_sms_gateway_id_key').on(t.gatewayMessageId),
  ],
);
