import * as Menu from '@radix-ui/react-dropdown-menu';
import { matchesTeacherSearch, type TeacherRow } from '@shule/shared/teachers';
import { assignmentLabel } from '@shule/shared/teaching';
import {
  BookOpen,
  FileUp,
  KeyRound,
  MoreHorizontal,
  Pencil,
  Search,
  UserCheck,
  UserPlus,
  Users,
  UserX,
} from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CardsOrTable } from '../../components/ui/data-table';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useTeachers } from '../../lib/queries/teachers';
import { useIsAdmin } from '../../lib/roles';
import { AddTeacherForm } from './add-teacher-form';
import { AssignTeachingDialog } from './assign-teaching-dialog';
import { EditTeacherDialog } from './edit-teacher-dialog';
import { ResetPasswordDialogs } from './reset-password-dialog';
import { teacherName } from './teacher-name';
import { useSetTeacherActive } from './update-teacher';

const capitalise = (s: string | null) => (s ? s[0]!.toUpperCase() + s.slice(1) : null);

/** Empty values read as a dash. */
const Missing = () => <span className="text-muted-foreground">—</span>;

/** The phone a teacher signs in with and is called on, then their email if they have one. */
const ContactText = ({ teacher }: { teacher: TeacherRow }) => (
  <span className="tabular-nums">
    {[teacher.user.phone_number, teacher.user.email].filter(Boolean).join(' · ')}
  </span>
);

/** What the teacher teaches: "Mathematics · Form 2 West", one badge each. */
function Teaches({ teacher }: { teacher: TeacherRow }) {
  if (teacher.assignments.length === 0) return <Missing />;
  return (
    <span className="flex flex-wrap gap-1" data-testid="teaches">
      {teacher.assignments.map((a) => (
        <Badge key={a.id} tone="blue">
          {assignmentLabel(a)}
        </Badge>
      ))}
    </span>
  );
}

function Status({ teacher }: { teacher: TeacherRow }) {
  return teacher.is_active ? (
    <Badge tone="green">Active</Badge>
  ) : (
    <Badge tone="red">Deactivated</Badge>
  );
}

const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';

/** An admin's actions on one teacher, in a menu (three dots). */
function TeacherActions({
  teacher,
  onEdit,
  onAssign,
  onResetPassword,
  onDeactivate,
  onActivate,
}: {
  teacher: TeacherRow;
  onEdit(): void;
  onAssign(): void;
  onResetPassword(): void;
  onDeactivate(): void;
  onActivate(): void;
}) {
  return (
    <Menu.Root>
      <Menu.Trigger
        className={buttonClass('ghost', 'icon')}
        aria-label={`Actions for ${teacherName(teacher)}`}
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-56 rounded-md border bg-background p-1 shadow-md"
        >
          <Menu.Item className={menuItem} onSelect={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Menu.Item>
          {teacher.is_active ? (
            <>
              <Menu.Item className={menuItem} onSelect={onAssign}>
                <BookOpen className="h-4 w-4" aria-hidden="true" />
                Assign classes & subjects
              </Menu.Item>
              <Menu.Item className={menuItem} onSelect={onResetPassword}>
                <KeyRound className="h-4 w-4" aria-hidden="true" />
                Reset password
              </Menu.Item>
              <Menu.Item className={`${menuItem} text-destructive`} onSelect={onDeactivate}>
                <UserX className="h-4 w-4" aria-hidden="true" />
                Deactivate
              </Menu.Item>
            </>
          ) : (
            <Menu.Item className={menuItem} onSelect={onActivate}>
              <UserCheck className="h-4 w-4" aria-hidden="true" />
              Activate
            </Menu.Item>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

function ClassBadges({ value }: { value: string | null }) {
  if (!value) return <Missing />;
  return (
    <span className="flex flex-wrap gap-1">
      {value.split(', ').map((name) => (
        <Badge key={name} tone="green">
          {name}
        </Badge>
      ))}
    </span>
  );
}

function TeacherSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-2">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="flex items-center gap-3 rounded-lg border p-3">
          <Skeleton className="h-9 w-9 rounded-full!" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="hidden h-4 w-20 md:block" />
          <Skeleton className="hidden h-4 w-24 md:block" />
        </div>
      ))}
    </div>
  );
}

