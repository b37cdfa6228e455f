import { formatDate } from '@shule/shared/display-dates';
import type { Term } from '@shule/shared/terms';
import { CalendarRange, Plus } from 'lucide-react';
import { useState } from 'react';
import { DateStatusBadge } from '../../components/date-status-badge';
import { deleteToasts } from '../../components/delete-toasts';
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
import { formatDateShort } from '../../lib/dates';
import { useAcademicYears } from '../../lib/queries/academic-years';
import { useTerms } from '../../lib/queries/terms';
import { useIsAdmin } from '../../lib/roles';
import { useDeleteTerm } from './delete-term';
import { TermFormDialog } from './term-form-dialog';

const BREADCRUMB = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Academics' },
  { label: 'Terms' },
];

/** Name, or a date in any of the forms a user sees or types (2024-01-08, 2024/01/08, 8 Jan 2024). */
const matches = (term: Term, query: string) =>
  [
    term.name,
    ...[term.start_date, term.end_date].flatMap((d) => [d, formatDate(d), formatDateShort(d)]),
  ]
    .join(' | ')
    .toLowerCase()
    .includes(query);

export function TermsPage() {
  const terms = useTerms();
  // Loaded now so that the Add Term form opens with its years ready.
  useAcademicYears();
  const isAdmin = useIsAdmin();
  const deleteTerm = useDeleteTerm();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ open: boolean; term: Term | null }>({
    open: false,
    term: null,
  });
  const [toDelete, setToDelete] = useState<Term | null>(null);

  const all = terms.data ?? [];
  const query = search.trim().toLowerCase();
  const shown = query ? all.filter((t) => matches(t, query)) : all;
  const openForm = (term: Term | null) => setForm({ open: true, term });

  const confirmDelete = (term: Term) =>
    deleteTerm.mutate(term.id, {
      ...deleteToasts('term', () => confirmDelete(term)),
      onSettled: () => setToDelete(null),
    });

  const actions = (term: Term) => (
    <RowActions name={term.name} onEdit={() => openForm(term)} onDelete={() => setToDelete(term)} />
  );

  const addButton = isAdmin ? (
    <Button onClick={() => openForm(null)}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      Add Term
    </Button>
  ) : null;

  return (
    <div>
      <PageHeader title="Terms" breadcrumb={BREADCRUMB} actions={addButton} />

      {terms.isPending ? (
        <SkeletonRows rows={5} />
      ) : terms.isError ? (
        <LoadError what="the terms" error={terms.error} onRetry={terms.refetch} />
      ) : all.length === 0 ? (
        <EmptyState
          icon={<CalendarRange className="h-10 w-10" />}
          title="No terms yet"
          hint={
            isAdmin
              ? 'Add the terms of your academic year, each with its start and end dates.'
              : 'Your school administrator has not added terms yet.'
          }
          action={addButton}
        />
      ) : (
        <div className="space-y-4">
          <SearchInput
            placeholder="Search terms..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {shown.length === 0 ? (
            <NoMatches>No terms match &lsquo;{search.trim()}&rsquo;.</NoMatches>
          ) : (
            <CardsOrTable
              label="Terms"
              rows={shown}
              rowKey={(term) => term.id}
              card={(term) => (
                <Card className="p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <p className="font-medium">{term.name}</p>
                      <p className="text-sm text-muted-foreground">
                        {formatDate(term.start_date)} – {formatDate(term.end_date)}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {term.academic_year?.name ?? 'No academic year'}
                      </p>
                    </div>
                    <DateStatusBadge status={term.status} />
                  </div>
                  {isAdmin ? <div className="mt-3">{actions(term)}</div> : null}
                </Card>
              )}
              columns={[
                { header: 'Term', cell: (term) => term.name, className: 'font-medium' },
                { header: 'Start Date', cell: (term) => formatDate(term.start_date) },
                { header: 'End Date', cell: (term) => formatDate(term.end_date) },
                { header: 'Academic year', cell: (term) => term.academic_year?.name ?? '—' },
                { header: 'Status', cell: (term) => <DateStatusBadge status={term.status} /> },
                isAdmin && { header: 'Actions', headerClassName: 'text-right', cell: actions },
              ]}
            />
          )}
        </div>
      )}

      <TermFormDialog
        open={form.open}
        term={form.term}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Are you sure you want to delete this term ?"
        description={toDelete ? `${toDelete.name} will be removed.` : undefined}
        busy={deleteTerm.isPending}
        busyLabel="..Deleting"
        onConfirm={() => toDelete && confirmDelete(toDelete)}
      />
    </div>
  );
}
