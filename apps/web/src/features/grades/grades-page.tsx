import type { Grade } from '@shule/shared/grades';
import { KCSE_SCALE } from '@shule/shared/kcse';
import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import { deleteToasts } from '../../components/delete-toasts';
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
import { errorMessage } from '../../lib/api-client';
import { useIsAdmin } from '../../lib/roles';
import { useApplyKcseScale } from './apply-kcse-scale';
import { CbcScaleDialog } from './cbc-scale-dialog';
import { useDeleteGrade } from './delete-grade';
import { useGrades } from './get-grades';
import { GradeFormDialog } from './grade-form-dialog';
import { GradingSchemeCard } from './grading-scheme-card';
import { ScaleBandChip } from './scale-band-chip';

const BREADCRUMB = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Academics' },
  { label: 'Grades' },
];

const matches = (grade: Grade, query: string) =>
  grade.name.toLowerCase().includes(query) || grade.code.toLowerCase().includes(query);

export function GradesPage() {
  const grades = useGrades();
  const isAdmin = useIsAdmin();
  const deleteGrade = useDeleteGrade();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ open: boolean; grade: Grade | null }>({
    open: false,
    grade: null,
  });
  const [toDelete, setToDelete] = useState<Grade | null>(null);

  const all = grades.data ?? [];
  const query = search.trim().toLowerCase();
  const shown = query ? all.filter((g) => matches(g, query)) : all;

  const openForm = (grade: Grade | null) => setForm({ open: true, grade });

  const confirmDelete = (grade: Grade) =>
    deleteGrade.mutate(grade.id, {
      ...deleteToasts('grade', () => confirmDelete(grade)),
      onSettled: () => setToDelete(null),
    });

  const actions = (grade: Grade, look?: 'icon') => (
    <RowActions
      name={grade.name}
      onEdit={() => openForm(grade)}
      onDelete={() => setToDelete(grade)}
      look={look}
    />
  );

  return (
    <div>
      <PageHeader
        title="Grades"
        breadcrumb={BREADCRUMB}
        actions={
          isAdmin ? (
            <Button onClick={() => openForm(null)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Grade
            </Button>
          ) : null
        }
      />

      <GradingSchemeCard isAdmin={isAdmin} />

      {grades.isPending ? (
        <SkeletonRows rows={6} />
      ) : grades.isError ? (
        <LoadError what="the grades" error={grades.error} onRetry={grades.refetch} />
      ) : all.length === 0 ? (
        <NoGrades isAdmin={isAdmin} onAdd={() => openForm(null)} />
      ) : (
        <div className="space-y-4">
          <SearchInput
            placeholder="Search grades..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {shown.length === 0 ? (
            <NoMatches>No grades match &lsquo;{search.trim()}&rsquo;.</NoMatches>
          ) : (
            <CardsOrTable
              label="Grades"
              listClassName="space-y-2"
              rows={shown}
              rowKey={(grade) => grade.id}
              card={(grade) => (
                <Card className="flex items-center gap-3 p-3">
                  <span className="inline-flex h-10 min-w-12 shrink-0 items-center justify-center rounded-md bg-accent px-2 font-semibold text-accent-foreground">
                    {grade.code}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{grade.name}</p>
                    <p className="truncate text-sm text-muted-foreground">
                      {[
                        grade.points == null
                          ? null
                          : `${grade.points} ${grade.points === 1 ? 'point' : 'points'}`,
                        grade.comments,
                      ]
                        .filter(Boolean)
                        .join(' · ') || 'No comments'}
                    </p>
                  </div>
                  {isAdmin ? actions(grade, 'icon') : null}
                </Card>
              )}
              columns={[
                { header: 'Grade', cell: (grade) => grade.name, className: 'font-medium' },
                { header: 'Code', cell: (grade) => <Badge tone="green">{grade.code}</Badge> },
                { header: 'Points', cell: (grade) => grade.points ?? '—' },
                {
                  header: 'Comments',
                  cell: (grade) => grade.comments ?? '—',
                  className: 'text-muted-foreground',
                },
                isAdmin && {
                  header: 'Actions',
                  headerClassName: 'text-right',
                  cell: (grade) => actions(grade),
                },
              ]}
            />
          )}
        </div>
      )}

      <GradeFormDialog
        open={form.open}
        grade={form.grade}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Are you sure you want to delete this grade ?"
        description={
          toDelete
            ? `Grade ${toDelete.code} (${toDelete.name}) and its band in every subject will be removed.`
            : undefined
        }
        busy={deleteGrade.isPending}
        busyLabel="..Deleting"
        onConfirm={() => toDelete && confirmDelete(toDelete)}
      />
    </div>
  );
}

/** An empty /grades: add grades one by one, or take the KCSE scale or a CBC scale in one click. */
function NoGrades({ isAdmin, onAdd }: { isAdmin: boolean; onAdd(): void }) {
  const kcse = useApplyKcseScale();
  const [cbcOpen, setCbcOpen] = useState(false);
  const apply = () =>
    kcse.mutate(undefined, {
      onSuccess: (grades) =>
        toast({
          title: 'KCSE scale applied',
          description: `${grades.length} grades added, with their default bands in every subject`,
          variant: 'success',
        }),
      onError: (err) =>
        toast({
          title: 'KCSE scale not applied',
          description: errorMessage(err, 'There was an error trying to add the grades'),
          variant: 'destructive',
          action: { label: 'Try Again', onClick: apply },
        }),
    });

  return (
    <EmptyState
      icon={<ClipboardList className="h-10 w-10" />}
      title="No grades yet"
      hint={
        isAdmin
          ? 'Start with the KCSE 12-point scale (A to E, with points and default bands for every subject) or a CBC scale, or add your own grades one by one.'
          : 'Your school administrator has not set up grades yet.'
      }
      action={
        isAdmin ? (
          <div className="flex w-full flex-col items-center gap-4">
            <ul
              className="flex max-w-md flex-wrap justify-center gap-1.5"
              aria-label="The KCSE 12-point scale"
            >
              {KCSE_SCALE.map((k) => (
                <li key={k.code}>
                  <ScaleBandChip grade={k} />
                </li>
              ))}
            </ul>
            <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
              <Button onClick={apply} disabled={kcse.isPending}>
                {kcse.isPending ? 'Applying...' : 'Use the KCSE 12-point scale'}
              </Button>
              <Button variant="outline" onClick={() => setCbcOpen(true)} disabled={kcse.isPending}>
                Apply CBC scale
              </Button>
              <Button variant="outline" onClick={onAdd} disabled={kcse.isPending}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add Grade
              </Button>
            </div>
            <CbcScaleDialog open={cbcOpen} onOpenChange={setCbcOpen} />
          </div>
        ) : null
      }
    />
  );
}
