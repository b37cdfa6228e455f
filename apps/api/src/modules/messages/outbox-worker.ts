import { PERSONAL_MESSAGE_KINDS } from '@shule/shared/messages';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { sendDueAccountSms } from './account-sms';
import { TEST_GATEWAY_STATUS } from './gateways/test-driver';
import type { PhoneOutcome, SmsGateway } from './gateways/types';

/**
 * The SMS outbox worker (docs/decisions/014-sms-outbox.md). Each round it claims due recipient
 * rows with FOR UPDATE SKIP LOCKED (so two workers, in two API instances or `npm run worker`
 * processes, never take one row), marks them 'sending' in that same committed statement, sends
 * them through the gateway, and records each phone's answer. Nothing lives only in memory: a
 * retry waits in `next_attempt_at`, a held queue in sms_gateway_holds.
 */

export interface OutboxOptions {
  /** Rows claimed per round. */
  batchSize: number;
  /** Tries before a row the gateway keeps failing on becomes failed. */
  maxAttempts: number;
  /** The first retry's wait; each next one doubles, up to an hour. */
  retryAfterMs: number;
  /** How long the queue waits after InsufficientBalance before trying again. */
  holdMs: number;
  /**
   * A row 'sending' this long was claimed by a worker that died before it recorded the answer
   * (a call takes at most 30 s, and the batch's rows still to go are claimed afresh before each).
   */
  staleAfterMs: number;
  /** Test mode: how long a test SMS stays 'sent' before it is 'delivered'. */
  testDeliveryAfterMs: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  batchSize: 100,
  maxAttempts: 5,
  retryAfterMs: 30_000,
  holdMs: 15 * 60_000,
  staleAfterMs: 10 * 60_000,
  testDeliveryAfterMs: 1_500,
};

const MAX_RETRY_WAIT_MS = 60 * 60_000;

/** `ms` milliseconds as an SQL interval. */
/** The kinds whose rows send their own text (PERSONAL_MESSAGE_KINDS), as SQL values. */
const personalKinds = sql.join(
  PERSONAL_MESSAGE_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);
const millis = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/** What a row left 'sending' becomes (decision 014): failed, never sent again silently. */
export const INTERRUPTED_REASON =
  'Sending was interrupted (the server stopped while it was sending), so this SMS may or may not have reached the phone. It was not sent again, to avoid a double SMS: send a new message if needed.';

export const ERASED_REASON = 'The parent’s contact details were erased before this SMS was sent.';
export const CHILD_ERASED_REASON = 'The child’s data was erased before this SMS was sent.';

/** The wait before try `attempts + 1`: retryAfterMs, doubled each time, at most an hour. */
export const retryWaitMs = (attempts: number, retryAfterMs: number) =>
  Math.min(retryAfterMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_WAIT_MS);

interface ClaimedRow {
  id: number;
  message_id: number;
  phone_number: string | null;
  /** The row's own text (results, a fee reminder) or null for the message's. */
  content: string | null;
  /** What to send; null when a child's erasure cleared a results row's text. */
  text: string | null;
  attempts: number;
}

/** What to write into one row once its call answered. */
interface Update {
  id: number;
  status: 'queued' | 'sent' | 'failed';
  gs: string | null;
  mid: string | null;
  cost: string | null;
  reason: string | null;
  /** For 'queued': how long until it may be tried again. */
  wait_ms: number;
  /** 1 when the try does not count (the queue was held): attempts goes back down. */
  unattempt: number;
}

/**
 * Claims up to `limit` due rows for this worker: status 'queued', next_attempt_at passed, and
 * no hold on the gateway. One statement, so the claim commits at once; rows another worker
 * holds locked are skipped, not waited for.
 */
async function claimDueRows(db: Db, limit: number) {
  return queryRows<ClaimedRow>(
    db,
    sql`
      with claimed as (
        update message_recipients r
        set status = 'sending', claimed_at = now(), attempts = r.attempts + 1, updated_at = now()
        where r.id in (
          select id from message_recipients
          where status = 'queued' and next_attempt_at <= now()
            and not exists (select 1 from sms_gateway_holds where resume_at > now())
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        ) and r.status = 'queued'
        returning r.id, r.message_id, r.phone_number, r.content, r.attempts
      )
      select c.id, c.message_id, c.phone_number, c.content, c.attempts,
        -- A personal row's own text (results, a fee reminder) is the only one it may send (the
        -- message's only describes the send), so one whose text a child's erasure cleared has none.
        case when m.kind in (${personalKinds}) then c.content else m.content end as text
      from claimed c join messages m on m.id = c.message_id
      order by c.id`,
  );
}

