import {
  type gatewayHoldSchema,
  kesFromCents,
  type Message,
  type MessageAudience,
  type MessageDetailResponse,
  type MessageKind,
  type MessageListResponse,
  type MessageRecipient,
  messageStatusOf,
  type RecipientStatus,
  type SendMessageResponse,
  smsParts,
} from '@shule/shared/messages';
import type { Pagination } from '@shule/shared/pagination';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SmsConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { messageRecipients, messages } from '../../db/schema/index';
import { notFound } from '../../errors';
import { broadcastAudience, classesOfSchool, noReachableParent } from './audience';

/**
 * Messages to parents (docs/decisions/014-sms-outbox.md): a send stores the message and its
 * outbox rows in one transaction and answers at once; the worker (outbox-worker.ts) sends the
 * rows. Lists count each message's recipients by status in the same query as the page.
 */

/** Shillings as an exact decimal string: PostgreSQL's numeric "1.6000" reads "1.60". */
export function shillings(decimal: string): string {
  const [whole, fraction = ''] = decimal.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
}

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// ── The gateway's state ──────────────────────────────────────────────────────────────────────

type GatewayHold = z.infer<typeof gatewayHoldSchema>;

/** The hold on the queue (InsufficientBalance) while it lasts; null when none or past. */
export async function currentHold(db: Db | Tx): Promise<GatewayHold> {
  const [hold] = await queryRows<NonNullable<GatewayHold>>(
    db,
    sql`select reason, ${iso(sql`held_at`)} as held_at, ${iso(sql`resume_at`)} as resume_at
    from sms_gateway_holds where resume_at > now() order by id limit 1`,
  );
  return hold ?? null;
}

/** What every messages answer says of the gateway: test mode, and the hold. */
export async function gatewayState(db: Db | Tx, sms: SmsConfig) {
  return { test_mode: sms.gateway.driver === 'test', hold: await currentHold(db) };
}

// ── Reading messages ─────────────────────────────────────────────────────────────────────────

interface MessageColumns {
  id: number;
  kind: MessageKind;
  content: string;
  class_names: string[];
  exam_id: number | null;
  exam_name: string | null;
  skipped_no_consent: number;
  skipped_opted_out: number;
  estimated_cost_cents: number;
  test_mode: boolean;
  created_at: string;
  queued: number;
  sending: number;
  sent: number;
  delivered: number;
  failed: number;
  recipients: number;
  parts: number | null;
  cost: string | null;
  total: number;
}

/**
 * The messages of `page` (a CTE over messages alone, so only the page's are counted) with their
 * recipients counted by status, their largest part count and what the gateway charged: one
 * statement for any page.
 */
async function selectMessages(
  db: Db | Tx,
  schoolId: number,
  only: { id: number } | Pagination,
): Promise<MessageColumns[]> {
  const chosen =
    'id' in only
      ? sql`and m.id = ${only.id} limit 1`
      : sql`order by m.created_at desc, m.id desc
        limit ${only.page_size} offset ${(only.page - 1) * only.page_size}`;
  return queryRows<MessageColumns>(
    db,
    sql`with page as (
      select m.*, (count(*) over ())::int as total from ${messages} m
      where m.school_id = ${schoolId} ${chosen})
    select m.id, m.kind, m.content, to_json(m.class_names) as class_names,
      m.exam_id, e.name as exam_name, m.skipped_no_consent, m.skipped_opted_out,
      m.estimated_cost_cents, m.test_mode, ${iso(sql`m.created_at`)} as created_at,
      r.queued, r.sending, r.sent, r.delivered, r.failed, r.recipients, r.parts, r.cost, m.total
    from page m
    left join exams e on e.id = m.exam_id and e.school_id = m.school_id
    cross join lateral (
      select count(*) filter (where status = 'queued')::int as queued,
        count(*) filter (where status = 'sending')::int as sending,
        count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status = 'delivered')::int as delivered,
        count(*) filter (where status = 'failed')::int as failed,
        count(*)::int as recipients, max(parts)::int as parts, sum(cost_kes)::text as cost
      from ${messageRecipients} r where r.message_id = m.id) r
    order by m.created_at desc, m.id desc`,
  );
}

