import { formatSchoolMoment } from '@shule/shared/display-dates';
import {
  isPersonalMessage,
  MESSAGE_STATUS_LABELS,
  type Message,
  type MessageStatus,
  RECIPIENT_STATUS_LABELS,
  type RecipientStatus,
} from '@shule/shared/messages';
import { Badge } from '../../components/ui/badge';
import { formatKes } from '../../lib/kes';

/** Sending yellow, Sent green, Failed red. */
const MESSAGE_TONES = { sending: 'yellow', sent: 'green', failed: 'red' } as const;

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <Badge tone={MESSAGE_TONES[status]}>{MESSAGE_STATUS_LABELS[status]}</Badge>;
}

/** A recipient waits (yellow), is with the network (blue), reached the phone (green) or failed. */
const RECIPIENT_TONES = {
  queued: 'yellow',
  sending: 'yellow',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
} as const;

export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  return <Badge tone={RECIPIENT_TONES[status]}>{RECIPIENT_STATUS_LABELS[status]}</Badge>;
}

/** When, by the school's clock: "26 Nov 2026 14:02". */
export const sentAt = (iso: string) => formatSchoolMoment(iso, { time: true });

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 delivered · 1 sent · 0 failed", and how many still wait while some do. */
export function countsText(message: Pick<Message, 'counts'>) {
  const { queued, sending, sent, delivered, failed } = message.counts;
  const waiting = queued + sending;
  return [
    `${delivered} delivered`,
    `${sent} sent`,
    `${failed} failed`,
    waiting > 0 ? `${waiting} waiting` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What the gateway charged, or the estimate until it has answered. */
export function costText(message: Pick<Message, 'cost' | 'estimated_cost' | 'test_mode'>) {
  if (message.cost !== null) return `Cost ${formatKes(message.cost)}`;
  return `Estimated ${formatKes(message.estimated_cost)}`;
}

/**
 * Who was left out, in words, or null when nobody was. A results message counts students (a
 * parent of two children gets two texts, or is left out twice).
 */
export function skippedText(
  skipped: { skipped_no_consent: number; skipped_opted_out: number },
  kind: Message['kind'] = 'broadcast',
) {
  const who = (n: number, why: string) =>
    isPersonalMessage(kind)
      ? `${plural(n, 'student')} whose parent ${why}`
      : `${plural(n, 'parent')} who ${why}`;
  const parts = [
    skipped.skipped_no_consent > 0
      ? isPersonalMessage(kind)
        ? who(skipped.skipped_no_consent, 'has not consented to SMS')
        : `${plural(skipped.skipped_no_consent, 'parent')} without SMS consent`
      : null,
    skipped.skipped_opted_out > 0 ? who(skipped.skipped_opted_out, 'opted out of SMS') : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Left out: ${parts.join(' and ')}` : null;
}

/** How many were sent it: parents, or for results each student's parent. */
export const recipientsCount = (message: Pick<Message, 'kind' | 'recipients'>) =>
  isPersonalMessage(message.kind)
    ? `The parents of ${plural(message.recipients, 'student')}`
    : plural(message.recipients, 'parent');