/** Writes the answers; a row no longer 'sending' (resolved as interrupted) is left alone. */
async function record(db: Db, updates: Update[]) {
  if (updates.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      update message_recipients r set
        status = v.status,
        gateway_status = v.gs,
        gateway_message_id = coalesce(v.mid, r.gateway_message_id),
        cost_kes = v.cost::numeric,
        reason = v.reason,
        sent_at = case when v.status = 'sent' then now() else r.sent_at end,
        next_attempt_at = case when v.status = 'queued'
          then now() + v.wait_ms * interval '1 millisecond' else r.next_attempt_at end,
        attempts = r.attempts - v.unattempt,
        updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
        as v(id int, status text, gs text, mid text, cost text, reason text, wait_ms float8, unattempt int)
      where r.id = v.id and r.status = 'sending'
      returning r.id`,
  );
  return rows.length;
}

/** Holds the whole queue until `holdMs` from now (the account is out of credit). */
async function holdQueue(db: Db, reason: string, holdMs: number) {
  await db.execute(sql`
    insert into sms_gateway_holds (id, reason, held_at, resume_at)
    values (1, ${reason}, now(), now() + ${millis(holdMs)})
    on conflict (id) do update
      set reason = excluded.reason, held_at = excluded.held_at, resume_at = excluded.resume_at`);
}

/** Refreshes claimed_at of those of `rows` still 'sending'; answers their ids. */
async function reclaim(db: Db, rows: ClaimedRow[]) {
  const kept = await queryRows<{ id: number }>(
    db,
    sql`update message_recipients set claimed_at = now()
      where status = 'sending' and id in (${sql.join(
        rows.map((row) => sql`${row.id}`),
        sql`, `,
      )})
      returning id`,
  );
  return new Set(kept.map((row) => row.id));
}

/** One gateway call's worth of rows: one message's rows that share its text, or one row. */
function groupsOf(rows: ClaimedRow[]) {
  const groups: ClaimedRow[][] = [];
  const byMessage = new Map<number, ClaimedRow[]>();
  for (const row of rows) {
    if (row.content !== null) {
      groups.push([row]);
      continue;
    }
    let group = byMessage.get(row.message_id);
    // A phone twice in one call would get one answer for two rows: the second starts another.
    if (!group || group.some((r) => r.phone_number === row.phone_number)) {
      group = [];
      byMessage.set(row.message_id, group);
      groups.push(group);
    }
    group.push(row);
  }
  return groups;
}

function updateFor(row: ClaimedRow, answer: PhoneOutcome, options: OutboxOptions): Update {
  const base = {
    id: row.id,
    gs: answer.gatewayStatus,
    mid: null,
    cost: null,
    wait_ms: 0,
    unattempt: 0,
  };
  switch (answer.outcome) {
    case 'sent':
      return { ...base, status: 'sent', mid: answer.messageId, cost: answer.costKes, reason: null };
    case 'failed':
      return { ...base, status: 'failed', reason: answer.reason };
    case 'hold':
      return {
        ...base,
        status: 'queued',
        reason: answer.reason,
        wait_ms: options.holdMs,
        unattempt: 1,
      };
    case 'retry':
      if (row.attempts >= options.maxAttempts) {
        return {
          ...base,
          status: 'failed',
          reason: `Not sent after ${row.attempts} tries: ${answer.reason}.`,
        };
      }
      return {
        ...base,
        status: 'queued',
        reason: `Waiting to try again (try ${row.attempts} of ${options.maxAttempts} failed): ${answer.reason}.`,
        wait_ms: retryWaitMs(row.attempts, options.retryAfterMs),
      };
  }
}

/** Rows put back untried: their call never went (the gateway is in trouble, or held). */
const untried = (rows: ClaimedRow[], reason: string | null, waitMs: number): Update[] =>
  rows.map((row) => ({
    id: row.id,
    status: 'queued',
    gs: null,
    mid: null,
    cost: null,
    reason,
    wait_ms: waitMs,
    unattempt: 1,
  }));

export interface RoundResult {
  claimed: number;
  sent: number;
  failed: number;
  requeued: number;
  held: boolean;
  /** Answers not written: their rows were no longer 'sending'. */
  unrecorded: number;
}

/**
 * One round: claim a batch, send it call by call, record the answers. After a call that hit
 * trouble (a timeout, a 5xx, no credit) the rest of the batch goes back untried, so a failing
 * gateway is not hammered and a batch never takes long.
 */
export async function sendDueBatch(
  db: Db,
  gateway: SmsGateway,
  options: OutboxOptions = OUTBOX_DEFAULTS,
): Promise<RoundResult> {
  const rows = await claimDueRows(db, options.batchSize);
  const result: RoundResult = {
    claimed: rows.length,
    sent: 0,
    failed: 0,
    requeued: 0,
    held: false,
    unrecorded: 0,
  };
  if (rows.length === 0) return result;

  // Answers are written as each call returns: a crash later in the batch leaves only the
  // call in flight unknown (decision 014).
  const write = async (updates: Update[]) => {
    if (updates.length === 0) return;
    // Fewer than written: another worker resolved some as interrupted meanwhile.
    result.unrecorded += updates.length - (await record(db, updates));
    for (const update of updates) {
      if (update.status === 'sent') result.sent += 1;
      else if (update.status === 'failed') result.failed += 1;
      else result.requeued += 1;
    }
  };

  const erased: Update[] = [];
  const sendable: ClaimedRow[] = [];
  for (const row of rows) {
    const reason =
      row.phone_number === null ? ERASED_REASON : row.text === null ? CHILD_ERASED_REASON : null;
    if (reason) erased.push({ ...untried([row], reason, 0)[0]!, status: 'failed', unattempt: 0 });
    else sendable.push(row);
  }
  await write(erased);

  const groups = groupsOf(sendable);
  for (const [at, claimed] of groups.entries()) {
    // The batch's rows still to go are claimed afresh before each call, so none looks
    // abandoned while this worker is alive however long the batch takes; a row another worker
    // has meanwhile resolved as interrupted is no longer 'sending' and is not sent.
    const kept = await reclaim(db, groups.slice(at).flat());
    const group = claimed.filter((row) => kept.has(row.id));
    if (group.length === 0) continue;
    const answers = await gateway.send({
      phones: group.map((row) => row.phone_number!),
      text: group[0]!.text!,
    });
    const updates: Update[] = [];
    let trouble: { reason: string | null; waitMs: number } | undefined;
    for (const row of group) {
      const answer = answers.get(row.phone_number!);
      if (!answer) throw new Error(`The ${gateway.name} driver answered no outcome for a phone`);
      updates.push(updateFor(row, answer, options));
      if (answer.outcome === 'hold') {
        trouble = { reason: answer.reason, waitMs: options.holdMs };
        if (!result.held) await holdQueue(db, answer.reason, options.holdMs);
        result.held = true;
      } else if (answer.outcome === 'retry') {
        trouble ??= { reason: null, waitMs: 0 };
      }
    }
    await write(updates);
    if (trouble) {
      // The gateway is in trouble: the rest of the batch goes back untried.
      const rest = groups.slice(at + 1).flat();
      await write(untried(rest, trouble.reason, trouble.waitMs));
      break;
    }
  }
  if (result.sent > 0)
    await db.execute(sql`delete from sms_gateway_holds where resume_at <= now()`);
  return result;
}

/** Rows a dead worker left 'sending': failed, with words saying the SMS may have gone. */
export async function resolveInterrupted(db: Db, staleAfterMs: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      update message_recipients
      set status = 'failed', gateway_status = 'interrupted', reason = ${INTERRUPTED_REASON},
        updated_at = now()
      where status = 'sending' and claimed_at < now() - ${millis(staleAfterMs)}
      returning id`,
  );
  return rows.length;
}

