import { isSeniorLevel } from '@shule/shared/senior';
import { type GroupSummary, MAX_GROUP_SIZE } from '@shule/shared/senior-groups';
import { ChevronDown, ChevronRight, Trash2, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useClasses } from '../../lib/queries/classes';
import { useTeachers } from '../../lib/queries/teachers';
import { useIsAdmin } from '../../lib/roles';
import {
  useDeleteGroup,
  useGenerateGroups,
  useTeachingGroup,
  useTeachingGroups,
  useUpdateGroup,
} from './teaching-groups-api';

export const GENERATE_EXPLAINED = `Generate makes the groups from each learner's current subject choice: for each elective, the learners who take it, in as few groups of at most ${MAX_GROUP_SIZE} as they fit, of even sizes. Groups you already have keep their names, teachers and members; learners who dropped the subject leave them, and new takers join a group with room.`;

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err), variant: 'destructive' });

/** Senior school's teaching groups (admin): one level's groups by subject, generated and edited. */
export function TeachingGroupsPage() {
  const isAdmin = useIsAdmin();
  const classes = useClasses();
  const [params, setParams] = useSearchParams();
  const levels = useMemo(() => {
    const all = (classes.data ?? []).flatMap((c) => (isSeniorLevel(c.level) ? [c.level!] : []));
    return [...new Set(all)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  }, [classes.data]);
  const requested = params.get('level');
  const level = requested && levels.includes(requested) ? requested : (levels[0] ?? null);
  const groups = useTeachingGroups(isAdmin ? level : null);
  const generate = useGenerateGroups();

  const header = (
    <PageHeader
      title="Teaching groups"
      breadcrumb={[{ label: 'Classes', to: '/classes' }, { label: 'Teaching groups' }]}
    />
  );
  if (!isAdmin) {
    return (
      <div className="mx-auto max-w-4xl">
        {header}
        <Alert>Only the school's administrators set up teaching groups.</Alert>
      </div>
    );
  }

  let body: React.ReactNode;
  if (classes.isPending) body = <SkeletonRows rows={4} />;
  else if (classes.isError)
    body = <LoadError what="the classes" error={classes.error} onRetry={classes.refetch} />;
  else if (levels.length === 0)
    body = (
      <EmptyState
        icon={<Users className="h-10 w-10" />}
        title="No Grade 10, 11 or 12 class yet"
        hint="Teaching groups are for senior school: give a class its level (Grade 10…) on the Classes page."
        action={
          <Link to="/classes" className={buttonClass('outline')}>
            Go to Classes
          </Link>
        }
      />
    );
  else if (groups.isPending) body = <SkeletonRows rows={4} />;
  else if (groups.isError)
    body = <LoadError what="the groups" error={groups.error} onRetry={groups.refetch} />;
  else if (groups.data.groups.length === 0)
    body = (
      <EmptyState
        icon={<Users className="h-10 w-10" />}
        title={`No teaching groups in ${level} yet`}
        hint="Generate them from the learners' subject choices."
      />
    );
  else body = <GroupsBySubject groups={groups.data.groups} />;

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      {header}
      <p className="text-sm text-muted-foreground">
        Learners of several streams who take the same elective are taught together. Registers stay
        by stream; a group's teacher enters its marks from their dashboard.
      </p>
      {levels.length > 0 && level ? (
        <Card className="space-y-3 p-4">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label htmlFor="groups-level" className="font-medium">
              Level
            </label>
            <Select
              id="groups-level"
              className="max-w-xs"
              value={level}
              onChange={(e) => setParams({ level: e.target.value }, { replace: true })}
            >
              {levels.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          </div>
          <p className="text-sm text-muted-foreground" id="generate-explained">
            {GENERATE_EXPLAINED}
          </p>
          <Button
            aria-describedby="generate-explained"
            disabled={generate.isPending}
            onClick={() =>
              generate.mutate(level, {
                onSuccess: (r) =>
                  toast({
                    title: 'Groups generated',
                    description: `${level}: ${r.groups.length} ${r.groups.length === 1 ? 'group' : 'groups'}`,
                    variant: 'success',
                  }),
                onError: failed('Could not generate the groups'),
              })
            }
          >
            {generate.isPending ? 'Generating…' : `Generate ${level} groups`}
          </Button>
        </Card>
      ) : null}
      {body}
    </div>
  );
}

function GroupsBySubject({ groups }: { groups: GroupSummary[] }) {
  const teachers = useTeachers();
  const bySubject = new Map<number, { name: string; groups: GroupSummary[] }>();
  for (const g of groups) {
    const entry = bySubject.get(g.subject.id) ?? { name: g.subject.name, groups: [] };
    entry.groups.push(g);
    bySubject.set(g.subject.id, entry);
  }
  const teacherOptions = (teachers.data ?? [])
    .filter((t) => t.is_active)
    .map((t) => ({ id: t.id, name: `${t.user.first_name} ${t.user.last_name}` }));
  return (
    <div className="space-y-4">
      {[...bySubject].map(([id, subject]) => (
        <section key={id} aria-label={subject.name} className="space-y-2">
          <h2 className="font-semibold">
            {subject.name}{' '}
            <span className="text-sm font-normal text-muted-foreground">
              · {subject.groups.reduce((n, g) => n + g.size, 0)} learners
            </span>
          </h2>
          <ul className="space-y-2">
            {subject.groups.map((g) => (
              <GroupCard
                key={g.id}
                group={g}
                siblings={subject.groups.filter((x) => x.id !== g.id)}
                teachers={teacherOptions}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function GroupCard({
  group,
  siblings,
  teachers,
}: {
  group: GroupSummary;
  siblings: GroupSummary[];
  teachers: { id: number; name: string }[];
}) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const teacherId = `group-${group.id}-teacher`;
  return (
    <li>
      <Card className="p-3 sm:p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <button
            type="button"
            className="flex min-w-0 flex-1 items-center gap-2 text-left font-medium"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? (
              <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" />
            ) : (
              <ChevronRight className="h-4 w-4 shrink-0" aria-hidden="true" />
            )}
            <span className="truncate">{group.name}</span>
            <span className="shrink-0 text-sm font-normal text-muted-foreground">
              {group.size} {group.size === 1 ? 'learner' : 'learners'}
            </span>
          </button>
          <div className="flex w-full items-center gap-2 sm:w-auto">
            <label htmlFor={teacherId} className="text-sm text-muted-foreground">
              Teacher
            </label>
            <Select
              id={teacherId}
              className="min-w-0 flex-1 sm:w-48"
              value={group.teacher ? String(group.teacher.id) : ''}
              disabled={update.isPending}
              onChange={(e) =>
                update.mutate(
                  {
                    id: group.id,
                    body: { teacher: e.target.value ? Number(e.target.value) : null },
                  },
                  { onError: failed('Could not set the teacher') },
                )
              }
            >
              <option value="">No teacher</option>
              {group.teacher && !teachers.some((t) => t.id === group.teacher!.id) ? (
                <option value={group.teacher.id}>{group.teacher.name}</option>
              ) : null}
              {teachers.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Delete ${group.name}`}
              onClick={() => setDeleting(true)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
        {open ? <Members group={group} siblings={siblings} /> : null}
      </Card>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${group.name}?`}
        description="Its learners stay in their streams and keep their marks; generating again puts them in a group."
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(group.id, {
            onSuccess: () => setDeleting(false),
            onError: (err) => {
              setDeleting(false);
              failed('Could not delete the group')(err);
            },
          })
        }
      />
    </li>
  );
}

/** The group's members by stream; a learner of another group of the subject can be moved in. */
function Members({ group, siblings }: { group: GroupSummary; siblings: GroupSummary[] }) {
  const detail = useTeachingGroup(group.id);
  const [from, setFrom] = useState<number | null>(siblings[0]?.id ?? null);
  const other = useTeachingGroup(from);
  const [adding, setAdding] = useState('');
  const update = useUpdateGroup();

  if (detail.isPending) return <SkeletonRows rows={3} />;
  if (detail.isError) {
    return <LoadError what="the members" error={detail.error} onRetry={detail.refetch} />;
  }
  const members = detail.data.members;
  return (
    <div className="mt-3 space-y-3 border-t pt-3">
      {members.length === 0 ? (
        <p className="text-sm text-muted-foreground">No learners in this group.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label={`Members of ${group.name}`}>
          {members.map((m) => (
            <li key={m.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate font-medium">
                {m.first_name} {m.last_name}
              </span>
              <span className="shrink-0 text-muted-foreground">{m.class.name}</span>
              <span className="hidden shrink-0 tabular-nums text-muted-foreground sm:inline">
                {m.admission_number}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${m.first_name} ${m.last_name}`}
                disabled={update.isPending}
                onClick={() =>
                  update.mutate(
                    { id: group.id, body: { remove: [m.id] } },
                    { onError: failed('Could not remove the learner') },
                  )
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {siblings.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">Move in from</span>
          <Select
            aria-label="Group to move a learner from"
            className="w-full sm:w-56"
            value={from ?? ''}
            onChange={(e) => {
              setFrom(Number(e.target.value));
              setAdding('');
            }}
          >
            {siblings.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Learner to move in"
            className="w-full sm:w-56"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          >
            <option value="">Choose a learner</option>
            {(other.data?.members ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.first_name} {m.last_name} ({m.class.name})
              </option>
            ))}
          </Select>
          <Button
            size="sm"
            disabled={!adding || update.isPending}
            onClick={() =>
              update.mutate(
                { id: group.id, body: { add: [Number(adding)] } },
                {
                  onSuccess: () => setAdding(''),
                  onError: failed('Could not add the learner'),
                },
              )
            }
          >
            Add
          </Button>
        </div>
      ) : null}
    </div>
  );
}