/** A message as the API answers it, in messageSchema's field order. */
function messageOf(row: MessageColumns): Message {
  const counts = {
    queued: row.queued,
    sending: row.sending,
    sent: row.sent,
    delivered: row.delivered,
    failed: row.failed,
  };
  return {
    id: row.id,
    kind: row.kind,
    content: row.content,
    class_names: row.class_names,
    exam:
      row.exam_id !== null && row.exam_name !== null
        ? { id: row.exam_id, name: row.exam_name }
        : null,
    status: messageStatusOf(counts),
    recipients: row.recipients,
    counts,
    skipped_no_consent: row.skipped_no_consent,
    skipped_opted_out: row.skipped_opted_out,
    // Every recipient of a broadcast has the message's parts; results differ per student.
    parts: row.parts ?? smsParts(row.content).parts,
    estimated_cost: kesFromCents(row.estimated_cost_cents),
    cost: row.cost === null ? null : shillings(row.cost),
    test_mode: row.test_mode,
    created_at: row.created_at,
  };
}

/** One message of the school, or 404. */
export async function getMessageRow(db: Db | Tx, schoolId: number, id: number): Promise<Message> {
  const [row] = await selectMessages(db, schoolId, { id });
  if (!row) throw notFound('Message');
  return messageOf(row);
}

