import { type ClassRow, compareClasses } from '@shule/shared/classes';
import { isSeniorLevel } from '@shule/shared/senior';
import { BookOpen, ClipboardList, Layers, Plus, School } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CardsOrTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { RowActions } from '../../components/ui/row-actions';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { withRowInOrder } from '../../lib/in-order';
import { useClasses } from '../../lib/queries/classes';
import { useLevels } from '../../lib/queries/levels';
import { useIsAdmin } from '../../lib/roles';
import { ClassFormDialog } from './class-form-dialog';
import { useDeleteClass } from './delete-class';
import { LevelsCard } from './levels-card';
import { SubjectTeachersDialog } from './subject-teachers-dialog';

const DELETE_QUESTION = 'Are you sure you want to delete this class ?';

/** The Total Students, Boys and Girls columns: numbers, right-aligned. */
const COUNT_COLUMN = { headerClassName: 'text-right', className: 'text-right tabular-nums' };

const teacherName = (c: ClassRow) =>
  c.class_teacher ? `${c.class_teacher.user.first_name} ${c.class_teacher.user.last_name}` : null;

/**
 * Keeps the order the user has seen while they work on the page: a created class goes where
 * its name puts it (as a reload would show it), a renamed one stays where it was.
 */
function useDisplayOrder(rows: ClassRow[] | undefined) {
  const [order, setOrder] = useState<number[]>([]);
  const shown = useMemo(() => {
    if (!rows) return undefined;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const kept = order.filter((id) => byId.has(id));
    const rest = rows.filter((r) => !order.includes(r.id)).map((r) => r.id);
    return [...kept, ...rest].map((id) => byId.get(id)!);
  }, [rows, order]);
  const freeze = (created?: ClassRow) => {
    const rows = created ? withRowInOrder(shown, created, compareClasses) : (shown ?? []);
    setOrder(rows.map((r) => r.id));
  };
  return { shown, freeze };
}

