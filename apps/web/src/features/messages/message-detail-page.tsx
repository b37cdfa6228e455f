import {
  isPersonalMessage,
  type Message,
  type MessageRecipient,
  recipientsText,
} from '@shule/shared/messages';
import { ArrowLeft, MessageSquareOff } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import { SmsGatewayNotices } from '../../components/sms-gateway-notices';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardsOrTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NoMatches } from '../../components/ui/no-matches';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton, SkeletonRows } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { formatKes } from '../../lib/kes';
import { useMessage } from './get-messages';
import {
  countsText,
  MessageStatusBadge,
  plural,
  RecipientStatusBadge,
  recipientsCount,
  sentAt,
  skippedText,
} from './message-pieces';

const back = (
  <Link to="/messages" className={buttonClass('outline')}>
    <ArrowLeft className="h-4 w-4" aria-hidden="true" />
    Back to messages
  </Link>
);

/** One message (/messages/:id): what was sent, and every parent with their SMS's status and why. */
const breadcrumb = [{ label: 'Messaging', to: '/messages' }, { label: 'Message' }];

export function MessageDetailPage() {
  return (
    <AdminOnlyPage
      title="Message"
      breadcrumb={breadcrumb}
      hint="Only your school's admins send SMS to parents."
      className="mx-auto max-w-4xl"
    >
      <MessageDetail />
    </AdminOnlyPage>
  );
}

function MessageDetail() {
  const messageId = Number(useParams().id);
  const detail = useMessage(messageId);
  const valid = Number.isInteger(messageId) && messageId > 0;
  const notFound = !valid || (detail.error instanceof ApiError && detail.error.status === 404);

  if (notFound) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader title="Message not found" breadcrumb={breadcrumb} />
        <EmptyState
          icon={<MessageSquareOff className="h-10 w-10" />}
          title="No such message in your school"
          hint="The link may be wrong."
          action={back}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <PageHeader title="Message" breadcrumb={breadcrumb} actions={back} />
      {detail.isPending ? (
        <div className="space-y-4" role="status" aria-label="Loading">
          <Skeleton className="h-32 w-full" />
          <SkeletonRows rows={5} />
        </div>
      ) : detail.isError ? (
        <LoadError what="the message" error={detail.error} onRetry={detail.refetch} />
      ) : (
        <>
          <SmsGatewayNotices state={detail.data} />
          <MessageSummary message={detail.data.message} />
          <RecipientsSection message={detail.data.message} recipients={detail.data.recipients} />
        </>
      )}
    </div>
  );
}