/** GET /messages/?page=&page_size=: newest first. */
export async function listMessages(
  db: Db,
  schoolId: number,
  sms: SmsConfig,
  page: Pagination,
): Promise<MessageListResponse> {
  const [rows, gateway] = await Promise.all([
    selectMessages(db, schoolId, page),
    gatewayState(db, sms),
  ]);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.page > 1) {
    const [counted] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${messages} where school_id = ${schoolId}`,
    );
    total = counted?.n ?? 0;
  }
  return {
    messages: rows.map(messageOf),
    total,
    page: page.page,
    page_size: page.page_size,
    ...gateway,
  };
}

/** GET /messages/{id}/: the message and every recipient, in the order they were queued. */
export async function getMessageDetail(
  db: Db,
  schoolId: number,
  sms: SmsConfig,
  id: number,
): Promise<MessageDetailResponse> {
  const message = await getMessageRow(db, schoolId, id);
  const [rows, gateway] = await Promise.all([
    queryRows<Omit<MessageRecipient, 'status'> & { status: RecipientStatus }>(
      db,
      sql`select r.id,
        case when p.id is null then null else p.first_name || ' ' || p.last_name end as parent_name,
        case when s.id is null then null else s.first_name || ' ' || s.last_name end as student_name,
        r.phone_number, r.content, r.status, r.reason, r.cost_kes::text as cost,
        ${iso(sql`r.updated_at`)} as updated_at
      from ${messageRecipients} r
      left join parents p on p.id = r.parent_id and p.school_id = r.school_id
      left join students s on s.id = r.student_id and s.school_id = r.school_id
      where r.message_id = ${id} and r.school_id = ${schoolId}
      order by r.id`,
    ),
    gatewayState(db, sms),
  ]);
  const recipients = rows.map(
    (r): MessageRecipient => ({
      id: r.id,
      parent_name: r.parent_name,
      student_name: r.student_name,
      phone_number: r.phone_number,
      content: r.content,
      status: r.status,
      reason: r.reason,
      cost: r.cost === null ? null : shillings(r.cost),
      updated_at: r.updated_at,
    }),
  );
  return { message, recipients, ...gateway };
}

// ── Sending ──────────────────────────────────────────────────────────────────────────────────

/** A message's estimate in cents: every recipient's parts at the price of one part. */
export const estimateCents = (parts: readonly number[], sms: SmsConfig) =>
  parts.reduce((sum, p) => sum + p, 0) * sms.pricePerPartCents;

/** Outbox rows are written this many to a statement (PostgreSQL takes 65,535 values in one). */
const INSERT_CHUNK = 1000;

export interface OutboxRow {
  parentId: number;
  studentId?: number;
  phone: string;
  /** The recipient's own text (results); none for the message's. */
  content?: string;
  parts: number;
}

/**
 * Stores a message and its outbox rows (queued, due now) in `tx`: the caller's transaction,
 * so a message never exists without its recipients.
 */
export async function storeMessage(
  tx: Tx,
  schoolId: number,
  sms: SmsConfig,
  message: {
    kind: MessageKind;
    content: string;
    classes: { id: number; name: string }[];
    examId?: number;
    sentBy: number;
    skippedNoConsent: number;
    skippedOptedOut: number;
  },
  rows: readonly OutboxRow[],
): Promise<number> {
  const [stored] = await tx
    .insert(messages)
    .values({
      schoolId,
      kind: message.kind,
      content: message.content,
      classIds: message.classes.map((c) => c.id),
      classNames: message.classes.map((c) => c.name),
      examId: message.examId ?? null,
      sentBy: message.sentBy,
      skippedNoConsent: message.skippedNoConsent,
      skippedOptedOut: message.skippedOptedOut,
      estimatedCostCents: estimateCents(
        rows.map((r) => r.parts),
        sms,
      ),
      testMode: sms.gateway.driver === 'test',
    })
    .returning({ id: messages.id });
  const messageId = stored!.id;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(messageRecipients).values(
      rows.slice(i, i + INSERT_CHUNK).map((r) => ({
        messageId,
        schoolId,
        parentId: r.parentId,
        studentId: r.studentId ?? null,
        phoneNumber: r.phone,
        content: r.content ?? null,
        parts: r.parts,
        status: 'queued' as const,
        nextAttemptAt: sql`now()`,
      })),
    );
  }
  return messageId;
}

/** "Message queued for 45 parents" */
export const queuedDetail = (recipients: number, whom = 'parent') =>
  `Message queued for ${recipients} ${whom}${recipients === 1 ? '' : 's'}`;

/** GET /messages/audience/?classes=: whom a message to these classes would reach. */
export async function messageAudience(
  db: Db,
  schoolId: number,
  sms: SmsConfig,
  classIds: number[],
): Promise<MessageAudience> {
  await classesOfSchool(db, schoolId, classIds);
  const [audience, gateway] = await Promise.all([
    broadcastAudience(db, schoolId, classIds),
    gatewayState(db, sms),
  ]);
  return {
    recipients: audience.parents.length,
    skipped_no_consent: audience.skippedNoConsent,
    skipped_opted_out: audience.skippedOptedOut,
    price_per_part: kesFromCents(sms.pricePerPartCents),
    ...gateway,
  };
}

/**
 * POST /messages/: the message to the parents of the classes, queued in one transaction; 400
 * when nobody can get it.
 */
export function sendMessage(
  db: Db,
  actor: { schoolId: number; userId: number },
  sms: SmsConfig,
  input: { classes: number[]; content: string },
): Promise<SendMessageResponse> {
  return db.transaction(async (tx) => {
    const chosen = await classesOfSchool(tx, actor.schoolId, input.classes);
    const audience = await broadcastAudience(
      tx,
      actor.schoolId,
      chosen.map((c) => c.id),
    );
    if (audience.parents.length === 0) throw noReachableParent();
    const parts = smsParts(input.content).parts;
    const id = await storeMessage(
      tx,
      actor.schoolId,
      sms,
      {
        kind: 'broadcast',
        content: input.content,
        classes: chosen,
        sentBy: actor.userId,
        skippedNoConsent: audience.skippedNoConsent,
        skippedOptedOut: audience.skippedOptedOut,
      },
      audience.parents.map((p) => ({ parentId: p.parentId, phone: p.phone, parts })),
    );
    const message = await getMessageRow(tx, actor.schoolId, id);
    return { message, detail: queuedDetail(message.recipients) };
  });
}