export function ClassesPage() {
  const isAdmin = useIsAdmin();
  const classes = useClasses();
  const { shown, freeze } = useDisplayOrder(classes.data);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ClassRow | null>(null);
  const [deleting, setDeleting] = useState<ClassRow | null>(null);
  const [teachersOf, setTeachersOf] = useState<ClassRow | null>(null);
  const deleteClass = useDeleteClass();
  const levels = useLevels();
  const onCbc = (c: ClassRow) =>
    levels.data?.some((l) => l.name === c.level && l.curriculum === 'cbc') ?? false;

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (c: ClassRow) => {
    setEditing(c);
    setFormOpen(true);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deleteClass.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Class deleted successfully', variant: 'success' }),
      // A class with students is refused (409); the server's message says how many.
      onError: (err) =>
        toast({
          title: 'Class not deleted',
          description: errorMessage(err),
          variant: 'destructive',
        }),
      onSettled: () => setDeleting(null),
    });
  };

  // Everyone sees a class's subject teachers; only an admin edits, deletes or assigns.
  const actions = (c: ClassRow, compact = false) => (
    <div className="flex shrink-0 items-center gap-1">
      {onCbc(c) ? (
        <Link
          to={`/cbc/classes/${c.id}/summary`}
          aria-label={`CBC term summary of ${c.name}`}
          title="CBC term summary"
          className={buttonClass('ghost', compact ? 'icon' : 'sm')}
        >
          <ClipboardList className="h-4 w-4" aria-hidden="true" />
          {compact ? null : <span className="hidden lg:inline">Term summary</span>}
        </Link>
      ) : null}
      {isSeniorLevel(c.level) ? (
        <Link
          to={`/classes/${c.id}/subjects`}
          aria-label={`Subjects of ${c.name}`}
          title="Subjects"
          className={buttonClass('ghost', compact ? 'icon' : 'sm')}
        >
          <Layers className="h-4 w-4" aria-hidden="true" />
          {compact ? null : <span className="hidden lg:inline">Subjects</span>}
        </Link>
      ) : null}
      <Button
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        aria-label={`Subject teachers of ${c.name}`}
        title="Subject teachers"
        onClick={() => setTeachersOf(c)}
      >
        <BookOpen className="h-4 w-4" aria-hidden="true" />
        {compact ? null : <span className="hidden lg:inline">Subject teachers</span>}
      </Button>
      {isAdmin ? (
        <RowActions
          look={compact ? 'icon' : 'ghost'}
          name={c.name}
          onEdit={() => openEdit(c)}
          onDelete={() => setDeleting(c)}
        />
      ) : null}
    </div>
  );

  let body: ReactNode;
  if (classes.isPending) {
    body = <SkeletonRows rows={4} />;
  } else if (classes.isError) {
    body = <LoadError what="the classes" error={classes.error} onRetry={classes.refetch} />;
  } else if (!shown || shown.length === 0) {
    body = (
      <EmptyState
        icon={<School className="h-10 w-10" />}
        title="No Classes Available"
        hint={isAdmin ? 'Create your first class to start admitting students.' : undefined}
        action={
          isAdmin ? (
            <Button onClick={openCreate}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Create class
            </Button>
          ) : null
        }
      />
    );
  } else {
    body = (
      <CardsOrTable
        label="Classes"
        rows={shown}
        rowKey={(c) => c.id}
        card={(c) => (
          <Card className="p-4" data-testid="class-card">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="truncate font-semibold">{c.name}</span>
                  {c.level ? <Badge>{c.level}</Badge> : null}
                </p>
                <p className="truncate text-sm text-muted-foreground">
                  {teacherName(c) ?? 'No class teacher'}
                </p>
              </div>
              {actions(c, true)}
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
              {(
                [
                  ['Total Students', c.totalStudents],
                  ['Boys', c.boys],
                  ['Girls', c.girls],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-md bg-muted/60 px-2 py-1.5">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        )}
        columns={[
          { header: 'Class Name', cell: (c) => c.name, className: 'font-medium' },
          {
            header: 'Level',
            cell: (c) => c.level ?? <span className="text-muted-foreground">—</span>,
          },
          {
            header: 'Teacher',
            cell: (c) =>
              teacherName(c) ?? <span className="text-muted-foreground">Not assigned</span>,
          },
          { header: 'Total Students', cell: (c) => c.totalStudents, ...COUNT_COLUMN },
          { header: 'Boys', cell: (c) => c.boys, ...COUNT_COLUMN },
          { header: 'Girls', cell: (c) => c.girls, ...COUNT_COLUMN },
          {
            header: 'Actions',
            headerClassName: 'w-0',
            cell: (c) => actions(c),
            className: 'py-1.5',
          },
        ]}
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Classes"
        actions={
          isAdmin && shown && shown.length > 0 ? (
            <Button onClick={openCreate}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add class
            </Button>
          ) : null
        }
      />
      {isAdmin ? (
        <div className="mb-4 flex flex-wrap gap-x-5 gap-y-2">
          <Link
            to="/promotion"
            className="inline-block text-sm font-medium text-primary hover:underline"
          >
            Promote students to the next level
          </Link>
          {(shown ?? []).some((c) => isSeniorLevel(c.level)) ? (
            <Link
              to="/teaching-groups"
              className="inline-block text-sm font-medium text-primary hover:underline"
            >
              Teaching groups across streams
            </Link>
          ) : null}
        </div>
      ) : null}
      {body}
      {shown && shown.length > 0 ? <LevelsCard isAdmin={isAdmin} /> : null}
      <ClassFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        editing={editing}
        onSaved={(saved, kind) => {
          freeze(kind === 'created' ? saved : undefined);
          setFormOpen(false);
        }}
      />
      <SubjectTeachersDialog
        cls={teachersOf}
        isAdmin={isAdmin}
        onOpenChange={(open) => !open && setTeachersOf(null)}
      />
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={DELETE_QUESTION}
        description={deleting ? `${deleting.name} will be removed. This cannot be undone.` : ''}
        busy={deleteClass.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
