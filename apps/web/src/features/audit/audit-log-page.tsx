import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
  actorText,
  subjectText,
} from '@shule/shared/audit';
import { formatSchoolMoment } from '@shule/shared/display-dates';
import { pageCount } from '@shule/shared/pagination';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import { Card } from '../../components/ui/card';
import { CardsOrTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useAuditLog } from './get-audit-log';

/** When, by the school's clock: "23 Nov 2026 18:04". */
const when = (entry: AuditEntry) => formatSchoolMoment(entry.created_at, { time: true });

function What({ entry }: { entry: AuditEntry }) {
  const subject = subjectText(entry);
  return (
    <span>
      {AUDIT_ACTION_LABELS[entry.action]}
      {subject ? (
        <span className="text-muted-foreground">
          {' · '}
          {entry.subject_type === 'student' ? (
            <Link to={`/students/${entry.subject_id}`} className="text-primary hover:underline">
              {subject}
            </Link>
          ) : (
            subject
          )}
        </span>
      ) : null}
    </span>
  );
}

const isAction = (value: string | null): value is AuditAction =>
  (AUDIT_ACTIONS as readonly (string | null)[]).includes(value);

/** Who did what to people's data or access, when and from where (admins). */
export function AuditLogPage() {
  return (
    <AdminOnlyPage title="Audit log" hint="Ask your school's admin to see the audit log.">
      <AuditLog />
    </AdminOnlyPage>
  );
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const requestedAction = params.get('action');
  const action = isAction(requestedAction) ? requestedAction : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const log = useAuditLog({ page, action });

  const show = (changes: { action?: string; page?: number }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.action !== undefined) {
          next.delete('page');
          if (changes.action) next.set('action', changes.action);
          else next.delete('action');
        }
        if (changes.page !== undefined) {
          if (changes.page > 1) next.set('page', String(changes.page));
          else next.delete('page');
        }
        return next;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (log.isPending) {
    body = <SkeletonRows rows={6} />;
  } else if (log.isError) {
    body = <LoadError what="the audit log" error={log.error} onRetry={log.refetch} />;
  } else if (log.data.total === 0) {
    body = (
      <EmptyState
        icon={<ShieldCheck className="h-10 w-10" />}
        title={action ? 'No entries of this kind yet' : 'No entries yet'}
        hint="Sign-ins, password changes, users added, consents changed, data exports and erasures appear here."
      />
    );
  } else {
    const { entries, total, page_size } = log.data;
    body = (
      <div className="space-y-3">
        <CardsOrTable
          label="Audit log"
          rows={entries}
          rowKey={(e) => e.id}
          listClassName="space-y-2"
          card={(e) => (
            <Card className="space-y-1 p-3 text-sm" data-testid="audit-entry">
              <p className="font-medium">
                <What entry={e} />
              </p>
              <p className="text-xs text-muted-foreground">
                {actorText(e)} · {when(e)} · {e.address ?? 'address unknown'}
              </p>
            </Card>
          )}
          rowProps={() => ({ 'data-testid': 'audit-entry' })}
          columns={[
            { header: 'When', cell: when, className: 'whitespace-nowrap tabular-nums' },
            { header: 'Who', cell: actorText },
            { header: 'What', cell: (e) => <What entry={e} /> },
            {
              header: 'From',
              cell: (e) => e.address ?? '—',
              className: 'font-mono text-xs',
            },
          ]}
        />
        {pageCount(total, page_size) > 1 ? (
          <Pagination
            page={page}
            pageSize={page_size}
            total={total}
            busy={log.isPlaceholderData}
            onPageChange={(next) => show({ page: next })}
          />
        ) : null}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Audit log"
        actions={
          <div>
            <label htmlFor="audit-action" className="sr-only">
              Show action
            </label>
            <Select
              id="audit-action"
              value={action ?? ''}
              onChange={(e) => show({ action: e.target.value })}
            >
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {AUDIT_ACTION_LABELS[a]}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      <p className="mb-4 text-sm text-muted-foreground">
        Who did what with people&apos;s data or access, when and from which address. Entries name
        classes and staff; students and parents by number only.
      </p>
      {body}
    </div>
  );
}