function MessageSummary({ message }: { message: Message }) {
  const skipped = skippedText(message, message.kind);
  return (
    <Card className="space-y-3 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <MessageStatusBadge status={message.status} />
        <p className="font-medium">{recipientsText(message)}</p>
      </div>
      <p className="whitespace-pre-line break-words rounded-md bg-muted/60 p-3 text-sm">
        {message.content}
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted-foreground">Sent</dt>
          <dd className="tabular-nums">{sentAt(message.created_at)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Delivery</dt>
          <dd className="tabular-nums">
            {recipientsCount(message)}: {countsText(message)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Cost</dt>
          <dd className="tabular-nums">
            {message.cost !== null
              ? `${formatKes(message.cost)} (estimated ${formatKes(message.estimated_cost)})`
              : `Estimated ${formatKes(message.estimated_cost)}${
                  message.test_mode
                    ? ' (test mode: nothing is charged)'
                    : ': the gateway has not charged yet'
                }`}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Length</dt>
          <dd>
            {plural(message.parts, 'SMS part')}{' '}
            {isPersonalMessage(message.kind) ? 'each' : 'per parent'}
          </dd>
        </div>
      </dl>
      {skipped ? <p className="text-sm text-muted-foreground">{skipped}.</p> : null}
    </Card>
  );
}

const parentText = (r: MessageRecipient) => r.parent_name ?? 'Parent (data erased)';

function StatusWithReason({ recipient }: { recipient: MessageRecipient }) {
  return (
    <div className="space-y-1">
      <RecipientStatusBadge status={recipient.status} />
      {recipient.reason ? (
        <p
          className={
            recipient.status === 'failed' ? 'text-xs text-red-700' : 'text-xs text-muted-foreground'
          }
        >
          {recipient.reason}
        </p>
      ) : null}
    </div>
  );
}

/** Which recipients to show: a school with hundreds of parents looks for the failed ones. */
const SHOWN = {
  all: { label: 'All', has: () => true },
  failed: { label: 'Failed', has: (r: MessageRecipient) => r.status === 'failed' },
  waiting: {
    label: 'Waiting',
    has: (r: MessageRecipient) => r.status === 'queued' || r.status === 'sending',
  },
  sent: { label: 'Sent, not yet delivered', has: (r: MessageRecipient) => r.status === 'sent' },
  delivered: { label: 'Delivered', has: (r: MessageRecipient) => r.status === 'delivered' },
} as const;
type Shown = keyof typeof SHOWN;

function RecipientsSection({
  message,
  recipients,
}: {
  message: Message;
  recipients: readonly MessageRecipient[];
}) {
  const [shown, setShown] = useState<Shown>('all');
  const rows = recipients.filter(SHOWN[shown].has);
  const choices = (Object.keys(SHOWN) as Shown[])
    .map((key) => ({ key, count: recipients.filter(SHOWN[key].has).length }))
    .filter((c) => c.key === 'all' || c.key === shown || c.count > 0);
  return (
    <section aria-labelledby="recipients" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recipients" className="text-lg font-semibold">
          Recipients ({recipients.length})
        </h2>
        {choices.length > 2 ? (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor="recipients-shown" className="text-muted-foreground">
              Show
            </label>
            <div className="w-52">
              <Select
                id="recipients-shown"
                value={shown}
                onChange={(e) => setShown(e.target.value as Shown)}
              >
                {choices.map((c) => (
                  <option key={c.key} value={c.key}>
                    {SHOWN[c.key].label} ({c.count})
                  </option>
                ))}
              </Select>
            </div>
          </div>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <NoMatches>No recipient is {SHOWN[shown].label.toLowerCase()} now.</NoMatches>
      ) : (
        <RecipientList message={message} recipients={rows} />
      )}
    </section>
  );
}

function RecipientList({
  message,
  recipients,
}: {
  message: Message;
  recipients: readonly MessageRecipient[];
}) {
  const results = isPersonalMessage(message.kind);
  return (
    <CardsOrTable
      label="Recipients"
      rows={recipients}
      rowKey={(r) => r.id}
      rowProps={() => ({ 'data-testid': 'recipient' })}
      card={(r) => (
        <Card className="space-y-2 p-3 text-sm" data-testid="recipient">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium">{parentText(r)}</p>
              <p className="text-xs text-muted-foreground tabular-nums">
                {r.phone_number ?? '—'}
                {results && r.student_name ? ` · about ${r.student_name}` : ''}
              </p>
            </div>
            <p className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {r.cost ? formatKes(r.cost) : ''}
            </p>
          </div>
          <StatusWithReason recipient={r} />
          {r.content ? (
            <p className="whitespace-pre-line break-words rounded bg-muted/60 p-2 text-xs">
              {r.content}
            </p>
          ) : null}
        </Card>
      )}
      columns={[
        { header: 'Parent', cell: parentText, className: 'font-medium' },
        { header: 'Phone', cell: (r) => r.phone_number ?? '—', className: 'tabular-nums' },
        results && {
          header: 'Student',
          cell: (r) => (
            <div className="space-y-1">
              <p>{r.student_name ?? '—'}</p>
              {r.content ? (
                <p className="max-w-xs whitespace-pre-line break-words text-xs text-muted-foreground">
                  {r.content}
                </p>
              ) : null}
            </div>
          ),
        },
        {
          header: 'Status',
          cell: (r) => <StatusWithReason recipient={r} />,
          className: 'max-w-xs',
        },
        {
          header: 'Cost',
          cell: (r) => (r.cost ? formatKes(r.cost) : '—'),
          className: 'whitespace-nowrap tabular-nums',
        },
      ]}
    />
  );
}