export function TeachersPage() {
  const isAdmin = useIsAdmin();
  const teachers = useTeachers();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [assigningId, setAssigningId] = useState<number | null>(null);
  const [deactivating, setDeactivating] = useState<TeacherRow | null>(null);
  const [resettingId, setResettingId] = useState<number | null>(null);
  const setActive = useSetTeacherActive();
  // The dialogs read the list's row, so they show what a change made of it.
  const rowOf = (id: number | null) => teachers.data?.find((t) => t.id === id) ?? null;

  const activate = (t: TeacherRow) =>
    setActive.mutate(
      { id: t.id, active: true },
      {
        onSuccess: () =>
          toast({
            title: 'Teacher activated',
            description: `${teacherName(t)} can sign in again. Assign their classes and subjects anew.`,
            variant: 'success',
          }),
        onError: (err) =>
          toast({
            title: 'Teacher not activated',
            description: errorMessage(err),
            variant: 'destructive',
          }),
      },
    );
  const confirmDeactivate = () => {
    if (!deactivating) return;
    const t = deactivating;
    setActive.mutate(
      { id: t.id, active: false },
      {
        onSuccess: () =>
          toast({ title: 'Teacher deactivated', description: teacherName(t), variant: 'success' }),
        onError: (err) =>
          toast({
            title: 'Teacher not deactivated',
            description: errorMessage(err),
            variant: 'destructive',
          }),
        onSettled: () => setDeactivating(null),
      },
    );
  };
  const actions = (t: TeacherRow) =>
    isAdmin ? (
      <TeacherActions
        teacher={t}
        onEdit={() => setEditingId(t.id)}
        onAssign={() => setAssigningId(t.id)}
        onResetPassword={() => setResettingId(t.id)}
        onDeactivate={() => setDeactivating(t)}
        onActivate={() => activate(t)}
      />
    ) : null;

  const shown = useMemo(
    () => teachers.data?.filter((t) => matchesTeacherSearch(t, search)),
    [teachers.data, search],
  );

  const addButton = isAdmin ? (
    <div className="flex flex-wrap gap-2">
      <Link to="/teachers/import" className={buttonClass('outline')}>
        <FileUp className="h-4 w-4" aria-hidden="true" />
        Import
      </Link>
      <Button onClick={() => setAdding(true)}>
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        Add Teacher
      </Button>
    </div>
  ) : null;

  let body: ReactNode;
  if (teachers.isPending) {
    body = <TeacherSkeleton />;
  } else if (teachers.isError) {
    // A list that failed to load is not an empty list: we say so, since an empty list would mislead.
    body = (
      <EmptyState
        title="Could not load the teachers"
        hint={errorMessage(teachers.error)}
        action={
          <Button variant="outline" onClick={() => teachers.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  } else if (teachers.data.length === 0) {
    body = (
      <EmptyState
        icon={<Users className="h-10 w-10" />}
        title="No teachers yet"
        hint={isAdmin ? 'Add your first teacher; they log in with their phone number.' : undefined}
        action={addButton}
      />
    );
  } else if (!shown || shown.length === 0) {
    body = (
      <EmptyState title="No teacher matches your search" hint={`Nothing found for “${search}”.`} />
    );
  } else {
    body = (
      <CardsOrTable
        label="Teachers"
        rows={shown}
        rowKey={(t) => t.id}
        rowProps={() => ({ 'data-testid': 'teacher-row' })}
        card={(t) => (
          <Card className="p-4" data-testid="teacher-card">
            <div className="flex items-center gap-3">
              <Avatar src={t.user.profile_photo} name={teacherName(t)} className="h-11 w-11" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{teacherName(t)}</p>
                <p className="truncate text-sm text-muted-foreground">
                  <ContactText teacher={t} />
                </p>
              </div>
              <Status teacher={t} />
              {actions(t)}
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div className="col-span-3">
                <dt className="text-xs text-muted-foreground">Teaches</dt>
                <dd>
                  <Teaches teacher={t} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Class teacher</dt>
                <dd>
                  <ClassBadges value={t.user.class} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Gender</dt>
                <dd>{capitalise(t.user.gender) ?? <Missing />}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">TSC No.</dt>
                <dd className="tabular-nums">{t.tsc_number ?? <Missing />}</dd>
              </div>
            </dl>
          </Card>
        )}
        columns={[
          {
            header: 'TSC No.',
            cell: (t) => t.tsc_number ?? <Missing />,
            headerClassName: 'w-28',
            className: 'tabular-nums',
          },
          {
            header: 'Name',
            cell: (t) => (
              <div className="flex items-center gap-3">
                <Avatar src={t.user.profile_photo} name={teacherName(t)} />
                <div className="min-w-0">
                  <p className="font-medium">{teacherName(t)}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    <ContactText teacher={t} />
                  </p>
                </div>
              </div>
            ),
          },
          { header: 'Teaches', cell: (t) => <Teaches teacher={t} /> },
          { header: 'Class teacher', cell: (t) => <ClassBadges value={t.user.class} /> },
          {
            header: 'Gender',
            cell: (t) => capitalise(t.user.gender) ?? <Missing />,
            headerClassName: 'hidden lg:table-cell',
            className: 'hidden lg:table-cell',
          },
          { header: 'Status', cell: (t) => <Status teacher={t} /> },
          isAdmin && {
            header: 'Actions',
            headerClassName: 'w-0',
            cell: actions,
            className: 'py-1.5',
          },
        ]}
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Teachers" actions={addButton} />
      <div className="relative mb-4 max-w-sm">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search teachers"
          placeholder="Search by name or ID"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      {body}
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title="Add Teacher"
        description="The teacher gets a login: their phone number and a one-time password, shown once. If the number already has a Shule account without a school, it becomes this teacher's with the one-time password."
        className="sm:max-w-2xl"
      >
        <AddTeacherForm />
      </Dialog>
      <EditTeacherDialog
        teacher={rowOf(editingId)}
        onOpenChange={(open) => !open && setEditingId(null)}
      />
      <AssignTeachingDialog
        teacher={rowOf(assigningId)}
        onOpenChange={(open) => !open && setAssigningId(null)}
      />
      <ResetPasswordDialogs teacher={rowOf(resettingId)} onClose={() => setResettingId(null)} />
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title={deactivating ? `Deactivate ${teacherName(deactivating)}?` : 'Deactivate'}
        description="They are signed out at once and cannot sign in. Their classes and subjects are unassigned and they stop being class teacher. Their marks and history are kept; you can activate them again later."
        confirmLabel="Deactivate"
        busyLabel="Deactivating..."
        busy={setActive.isPending}
        onConfirm={confirmDeactivate}
      />
    </div>
  );
}
