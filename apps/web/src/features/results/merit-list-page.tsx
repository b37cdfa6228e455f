import type { MeritList, MeritListRow } from '@shule/shared/results/merit-list';
import {
  type MeritListColumn,
  meritListColumns,
  meritListFileName,
} from '@shule/shared/results/merit-list-columns';
import { GRADING_SCHEME_LABELS } from '@shule/shared/results/scheme';
import { ArrowDown, ArrowUp, FileSpreadsheet, ListOrdered } from 'lucide-react';
import { type CSSProperties, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NoMatches } from '../../components/ui/no-matches';
import { PageHeader } from '../../components/ui/page-header';
import { SearchInput } from '../../components/ui/search-input';
import { Skeleton, SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { downloadCsv } from '../../lib/csv';
import { DownloadPdfButton } from './download-pdf-button';
import { type MeritListScope, useDownloadMeritListPdf, useMeritList } from './get-merit-list';
import { meritListCsv } from './merit-list-csv';
import { type MeritListSort, matchesSearch, nextSort, sortRows } from './merit-list-sort';

/** ?class=12 or ?level=Form%204; null for neither (or both). */
function scopeOf(params: URLSearchParams): MeritListScope | null {
  const classId = Number(params.get('class'));
  const level = params.get('level')?.trim();
  if (params.has('class') === Boolean(level)) return null;
  if (level) return { level };
  return Number.isInteger(classId) && classId > 0 ? { class: classId } : null;
}

/**
 * The merit list of an exam (/exams/{id}/merit-list?class=|level=): the server's ranking in the
 * columns Kenyan schools read, sortable by any column, searchable, as CSV (the rows shown) and
 * as the printed PDF. A table from md up; cards with position and mean grade first on a phone.
 */
export function MeritListPage() {
  const examId = Number(useParams().id);
  const [params] = useSearchParams();
  const scope = scopeOf(params);
  const list = useMeritList(examId, scope);
  const pdf = useDownloadMeritListPdf(examId, scope);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MeritListSort>(null);

  const columns = useMemo(() => (list.data ? meritListColumns(list.data) : []), [list.data]);
  const all = list.data?.rows ?? [];
  const shown = useMemo(
    () =>
      sortRows(
        all.filter((row) => matchesSearch(row, search)),
        columns,
        sort,
      ),
    [all, columns, search, sort],
  );

  const examLink =
    scope && 'class' in scope ? `/exams/${examId}?class=${scope.class}` : `/exams/${examId}`;
  const breadcrumb = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Academics' },
    { label: 'Exams', to: '/exams' },
    { label: list.data?.exam.name ?? 'Exam', to: examLink },
    { label: 'Merit list' },
  ];

  const downloadPdf = (data: MeritList) =>
    pdf.mutate(`${meritListFileName(data)}.pdf`, {
      onError: (err) =>
        toast({
          title: 'The PDF could not be made',
          description: errorMessage(err),
          variant: 'destructive',
        }),
    });

  const actions = list.data ? (
    <>
      <Button
        variant="outline"
        disabled={shown.length === 0}
        onClick={() =>
          downloadCsv(`${meritListFileName(list.data)}.csv`, meritListCsv(list.data, shown))
        }
      >
        <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
        Download CSV
      </Button>
      <DownloadPdfButton
        pending={pdf.isPending}
        disabled={all.length === 0}
        onClick={() => downloadPdf(list.data)}
      />
    </>
  ) : null;

  return (
    <div>
      <PageHeader title="Merit list" breadcrumb={breadcrumb} actions={actions} />
      {!scope ? (
        <EmptyState
          icon={<ListOrdered className="h-10 w-10" />}
          title="Choose a class or a level"
          hint="Open Generate Merit List on the exam's page and choose whose list to see."
          action={
            <Link to={examLink} className={buttonClass('outline')}>
              Back to the exam
            </Link>
          }
        />
      ) : list.isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-6 w-72 max-w-full" />
          <SkeletonRows rows={8} />
        </div>
      ) : list.isError ? (
        <LoadError what="the merit list" error={list.error} onRetry={list.refetch} />
      ) : (
        <div className="space-y-4">
          <ListSummary list={list.data} />
          {all.length === 0 ? (
            <EmptyState
              icon={<ListOrdered className="h-10 w-10" />}
              title="No marks entered for this exam yet"
              hint={`The list fills in as marks for ${list.data.scope.name} are saved on the grading screen.`}
              action={
                <Link to={examLink} className={buttonClass('primary')}>
                  Enter marks
                </Link>
              }
            />
          ) : (
            <>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <SearchInput
                  placeholder="Search by name or adm. no."
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  className="sm:max-w-sm"
                />
                <PhoneSort columns={columns} sort={sort} onSort={setSort} />
                <p className="text-sm text-muted-foreground sm:ml-auto">
                  {shown.length === all.length
                    ? `${all.length} students`
                    : `${shown.length} of ${all.length} students`}
                </p>
              </div>
              {shown.length === 0 ? (
                <NoMatches>No students match the search.</NoMatches>
              ) : (
                <>
                  <ul className="space-y-3 md:hidden" aria-label="Merit list">
                    {shown.map((row) => (
                      <li key={row.student_id}>
                        <RowCard list={list.data} columns={columns} row={row} />
                      </li>
                    ))}
                  </ul>
                  <div className="hidden md:block">
                    <MeritListTable
                      columns={columns}
                      rows={shown}
                      sort={sort}
                      onSort={(column) => setSort((current) => nextSort(current, column))}
                    />
                  </div>
                </>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}

function ListSummary({ list }: { list: MeritList }) {
  const when = [list.exam.year, list.exam.term].filter(Boolean).join(' ');
  const ranked = list.rows.filter((r) => r.status === 'complete').length;
  return (
    <div className="space-y-1">
      <h2 className="text-lg font-medium">
        {list.scope.name} · {list.exam.name}
        {when ? ` · ${when}` : ''}
      </h2>
      <p className="text-sm text-muted-foreground">
        {GRADING_SCHEME_LABELS[list.exam.grading_scheme]}
        {' · '}
        {list.previous_exam
          ? `DEV compares with ${list.previous_exam.name}`
          : 'No previous exam to compare with'}
        {list.rows.length > 0 && list.exam.ranks
          ? ` · ${ranked} of ${list.rows.length} ranked`
          : ''}
        {list.exam.ranks ? '' : ' · No positions: competency levels do not rank'}
      </p>
    </div>
  );
}

/** Below md the column heads are not shown: the order is chosen here. */
function PhoneSort({
  columns,
  sort,
  onSort,
}: {
  columns: MeritListColumn[];
  sort: MeritListSort;
  onSort(sort: MeritListSort): void;
}) {
  return (
    <Select
      aria-label="Sort by"
      className="md:hidden"
      value={sort?.key ?? ''}
      onChange={(e) => {
        const column = columns.find((c) => c.key === e.target.value);
        onSort(column ? { key: column.key, direction: column.firstDirection } : null);
      }}
    >
      <option value="">List order</option>
      {columns.map((c) => (
        <option key={c.key} value={c.key}>
          {c.title}
        </option>
      ))}
    </Select>
  );
}

/**
 * ADM NO and NAME on the left, and the mean grade, the points and the positions on the right,
 * stay in view while the subjects scroll sideways between them (at 1280 px a list of 11
 * subjects is wider than the screen: its totals were behind a scroll); the heads stay while the
 * rows scroll.
 */
const PINNED_LEFT: Record<string, string> = {
  admission_number: 'sticky left-0 w-20 min-w-20',
  name: 'sticky left-20 min-w-40 border-r',
};
/** Pinned on the right, in the list's order; a list without positions (CBC) pins the rest. */
const PINNED_RIGHT = ['mean_grade', 'total_points', 'class_position', 'level_position'];
const PINNED_RIGHT_REM = 4.5;

/** Each pinned column's classes and offset from the right edge (the ones present after it). */
function pinnedColumns(columns: MeritListColumn[]) {
  const right = columns.filter((c) => PINNED_RIGHT.includes(c.key)).map((c) => c.key);
  const pinned = new Map<string, { className: string; style?: CSSProperties }>(
    Object.entries(PINNED_LEFT).map(([key, className]) => [key, { className }]),
  );
  right.forEach((key, i) => {
    pinned.set(key, {
      className: cn('sticky w-[4.5rem] min-w-[4.5rem]', i === 0 && 'border-l'),
      style: { right: `${(right.length - 1 - i) * PINNED_RIGHT_REM}rem` },
    });
  });
  return pinned;
}

function MeritListTable({
  columns,
  rows,
  sort,
  onSort,
}: {
  columns: MeritListColumn[];
  rows: MeritListRow[];
  sort: MeritListSort;
  onSort(column: MeritListColumn): void;
}) {
  const reasonFrom = columns.findIndex((c) => c.key === 'mean_grade');
  const pinned = pinnedColumns(columns);
  return (
    <div className="max-h-[calc(100dvh-12rem)] min-h-64 overflow-auto rounded-lg border">
      <table className="w-max min-w-full border-separate border-spacing-0 text-[13px] tabular-nums">
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.key === column.key ? sort.direction : undefined;
              // Only the sorted column shows an arrow: 25 idle arrows would widen the table by
              // a screen's worth.
              const Icon = sorted === 'ascending' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sorted ?? 'none'}
                  style={pinned.get(column.key)?.style}
                  className={cn(
                    'sticky top-0 z-10 border-b bg-muted px-1 py-2 text-xs font-medium text-muted-foreground',
                    pinned.has(column.key) && `${pinned.get(column.key)!.className} z-20`,
                    column.align === 'right' && 'text-right',
                    column.align === 'center' && 'text-center',
                    column.align === 'left' && 'text-left',
                  )}
                >
                  <button
                    type="button"
                    title={`Sort by ${column.title}`}
                    onClick={() => onSort(column)}
                    className={cn(
                      'inline-flex items-center gap-0.5 whitespace-nowrap rounded px-1 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      sorted && 'text-foreground',
                    )}
                  >
                    <abbr title={column.title} className="no-underline">
                      {column.head}
                    </abbr>
                    {sorted ? <Icon className="h-3 w-3" aria-hidden="true" /> : null}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const reason = row.status !== 'complete' && row.reason ? row.reason : null;
            const cells = reason ? columns.slice(0, reasonFrom) : columns;
            return (
              <tr
                key={row.student_id}
                data-testid={`merit-row-${row.student_id}`}
                className="group"
              >
                {cells.map((column) => (
                  <td
                    key={column.key}
                    style={pinned.get(column.key)?.style}
                    className={cn(
                      'whitespace-nowrap border-b bg-background px-2 py-1.5 group-hover:bg-muted',
                      pinned.get(column.key)?.className,
                      column.align === 'right' && 'text-right',
                      column.align === 'center' && 'text-center',
                      (column.kind === 'position' ||
                        column.key === 'mean_grade' ||
                        column.key === 'name') &&
                        'font-semibold',
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                {reason ? (
                  <td
                    colSpan={columns.length - reasonFrom}
                    className="whitespace-nowrap border-b bg-background px-2 py-1.5 italic text-muted-foreground group-hover:bg-muted"
                  >
                    {reason}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A student on a phone: overall position and mean grade first, then the rest, then subjects. */
function RowCard({
  list,
  columns,
  row,
}: {
  list: MeritList;
  columns: MeritListColumn[];
  row: MeritListRow;
}) {
  const cell = (key: string) => columns.find((c) => c.key === key)?.cell(row) ?? '';
  const subjects = columns.filter((c) => c.kind === 'subject');
  const ranked = row.status === 'complete';
  const facts = [
    ['MN MKS', cell('mean_mark')],
    ['TT MKS', cell('total_marks')],
    ['TT PTS', cell('total_points')],
    ['DEV', cell('deviation')],
    ...(list.exam.ranks ? [['STR POS', cell('class_position')]] : []),
    ...(columns.some((c) => c.kind === 'entry')
      ? [[columns.find((c) => c.kind === 'entry')!.head, cell('entry')]]
      : []),
  ].filter(([, value]) => value);
  return (
    <article
      className="rounded-lg border bg-background p-3 shadow-sm"
      data-testid={`merit-card-${row.student_id}`}
    >
      <div className="flex items-start gap-3">
        {list.exam.ranks ? (
          <div className="w-14 shrink-0 rounded-md bg-muted px-1 py-1 text-center">
            <p className="text-[10px] font-medium uppercase text-muted-foreground">OVR POS</p>
            <p className="text-sm font-semibold tabular-nums">
              {row.level_position === null ? '–' : cell('level_position')}
            </p>
          </div>
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{row.name}</p>
          <p className="truncate text-xs text-muted-foreground">
            Adm. {row.admission_number}
            {list.scope.kind === 'level' ? ` · ${row.class.name}` : ''}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-[10px] font-medium uppercase text-muted-foreground">Mean grade</p>
          <p className="text-lg font-semibold leading-tight">{row.mean_grade ?? '–'}</p>
        </div>
      </div>
      {ranked || !row.reason ? null : (
        <Badge tone={row.status === 'withheld' ? 'red' : 'yellow'} className="mt-2">
          {row.reason}
        </Badge>
      )}
      {facts.length > 0 ? (
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs tabular-nums">
          {facts.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-1.5 text-xs tabular-nums">
        {subjects.map((c) => {
          const value = c.cell(row);
          return value ? (
            <span key={c.key} className="rounded border bg-muted/40 px-1.5 py-0.5" title={c.title}>
              <span className="text-muted-foreground">{c.head}</span> {value}
            </span>
          ) : null;
        })}
      </p>
    </article>
  );
}
