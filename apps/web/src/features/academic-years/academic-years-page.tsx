import * as Menu from '@radix-ui/react-dropdown-menu';
import type { AcademicYear } from '@shule/shared/academic-years';
import { DATE_STATUSES, type DateStatus } from '@shule/shared/date-status';
import { formatDate } from '@shule/shared/display-dates';
import { CalendarDays, Check, Download, Filter, Plus } from 'lucide-react';
import { useState } from 'react';
import { DateStatusBadge } from '../../components/date-status-badge';
import { deleteToasts } from '../../components/delete-toasts';
import { Button, buttonClass } from '../../components/ui/button';
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
import { downloadCsv, toCsv } from '../../lib/csv';
import { useAcademicYears } from '../../lib/queries/academic-years';
import { useIsAdmin } from '../../lib/roles';
import { AcademicYearFormDialog } from './academic-year-form-dialog';
import { useDeleteAcademicYear } from './delete-academic-year';

const BREADCRUMB = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Academics' },
  { label: 'Academic Years' },
];

/** Matches the name, or a date as stored (2024-01-08) or as shown (8 Jan 2024). */
const matches = (year: AcademicYear, query: string) =>
  [
    year.name,
    year.start_date,
    year.end_date,
    formatDate(year.start_date),
    formatDate(year.end_date),
  ]
    .join(' ')
    .toLowerCase()
    .includes(query);

export function AcademicYearsPage() {
  const years = useAcademicYears();
  const isAdmin = useIsAdmin();
  const deleteYear = useDeleteAcademicYear();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DateStatus | null>(null);
  const [form, setForm] = useState<{ open: boolean; year: AcademicYear | null }>({
    open: false,
    year: null,
  });
  const [toDelete, setToDelete] = useState<AcademicYear | null>(null);

  const all = years.data ?? [];
  const query = search.trim().toLowerCase();
  const shown = all.filter(
    (y) => (!query || matches(y, query)) && (status === null || y.status === status),
  );
  const openForm = (year: AcademicYear | null) => setForm({ open: true, year });

  const exportShown = () =>
    downloadCsv(
      'academic-years.csv',
      toCsv(
        ['Year', 'Start Date', 'End Date', 'Status'],
        shown.map((y) => [y.name, y.start_date, y.end_date, y.status]),
      ),
    );

  const confirmDelete = (year: AcademicYear) =>
    deleteYear.mutate(year.id, {
      ...deleteToasts('academic year', () => confirmDelete(year)),
      onSettled: () => setToDelete(null),
    });

  const actions = (year: AcademicYear) => (
    <RowActions name={year.name} onEdit={() => openForm(year)} onDelete={() => setToDelete(year)} />
  );

  const addButton = isAdmin ? (
    <Button onClick={() => openForm(null)}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      Add Academic Year
    </Button>
  ) : null;

  return (
    <div>
      <PageHeader title="Academic Years" breadcrumb={BREADCRUMB} actions={addButton} />

      {years.isPending ? (
        <SkeletonRows rows={5} />
      ) : years.isError ? (
        <LoadError what="the academic years" error={years.error} onRetry={years.refetch} />
      ) : all.length === 0 ? (
        <EmptyState
          icon={<CalendarDays className="h-10 w-10" />}
          title="No academic years yet"
          hint={
            isAdmin
              ? 'Add your academic year (for example 2022-2024), then its terms.'
              : 'Your school administrator has not added academic years yet.'
          }
          action={addButton}
        />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <SearchInput
              placeholder="Search academic years..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <div className="flex gap-2">
              <StatusFilter value={status} onChange={setStatus} />
              <Button
                variant="outline"
                onClick={exportShown}
                disabled={shown.length === 0}
                title="Download the rows shown as a CSV file"
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                Export
              </Button>
            </div>
          </div>
          {shown.length === 0 ? (
            <NoMatches>No academic years match the search or filter.</NoMatches>
          ) : (
            <CardsOrTable
              label="Academic years"
              rows={shown}
              rowKey={(year) => year.id}
              card={(year) => (
                <Card className="p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <p className="font-medium">{year.name}</p>
                      <p className="text-sm text-muted-foreground">
                        {formatDate(year.start_date)} – {formatDate(year.end_date)}
                      </p>
                    </div>
                    <DateStatusBadge status={year.status} />
                  </div>
                  {isAdmin ? <div className="mt-3">{actions(year)}</div> : null}
                </Card>
              )}
              columns={[
                { header: 'Year', cell: (year) => year.name, className: 'font-medium' },
                { header: 'Start Date', cell: (year) => formatDate(year.start_date) },
                { header: 'End Date', cell: (year) => formatDate(year.end_date) },
                { header: 'Status', cell: (year) => <DateStatusBadge status={year.status} /> },
                isAdmin && { header: 'Actions', headerClassName: 'text-right', cell: actions },
              ]}
            />
          )}
        </div>
      )}

      <AcademicYearFormDialog
        open={form.open}
        year={form.year}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Are you sure you want to delete this academic year ?"
        description={
          toDelete
            ? `${toDelete.name} will be removed. A year that still has terms cannot be deleted.`
            : undefined
        }
        busy={deleteYear.isPending}
        busyLabel="..Deleting"
        onConfirm={() => toDelete && confirmDelete(toDelete)}
      />
    </div>
  );
}

/** The 'Filter' button: show only the years of one status. */
function StatusFilter({
  value,
  onChange,
}: {
  value: DateStatus | null;
  onChange(status: DateStatus | null): void;
}) {
  const item =
    'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';
  return (
    <Menu.Root>
      <Menu.Trigger className={buttonClass('outline')}>
        <Filter className="h-4 w-4" aria-hidden="true" />
        {value ? `Filter: ${value}` : 'Filter'}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-md border bg-background p-1 shadow-md"
        >
          <Menu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
            Status
          </Menu.Label>
          <Menu.RadioGroup
            value={value ?? 'all'}
            onValueChange={(v) => onChange(v === 'all' ? null : (v as DateStatus))}
          >
            {(['all', ...DATE_STATUSES] as const).map((s) => (
              <Menu.RadioItem key={s} value={s} className={item}>
                <span className="w-4">
                  <Menu.ItemIndicator>
                    <Check className="h-4 w-4" aria-hidden="true" />
                  </Menu.ItemIndicator>
                </span>
                {s === 'all' ? 'All statuses' : s}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
