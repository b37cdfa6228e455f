import { formatDate } from '@shule/shared/display-dates';
import type { Exam } from '@shule/shared/exams';
import { NotebookPen, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DateStatusBadge } from '../../components/date-status-badge';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CardsOrTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { NoMatches } from '../../components/ui/no-matches';
import { PageHeader } from '../../components/ui/page-header';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatDateShort } from '../../lib/dates';
import { canRetry } from '../../lib/form-errors';
import { useExams } from '../../lib/queries/exams';
import { useTerms } from '../../lib/queries/terms';
import { useIsAdmin } from '../../lib/roles';
import { useDeleteExam } from './delete-exam';
import { ExamFormDialog } from './exam-form-dialog';

const BREADCRUMB = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Academics' },
  { label: 'Exams' },
];

/** Name, term, or a date in any of the forms a user sees or types. */
const matches = (exam: Exam, term: string | null, query: string) =>
  [
    exam.name,
    term ?? '',
    ...[exam.start_date, exam.end_date].flatMap((d) => [d, formatDate(d), formatDateShort(d)]),
  ]
    .join(' | ')
    .toLowerCase()
    .includes(query);

export function ExamsPage() {
  const exams = useExams();
  const terms = useTerms();
  const termNames = useMemo(
    () => new Map((terms.data ?? []).map((t) => [t.id, t.name])),
    [terms.data],
  );
  const termOf = (exam: Exam) => (exam.term == null ? null : (termNames.get(exam.term) ?? null));
  const isAdmin = useIsAdmin();
  const deleteExam = useDeleteExam();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ open: boolean; exam: Exam | null }>({
    open: false,
    exam: null,
  });
  const [toDelete, setToDelete] = useState<Exam | null>(null);

  const all = exams.data ?? [];
  const query = search.trim().toLowerCase();
  const shown = query ? all.filter((e) => matches(e, termOf(e), query)) : all;
  const openForm = (exam: Exam | null) => setForm({ open: true, exam });

  const confirmDelete = (exam: Exam) =>
    deleteExam.mutate(exam.id, {
      onSuccess: () => {
        setToDelete(null);
        toast({ title: 'Exam deleted successfully', variant: 'success' });
      },
      onError: (err) => {
        setToDelete(null);
        toast({
          title: 'Could not delete exam',
          // The server's reason (an exam with scores is kept) when it gave one.
          description: err instanceof ApiError && err.status < 500 ? err.message : undefined,
          variant: 'destructive',
          action: canRetry(err)
            ? { label: 'Try Again', onClick: () => confirmDelete(exam) }
            : undefined,
        });
      },
    });

  const actions = (exam: Exam) => (
    <RowActions name={exam.name} onEdit={() => openForm(exam)} onDelete={() => setToDelete(exam)} />
  );

  const nameLink = (exam: Exam) => (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Link to={`/exams/${exam.id}`} className="font-medium text-primary hover:underline">
        {exam.name}
      </Link>
      {exam.components.length > 0 ? <Badge tone="blue">Combined</Badge> : null}
    </span>
  );

  const addButton = isAdmin ? (
    <Button onClick={() => openForm(null)}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      Create New Exam
    </Button>
  ) : null;

  return (
    <div>
      <PageHeader title="Exams" breadcrumb={BREADCRUMB} actions={addButton} />

      {exams.isPending ? (
        <SkeletonRows rows={5} />
      ) : exams.isError ? (
        <LoadError what="the exams" error={exams.error} onRetry={exams.refetch} />
      ) : all.length === 0 ? (
        <EmptyState
          icon={<NotebookPen className="h-10 w-10" />}
          title="No exams yet"
          hint={
            isAdmin
              ? 'Create an exam, then open it to enter each student’s scores.'
              : 'Your school administrator has not created exams yet.'
          }
          action={addButton}
        />
      ) : (
        <div className="space-y-4">
          <SearchInput
            placeholder="Search exams..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {shown.length === 0 ? (
            <NoMatches>No exams match &lsquo;{search.trim()}&rsquo;.</NoMatches>
          ) : (
            <CardsOrTable
              label="Exams"
              rows={shown}
              rowKey={(exam) => exam.id}
              card={(exam) => (
                <Card className="p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      {nameLink(exam)}
                      <p className="text-sm text-muted-foreground">
                        {formatDate(exam.start_date)} – {formatDate(exam.end_date)}
                      </p>
                      {termOf(exam) ? (
                        <p className="text-sm text-muted-foreground">{termOf(exam)}</p>
                      ) : null}
                    </div>
                    <DateStatusBadge status={exam.status} />
                  </div>
                  {isAdmin ? <div className="mt-3">{actions(exam)}</div> : null}
                </Card>
              )}
              columns={[
                { header: 'Exam', cell: nameLink },
                {
                  header: 'Term',
                  cell: (exam) => termOf(exam) ?? <span className="text-muted-foreground">—</span>,
                },
                { header: 'Start Date', cell: (exam) => formatDate(exam.start_date) },
                { header: 'End Date', cell: (exam) => formatDate(exam.end_date) },
                { header: 'Status', cell: (exam) => <DateStatusBadge status={exam.status} /> },
                isAdmin && { header: 'Actions', headerClassName: 'text-right', cell: actions },
              ]}
            />
          )}
        </div>
      )}

      <ExamFormDialog
        open={form.open}
        exam={form.exam}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Are you sure you want to delete this exam ?"
        description={
          toDelete
            ? `${toDelete.name} will be removed. An exam that has scores cannot be deleted.`
            : undefined
        }
        busy={deleteExam.isPending}
        busyLabel="..Deleting"
        onConfirm={() => toDelete && confirmDelete(toDelete)}
      />
    </div>
  );
}
