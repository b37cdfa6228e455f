import {
  AUDIT_ACTION_LABELS,
  type AuditLogResponse,
  actorText,
  subjectText,
} from '@shule/shared/audit';
import { formatSchoolMoment } from '@shule/shared/display-dates';
import { type MessageListResponse, recipientsText } from '@shule/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { Activity, type LucideIcon, Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { api } from '../../lib/api-client';

/** How many of the latest messages and log entries the dashboard shows. */
export const LATEST_MESSAGES = 3;
export const LATEST_ACTIVITIES = 5;

function RecentCard({
  title,
  icon: Icon,
  more,
  children,
}: {
  title: string;
  icon: LucideIcon;
  more: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="h-5 w-5 text-slate-400" aria-hidden="true" />
      </CardHeader>
      <CardContent className="space-y-3">
        {children}
        <Link
          to={more.to}
          className="inline-block text-sm text-primary underline underline-offset-2"
        >
          {more.label}
        </Link>
      </CardContent>
    </Card>
  );
}

/** The school's latest messages to parents (admins; under ['messages'], so a send refreshes it). */
export function AnnouncementsCard({ schoolId }: { schoolId: number }) {
  const latest = useQuery({
    queryKey: ['messages', 'list', schoolId, 'latest'],
    queryFn: () =>
      api.get<MessageListResponse>(
        `/messages/?school=${schoolId}&page=1&page_size=${LATEST_MESSAGES}`,
      ),
  });
  const messages = latest.data?.messages ?? [];
  return (
    <RecentCard
      title="Announcements"
      icon={Megaphone}
      more={{ to: '/messages', label: 'All messages' }}
    >
      {latest.isPending ? (
        <SkeletonRows rows={2} />
      ) : latest.isError ? (
        <LoadError what="the messages" error={latest.error} onRetry={latest.refetch} />
      ) : messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No messages yet: SMS to the parents of chosen classes appear here.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Latest messages">
          {messages.map((m) => (
            <li key={m.id} className="min-w-0 text-sm">
              <Link to={`/messages/${m.id}`} className="block hover:underline">
                <span className="line-clamp-2 break-words">{m.content}</span>
              </Link>
              <span className="block truncate text-xs text-muted-foreground">
                {recipientsText(m)} · {formatSchoolMoment(m.created_at, { time: true })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </RecentCard>
  );
}

/** The audit log's latest entries, with the names of who acted and on what (admins). */
export function RecentActivitiesCard() {
  const latest = useQuery({
    queryKey: ['audit_log', 'latest'],
    queryFn: () => api.get<AuditLogResponse>(`/audit_log/?page=1&page_size=${LATEST_ACTIVITIES}`),
  });
  const entries = latest.data?.entries ?? [];
  return (
    <RecentCard
      title="Recent Activities"
      icon={Activity}
      more={{ to: '/audit_log', label: 'Audit log' }}
    >
      {latest.isPending ? (
        <SkeletonRows rows={3} />
      ) : latest.isError ? (
        <LoadError what="the activities" error={latest.error} onRetry={latest.refetch} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Latest activities">
          {entries.map((e) => {
            const subject = subjectText(e);
            return (
              <li key={e.id} className="min-w-0 text-sm">
                <span className="block truncate">
                  {AUDIT_ACTION_LABELS[e.action]}
                  {subject ? ` · ${subject}` : ''}
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  {actorText(e)} · {formatSchoolMoment(e.created_at, { time: true })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </RecentCard>
  );
}
