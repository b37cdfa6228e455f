import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { accountSms } from '../../db/schema/index';
import type { PhoneOutcome, SmsGateway } from './gateways/types';
import type { OutboxOptions } from './outbox-worker';

/**
 * SMS about a person's own account: a one-time code, a notice that someone used their number
 * (docs/decisions/025-one-time-codes-by-sms.md). Shule sends them, not a school: they go through
 * the installation's gateway (SMS_DRIVER and its account, the one every school's messages use),
 * whether or not the person has a school, and appear on no school's screens. The outbox worker
 * sends them beside the schools' messages, one row a call (each text is its own); a text is
 * erased once it has gone or been given up, so a code is kept in clear only until it leaves.
 */

/** A code is of no use once expired; a retry waits this long. */
const RETRY_AFTER_MS = 15_000;

export const LATE_REASON = 'Not sent before it was no longer of use (a code that had expired).';

/** Queues `text` for `phone` inside `tx`, to be sent before `sendBefore` or not at all. */
export async function queueAccountSms(
  tx: Db | Tx,
  sms: { phone: string; text: string; sendBefore: Date },
) {
  await tx
    .insert(accountSms)
    .values({ phoneNumber: sms.phone, content: sms.text, sendBefore: sms.sendBefore });
}

interface ClaimedAccountSms {
  id: number;
  phone_number: string;
  content: string;
  attempts: number;
}

/** Gives up rows too late to send and rows a dead worker left 'sending'; their text goes. */
async function giveUpStale(db: Db, staleAfterMs: number) {
  await db.execute(sql`
    update account_sms set status = 'failed', content = null, updated_at = now(),
      gateway_status = case when status = 'sending' then 'interrupted' else gateway_status end,
      reason = case when status = 'sending'
        then 'Sending was interrupted (the server stopped while it was sending); it was not sent again.'
        else ${LATE_REASON} end
    where (status = 'queued' and send_before <= now())
      or (status = 'sending'
        and claimed_at < now() - (${staleAfterMs}::double precision * interval '1 millisecond'))`);
}

/** Claims due rows, as the schools' outbox does: one committed statement, locked rows skipped. */
async function claimDue(db: Db, limit: number) {
  return queryRows<ClaimedAccountSms>(
    db,
    sql`
      update account_sms r
      set status = 'sending', claimed_at = now(), attempts = r.attempts + 1, updated_at = now()
      where r.id in (
        select id from account_sms
        where status = 'queued' and next_attempt_at <= now() and send_before > now()
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      ) and r.status = 'queued'
      returning r.id, r.phone_number, r.content, r.attempts`,
  );
}

async function recordOutcome(
  db: Db,
  row: ClaimedAccountSms,
  answer: PhoneOutcome,
  maxAttempts: number,
) {
  const again =
    (answer.outcome === 'retry' || answer.outcome === 'hold') && row.attempts < maxAttempts;
  const status = answer.outcome === 'sent' ? 'sent' : again ? 'queued' : 'failed';
  await db.execute(sql`
    update account_sms set
      status = ${status},
      content = case when ${status} = 'queued' then content else null end,
      gateway_status = ${answer.gatewayStatus},
      gateway_message_id = ${answer.outcome === 'sent' ? answer.messageId : null},
      reason = ${answer.outcome === 'sent' ? null : answer.reason},
      sent_at = case when ${status} = 'sent' then now() else sent_at end,
      next_attempt_at = now() + ${RETRY_AFTER_MS}::double precision * interval '1 millisecond',
      updated_at = now()
    where id = ${row.id} and status = 'sending'`);
}

/**
 * One round of account SMS: gives up what is too late, claims what is due and sends each row
 * alone. Answers how many were claimed. A gateway in trouble (a timeout, no credit) puts a row
 * back for another try 15 s later until it is too late.
 */
export async function sendDueAccountSms(
  db: Db,
  gateway: SmsGateway,
  options: Pick<OutboxOptions, 'batchSize' | 'maxAttempts' | 'staleAfterMs'>,
) {
  await giveUpStale(db, options.staleAfterMs);
  const rows = await claimDue(db, options.batchSize);
  for (const row of rows) {
    const answers = await gateway.send({ phones: [row.phone_number], text: row.content });
    const answer = answers.get(row.phone_number);
    if (!answer) throw new Error(`The ${gateway.name} driver answered no outcome for a phone`);
    await recordOutcome(db, row, answer, options.maxAttempts);
  }
  return rows.length;
}

/** Housekeeping: account SMS a day old (they hold a person's phone). */
export async function pruneAccountSms(db: Db) {
  const gone = await db
    .delete(accountSms)
    .where(sql`${accountSms.createdAt} < now() - interval '1 day'`)
    .returning({ id: accountSms.id });
  return gone.length;
}