/** Test mode: a test SMS 'sent' for a moment is 'delivered', as a delivery report would say. */
export async function deliverTestMessages(db: Db, afterMs: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      update message_recipients
      set status = 'delivered', delivered_at = now(), updated_at = now()
      where status = 'sent' and gateway_status = ${TEST_GATEWAY_STATUS}
        and sent_at <= now() - ${millis(afterMs)}
      returning id`,
  );
  return rows.length;
}

export interface OutboxWorker {
  /** Stops polling; waits for the round in hand (its batch is finished and recorded). */
  stop(): Promise<void>;
}

/**
 * Runs rounds until stopped: at once again while batches come full, else about every
 * `idleMs`. A round that throws (the database went away) is logged and tried again later.
 */
export function startOutboxWorker(
  db: Db,
  gateway: SmsGateway,
  log: FastifyBaseLogger,
  { idleMs = 1_000, ...overrides }: Partial<OutboxOptions> & { idleMs?: number } = {},
): OutboxWorker {
  const options = { ...OUTBOX_DEFAULTS, ...overrides };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const round = async () => {
    let delay = idleMs;
    try {
      const interrupted = await resolveInterrupted(db, options.staleAfterMs);
      if (interrupted > 0) log.warn({ interrupted }, 'sms: rows left sending marked failed');
      // Only in test mode: with a real gateway 'sent' rows wait for reports, and there are many.
      if (gateway.name === 'test') await deliverTestMessages(db, options.testDeliveryAfterMs);
      const result = await sendDueBatch(db, gateway, options);
      if (result.claimed > 0) log.info({ sms: result, driver: gateway.name }, 'sms: batch sent');
      // Codes and notices about people's own accounts (account-sms.ts): a person waits for them.
      const accountSent = await sendDueAccountSms(db, gateway, options);
      if (accountSent > 0) log.info({ accountSms: accountSent }, 'sms: account SMS sent');
      if (result.unrecorded > 0) {
        log.warn({ sms: result }, 'sms: answers for rows already resolved as interrupted');
      }
      if (result.claimed === options.batchSize || accountSent === options.batchSize) delay = 0;
    } catch (err) {
      log.error({ err }, 'sms: outbox round failed');
      delay = idleMs * 5;
    }
    return delay;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = round().then((next) => {
        running = undefined;
        schedule(next);
      });
    }, delay);
  };
  schedule(0);

  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
