import { type Message, recipientsText } from '@shule/shared/messages';
import { pageCount } from '@shule/shared/pagination';
import { ChevronRight, MessageSquare } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import { SmsGatewayNotices } from '../../components/sms-gateway-notices';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { Skeleton, SkeletonRows } from '../../components/ui/skeleton';
import { useClasses } from '../../lib/queries/classes';
import { ComposeMessageCard } from './compose-message-card';
import { useMessages } from './get-messages';
import { costText, countsText, MessageStatusBadge, sentAt } from './message-pieces';

/**
 * Messaging (/messages): compose an SMS to the parents of chosen classes, and the
 * school's messages with their delivery, newest first, refreshed while any is still sending.
 */
export function MessagesPage() {
  return (
    <AdminOnlyPage
      title="Messaging"
      hint="Only your school's admins send SMS to parents."
      className="mx-auto max-w-3xl"
    >
      <AdminMessagesPage />
    </AdminOnlyPage>
  );
}

function AdminMessagesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const messages = useMessages(page);
  const classes = useClasses();
  const showPage = (next: number) =>
    setParams(next > 1 ? { page: String(next) } : {}, { replace: true });

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageHeader title="Messaging" />
      {messages.data ? <SmsGatewayNotices state={messages.data} /> : null}
      {classes.isPending ? (
        <Card className="space-y-4 p-5" role="status" aria-label="Loading">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-24 w-full" />
        </Card>
      ) : classes.isError ? (
        <LoadError what="the classes" error={classes.error} onRetry={classes.refetch} />
      ) : (
        <ComposeMessageCard classes={classes.data} />
      )}
      <Card>
        <CardHeader>
          <CardTitle>Messages</CardTitle>
          <CardDescription>
            Each message with its delivery to parents' phones. Open one to see every parent.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          {messages.isPending ? (
            <SkeletonRows rows={4} />
          ) : messages.isError ? (
            <LoadError what="the messages" error={messages.error} onRetry={messages.refetch} />
          ) : messages.data.total === 0 ? (
            <EmptyState
              icon={<MessageSquare className="h-10 w-10" />}
              title="No messages yet"
              hint="Messages you send appear here with what each cost and whether it reached the parents."
            />
          ) : (
            <>
              <ul
                aria-label="Messages"
                className="divide-y rounded-md border md:max-h-[300px] md:overflow-y-auto"
              >
                {messages.data.messages.map((m) => (
                  <li key={m.id}>
                    <MessageItem message={m} />
                  </li>
                ))}
              </ul>
              {pageCount(messages.data.total, messages.data.page_size) > 1 ? (
                <Pagination
                  page={page}
                  pageSize={messages.data.page_size}
                  total={messages.data.total}
                  busy={messages.isPlaceholderData}
                  onPageChange={showPage}
                />
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** One message: to whom, what, when, its badge, the counts and the cost; opens its recipients. */
function MessageItem({ message }: { message: Message }) {
  return (
    <Link
      to={`/messages/${message.id}`}
      data-testid="message-item"
      className="flex items-start gap-3 p-3 hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <MessageStatusBadge status={message.status} />
          <p className="min-w-0 break-words text-sm font-medium">{recipientsText(message)}</p>
        </div>
        <p className="line-clamp-2 whitespace-pre-line break-words text-sm">{message.content}</p>
        <p className="text-xs text-muted-foreground tabular-nums">
          {sentAt(message.created_at)} · {countsText(message)} · {costText(message)}
          {message.test_mode ? ' · test mode' : ''}
        </p>
      </div>
      <ChevronRight className="mt-1 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}
