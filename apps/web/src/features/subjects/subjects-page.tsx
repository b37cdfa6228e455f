import { KCSE_GROUP_LABELS } from '@shule/shared/results/subject-groups';
import type { Subject } from '@shule/shared/subjects';
import { BookOpen, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
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
import { useClasses } from '../../lib/queries/classes';
import { useSubjects } from '../../lib/queries/subjects';
import { useIsAdmin } from '../../lib/roles';
import { useDeleteSubject } from './delete-subject';
import { SubjectFormDialog } from './subject-form-dialog';

const BREADCRUMB = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Academics' },
  { label: 'Subjects' },
];

const matches = (subject: Subject, query: string) =>
  subject.name.toLowerCase().includes(query) || subject.code.toLowerCase().includes(query);

export function SubjectsPage() {
  const subjects = useSubjects();
  const classes = useClasses();
  const isAdmin = useIsAdmin();
  const deleteSubject = useDeleteSubject();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ open: boolean; subject: Subject | null }>({
    open: false,
    subject: null,
  });
  const [toDelete, setToDelete] = useState<Subject | null>(null);

  const classNames = useMemo(
    () => new Map((classes.data ?? []).map((c) => [c.id, c.name])),
    [classes.data],
  );
  const classesOf = (subject: Subject) =>
    subject.classes
      .map((id) => classNames.get(id))
      .filter(Boolean)
      .join(', ');

  const all = subjects.data ?? [];
  const query = search.trim().toLowerCase();
  const shown = query ? all.filter((s) => matches(s, query)) : all;
  const openForm = (subject: Subject | null) => setForm({ open: true, subject });

  const confirmDelete = (subject: Subject) =>
    deleteSubject.mutate(subject.id, {
      ...deleteToasts('subject', () => confirmDelete(subject)),
      onSettled: () => setToDelete(null),
    });

  const actions = (subject: Subject) => (
    <RowActions
      name={subject.name}
      onEdit={() => openForm(subject)}
      onDelete={() => setToDelete(subject)}
    />
  );

  const nameLink = (subject: Subject) => (
    <Link to={`/subjects/${subject.id}`} className="font-medium text-primary hover:underline">
      {subject.name}
    </Link>
  );

  const addButton = isAdmin ? (
    <Button onClick={() => openForm(null)}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      Add Subject
    </Button>
  ) : null;

  return (
    <div>
      <PageHeader title="Subjects" breadcrumb={BREADCRUMB} actions={addButton} />

      {subjects.isPending ? (
        <SkeletonRows rows={6} />
      ) : subjects.isError ? (
        <LoadError what="the subjects" error={subjects.error} onRetry={subjects.refetch} />
      ) : all.length === 0 ? (
        <EmptyState
          icon={<BookOpen className="h-10 w-10" />}
          title="No subjects yet"
          hint={
            isAdmin
              ? 'Add the subjects your school teaches and choose the classes that take each one.'
              : 'Your school administrator has not added subjects yet.'
          }
          action={addButton}
        />
      ) : (
        <div className="space-y-4">
          <SearchInput
            placeholder="Search subjects..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {shown.length === 0 ? (
            <NoMatches>No subjects match &lsquo;{search.trim()}&rsquo;.</NoMatches>
          ) : (
            <CardsOrTable
              label="Subjects"
              rows={shown}
              rowKey={(subject) => subject.id}
              card={(subject) => (
                <Card className="p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      {nameLink(subject)}
                      <p className="mt-0.5 text-sm text-muted-foreground">
                        {KCSE_GROUP_LABELS[subject.group]}
                      </p>
                      <p className="mt-0.5 text-sm text-muted-foreground">
                        {classesOf(subject) || 'No classes'}
                      </p>
                    </div>
                    <Badge tone="green">{subject.code}</Badge>
                  </div>
                  {isAdmin ? <div className="mt-3">{actions(subject)}</div> : null}
                </Card>
              )}
              columns={[
                { header: 'Subject', cell: nameLink },
                { header: 'Code', cell: (subject) => <Badge tone="green">{subject.code}</Badge> },
                { header: 'KCSE group', cell: (subject) => KCSE_GROUP_LABELS[subject.group] },
                {
                  header: 'Classes',
                  cell: (subject) => classesOf(subject) || '—',
                  className: 'max-w-xs truncate text-muted-foreground',
                },
                isAdmin && { header: 'Actions', headerClassName: 'text-right', cell: actions },
              ]}
            />
          )}
        </div>
      )}

      <SubjectFormDialog
        open={form.open}
        subject={form.subject}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Are you sure you want to delete this subject ?"
        description={
          toDelete
            ? `${toDelete.name} (${toDelete.code}) and its grading bands will be removed. A subject that has exam scores cannot be deleted.`
            : undefined
        }
        busy={deleteSubject.isPending}
        busyLabel="..Deleting"
        onConfirm={() => toDelete && confirmDelete(toDelete)}
      />
    </div>
  );
}
