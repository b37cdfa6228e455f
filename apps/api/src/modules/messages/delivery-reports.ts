import type { DeliveryReportBody, DeliveryReportStatus } from '@shule/shared/sms-delivery-reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { notFound } from '../../errors';

/**
 * Delivery reports: the gateway's word on what became of an SMS it took (decision 014). The
 * gateway signs nothing, so the secret token in the callback's path is the check; the report
 * then names its row by the gateway's message id, and changes that row only.
 */

/** What a report status means for the row. */
const EFFECT: Record<DeliveryReportStatus, 'delivered' | 'failed' | 'sent'> = {
  Success: 'delivered',
  Failed: 'failed',
  Rejected: 'failed',
  AbsentSubscriber: 'failed',
  Expired: 'failed',
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
};

const STATUS_WORDS: Partial<Record<DeliveryReportStatus, string>> = {
  Failed: 'The network could not deliver this SMS',
  Rejected: 'The network rejected this SMS',
  AbsentSubscriber:
    'The parent’s phone was off or out of reach for as long as the network kept trying',
  Expired: 'The network gave up on this SMS before the phone could take it',
};

const SAFARICOM_UNBLOCK =
  "On Safaricom the parent can dial *456*9*5# and activate messages from the school's sender name; a sender ID registered as transactional is not blocked this way.";

/** The gateway's failureReason, in words, with what can be done. */
const FAILURE_WORDS: Record<string, string> = {
  InsufficientCredit: 'the SMS account ran out of credit: top up the Africa’s Talking account',
  UserIsInactive: 'the parent’s line is inactive: ask the parent for a number they use',
  UserAccountSuspended: 'the parent’s line is suspended: ask the parent for a number they use',
  UserDoesNotExist: 'the number does not exist: correct the parent’s phone number',
  NotNetworkSubcriber: 'the number is not on the network it was sent to: check the number',
  NotNetworkSubscriber: 'the number is not on the network it was sent to: check the number',
  UserInBlackList: `the parent’s line blocks SMS from this sender. ${SAFARICOM_UNBLOCK}`,
  UserInBlacklist: `the parent’s line blocks SMS from this sender. ${SAFARICOM_UNBLOCK}`,
  DoNotDisturbRejection: `the parent’s line refuses promotional SMS (do not disturb). ${SAFARICOM_UNBLOCK}`,
  DeliveryFailure: 'the network failed to hand it to the phone: try again later',
};

/** The reason a failed report gives, in words a school understands. */
export function failureReasonOf(status: DeliveryReportStatus, failureReason?: string) {
  const words = STATUS_WORDS[status] ?? 'The network could not deliver this SMS';
  if (!failureReason) return `${words}.`;
  const why = FAILURE_WORDS[failureReason] ?? `the network said “${failureReason}”`;
  return `${words}: ${why}${why.endsWith('.') ? '' : '.'}`;
}

/**
 * Applies one report to the row with its message id. Only a 'sent' row moves: a delivered or
 * failed row never moves back, and a replayed report finds nothing left to change. An id no
 * row has is a 404 and changes nothing.
 */
export async function applyDeliveryReport(db: Db, report: DeliveryReportBody) {
  const effect = EFFECT[report.status];
  const reason = effect === 'failed' ? failureReasonOf(report.status, report.failureReason) : null;
  const [row] = await queryRows<{ id: number; changed: boolean }>(
    db,
    sql`
      with target as (
        select id, status from message_recipients where gateway_message_id = ${report.id}
      ), moved as (
        update message_recipients r set
          status = ${effect}::text,
          gateway_status = ${report.status}::text,
          reason = ${reason}::text,
          delivered_at = case when ${effect}::text = 'delivered' then now() else r.delivered_at end,
          updated_at = now()
        from target
        where r.id = target.id and r.status = 'sent'
          and (${effect}::text <> 'sent' or r.gateway_status is distinct from ${report.status}::text)
        returning r.id
      )
      select target.id, exists (select 1 from moved) as changed from target`,
  );
  if (row) return { changed: row.changed };
  const account = await applyToAccountSms(db, report, effect, reason);
  if (!account) throw notFound('Message');
  return account;
}

/** The same report for an SMS about a person's own account (account-sms.ts). */
async function applyToAccountSms(
  db: Db,
  report: DeliveryReportBody,
  effect: 'delivered' | 'failed' | 'sent',
  reason: string | null,
) {
  const [row] = await queryRows<{ id: number; changed: boolean }>(
    db,
    sql`
      with target as (
        select id from account_sms where gateway_message_id = ${report.id}
      ), moved as (
        update account_sms a set status = ${effect}::text, gateway_status = ${report.status}::text,
          reason = ${reason}::text, updated_at = now()
        from target
        where a.id = target.id and a.status = 'sent'
          and (${effect}::text <> 'sent' or a.gateway_status is distinct from ${report.status}::text)
        returning a.id
      )
      select target.id, exists (select 1 from moved) as changed from target`,
  );
  return row ? { changed: row.changed } : undefined;
}
