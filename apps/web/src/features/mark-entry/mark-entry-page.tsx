import type { MarkEntry, MarkEntryStudent } from '@shule/shared/mark-entry';
import { bandOf } from '@shule/shared/results/bands';
import { parseMark } from '@shule/shared/scores';
import { AlertTriangle, Users } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SaveQueueState, SaveRowState } from '../../components/save-queue-state';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { groupMarkEntryPath, markEntryPath } from '../../lib/mark-entry-path';
import { useClasses } from '../../lib/queries/classes';
import { useSubjects } from '../../lib/queries/subjects';
import { useTeacherDashboard } from '../../lib/queries/teacher-dashboard';
import { useAllTeachingGroups } from '../../lib/queries/teaching-groups';
import { useIsAdmin } from '../../lib/roles';
import { type RowStatus, useMarkEntry } from './use-mark-entry';

const _plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Mark entry by subject (/exams/{id}/marks?class=&subject=): one input per student of the class,
 * keyboard-first, saved in batches as the teacher goes and kept in the browser while the
 * connection is down (use-mark-entry.ts). Without a class and subject, they are picked first.
 */
export function MarkEntryPage() {
  const examId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const classId = Number(params.get('class'));
  const groupId = Number(params.get('group'));
  const subjectId = Number(params.get('subject'));
  const isAdmin = useIsAdmin();
  const picked = (classId > 0 || groupId > 0) && subjectId > 0;

  return picked ? (
    <ColumnEntry
      column={
        groupId > 0
          ? { exam: examId, class: 0, group: groupId, subject: subjectId }
          : { exam: examId, class: classId, subject: subjectId }
      }
      isAdmin={isAdmin}
      onChange={() => setParams({}, { replace: false })}
    />
  ) : (
    <div>
      <PageHeader
        title="Enter marks"
        breadcrumb={[
          { label: 'Dashboard', to: '/dashboard' },
          ...(isAdmin ? [{ label: 'Exam', to: `/exams/${examId}` }] : []),
          { label: 'Enter marks' },
        ]}
      />
      {isAdmin ? (
        <div className="space-y-4">
          <ColumnPicker
            initialClass={params.get('class') ?? ''}
            onPick={(cls, subject) => setParams({ class: String(cls), subject: String(subject) })}
          />
          <GroupPicker
            onPick={(group, subject) =>
              setParams({ group: String(group), subject: String(subject) })
            }
          />
        </div>
      ) : (
        <MyColumns examId={examId} />
      )}
    </div>
  );
}

/** A teacher picks one of the (class, subject) pairs they teach: the only marks they may enter. */
function MyColumns({ examId }: { examId: number }) {
  const mine = useTeacherDashboard();
  if (mine.isError) {
    return <LoadError what="your classes" error={mine.error} onRetry={mine.refetch} />;
  }
  if (mine.isPending) return <RowSkeletons />;
  const groups = mine.data.groups ?? [];
  if (mine.data.assignments.length === 0 && groups.length === 0) {
    return (
      <EmptyState
        icon={<Users className="h-10 w-10" />}
        title="No classes assigned yet"
        hint="Ask your school's administrator to assign you the classes and subjects you teach."
      />
    );
  }
  return (
    <Card className="max-w-md">
      <ul className="divide-y" aria-label="Your classes and subjects">
        {mine.data.assignments.map((a) => (
          <li key={`${a.class.id}-${a.subject.id}`}>
            <Link
              to={markEntryPath(examId, a.class.id, a.subject.id)}
              className="block px-4 py-3 font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {a.class.name} · {a.subject.name}
            </Link>
          </li>
        ))}
        {groups.map((g) => (
          <li key={`group-${g.group.id}`}>
            <Link
              to={groupMarkEntryPath(examId, g.group.id, g.subject.id)}
              className="block px-4 py-3 font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {g.group.name}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Choose a class, then one of the subjects taught in it. */
function ColumnPicker({
  initialClass,
  onPick,
}: {
  initialClass: string;
  onPick(classId: number, subjectId: number): void;
}) {
  const classes = useClasses();
  const subjects = useSubjects();
  const [cls, setCls] = useState(initialClass);
  const [subject, setSubject] = useState('');
  const taught = (subjects.data ?? []).filter((s) => s.classes.includes(Number(cls)));
  if (classes.isError) {
    return <LoadError what="the classes" error={classes.error} onRetry={classes.refetch} />;
  }
  if (subjects.isError) {
    return <LoadError what="the subjects" error={subjects.error} onRetry={subjects.refetch} />;
  }
  return (
    <Card className="max-w-md space-y-4 p-4">
      <p className="text-sm text-muted-foreground">
        Pick a class and a subject to enter its marks, one student after another.
      </p>
      <Field label="Class">
        <Select
          value={cls}
          disabled={classes.isPending}
          onChange={(e) => {
            setCls(e.target.value);
            setSubject('');
          }}
        >
          <option value="">Choose a class</option>
          {classes.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Subject">
        <Select value={subject} disabled={!cls} onChange={(e) => setSubject(e.target.value)}>
          <option value="">
            {cls && taught.length === 0 ? 'No subjects' : 'Choose a subject'}
          </option>
          {taught.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      </Field>
      <Button disabled={!cls || !subject} onClick={() => onPick(Number(cls), Number(subject))}>
        Enter marks
      </Button>
    </Card>
  );
}

/** Senior school: one of the school's teaching groups, its subject with it. Hidden when none. */
function GroupPicker({ onPick }: { onPick(groupId: number, subjectId: number): void }) {
  const groups = useAllTeachingGroups();
  const [picked, setPicked] = useState('');
  if (!groups.data || groups.data.length === 0) return null;
  const group = groups.data.find((g) => String(g.id) === picked);
  return (
    <Card className="max-w-md space-y-4 p-4">
      <p className="text-sm text-muted-foreground">
        Or a teaching group: learners of several streams taking one subject.
      </p>
      <Field label="Teaching group">
        <Select value={picked} onChange={(e) => setPicked(e.target.value)}>
          <option value="">Choose a group</option>
          {groups.data.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        variant="outline"
        disabled={!group}
        onClick={() => group && onPick(group.id, group.subject.id)}
      >
        Enter the group's marks
      </Button>
    </Card>
  );
}

function ColumnEntry({
  column,
  isAdmin,
  onChange,
}: {
  column: { exam: number; class: number; group?: number; subject: number };
  isAdmin: boolean;
  onChange(): void;
}) {
  const entry = useMarkEntry(column);
  const data = entry.column.data;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const breadcrumb = [
    { label: 'Dashboard', to: '/dashboard' },
    ...(isAdmin
      ? [
          {
            label: data?.exam.name ?? 'Exam',
            to: column.group
              ? `/exams/${column.exam}`
              : `/exams/${column.exam}?class=${column.class}`,
          },
        ]
      : []),
    { label: 'Enter marks' },
  ];
  const columnName = data?.group?.name ?? data?.class?.name ?? '';
  // A generated group's name says its subject already ("Grade 10 Chemistry 1").
  const named = data?.group && columnName.includes(data.subject.name);
  const title = data
    ? named
      ? columnName
      : `${columnName} · ${data.subject.name}`
    : 'Enter marks';

  if (entry.column.isPending) {
    return (
      <div>
        <PageHeader title={title} breadcrumb={breadcrumb} />
        <RowSkeletons />
      </div>
    );
  }
  if (entry.column.isError || !data) {
    const err = entry.column.error;
    const refused = err instanceof ApiError && [400, 403, 404, 409].includes(err.status);
    return (
      <div>
        <PageHeader title={title} breadcrumb={breadcrumb} />
        {refused ? (
          <EmptyState
            title={err.status === 404 ? 'This exam, class or subject does not exist' : err.message}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Link to="/dashboard" className={buttonClass('outline')}>
                  Back to dashboard
                </Link>
                {isAdmin ? (
                  <Button variant="outline" onClick={onChange}>
                    Pick another class or subject
                  </Button>
                ) : null}
              </div>
            }
          />
        ) : (
          <LoadError what="the marks" error={err} onRetry={entry.column.refetch} />
        )}
      </div>
    );
  }

  const students = data.students;
  const entered = students.filter((s) => parseMark(entry.textOf(s.id)) !== null).length;
  const focusRow = (i: number) => {
    const input = inputs.current[i];
    if (!input) return;
    input.focus();
    input.select();
  };
  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === 'ArrowDown') {
      e.preventDefault();
      if (e.key === 'Enter') entry.onEnter();
      focusRow(i + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusRow(i - 1);
    }
  };

  return (
    <div>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={
          isAdmin ? (
            <Button variant="outline" size="sm" onClick={onChange}>
              Another class or subject
            </Button>
          ) : (
            <Link to="/dashboard" className={buttonClass('outline', 'sm')}>
              Back to dashboard
            </Link>
          )
        }
      />
      <div className="sticky top-0 z-10 -mx-1 mb-3 max-w-2xl space-y-2 bg-background/95 px-1 py-2 backdrop-blur">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="font-medium">{data.exam.name}</span>
          <span className="text-muted-foreground" data-testid="entered-count">
            {entered} of {students.length} entered
          </span>
          <SaveQueueState
            unit="mark"
            waiting={entry.waiting}
            sending={entry.sending}
            connected={entry.connected}
            unsaved={entry.unsaved}
          />
        </div>
        <p className="text-xs text-muted-foreground">
          0–100 · <strong>X</strong> absent · <strong>Y</strong> withheld · empty removes a mark ·
          Enter moves down
        </p>
      </div>
      {entry.refusal ? (
        <Alert tone="error" className="mb-3">
          {entry.refusal}
        </Alert>
      ) : null}
      {students.length === 0 ? (
        <EmptyState
          icon={<Users className="h-10 w-10" />}
          title={
            data.group
              ? `${data.group.name} has no members`
              : `No students of ${columnName} take ${data.subject.name}`
          }
          hint={
            data.group
              ? 'An administrator adds learners to the group under Teaching groups.'
              : 'Students admitted into the class are listed here.'
          }
        />
      ) : (
        <Card className="max-w-2xl">
          <ol className="divide-y" aria-label="Marks">
            {students.map((student, i) => (
              <MarkRow
                key={student.id}
                student={student}
                data={data}
                text={entry.textOf(student.id)}
                status={entry.statusOf(student.id)}
                inputRef={(el) => {
                  inputs.current[i] = el;
                }}
                onText={(text) => entry.setText(student.id, text)}
                onKeyDown={onKeyDown(i)}
              />
            ))}
          </ol>
        </Card>
      )}
    </div>
  );
}

/** The codes a phone's number pad cannot type, one tap each (neither is zero). */
const MARK_CODES = [
  { code: 'X', meaning: 'absent' },
  { code: 'Y', meaning: 'withheld, an irregularity' },
] as const;

function MarkRow({
  student,
  data,
  text,
  status,
  inputRef,
  onText,
  onKeyDown,
}: {
  student: MarkEntryStudent;
  data: MarkEntry;
  text: string;
  status: RowStatus;
  inputRef(el: HTMLInputElement | null): void;
  onText(text: string): void;
  onKeyDown(e: KeyboardEvent<HTMLInputElement>): void;
}) {
  const name = `${student.first_name} ${student.last_name}`;
  const mark = parseMark(text);
  // X and Y have no grade; a mark no band holds shows a dash.
  const grade = typeof mark === 'number' ? (bandOf(mark, data.bands)?.code ?? '—') : '';
  const problem = status.kind === 'invalid' || status.kind === 'error';
  const warning = status.kind === 'saved' ? status.warning : undefined;
  const messageId = `mark-${student.id}-state`;
  return (
    <li className="px-3 py-2 sm:px-4" data-testid={`mark-row-${student.id}`}>
      <div className="flex items-center gap-2 sm:gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">
            {name}
            {student.is_active ? null : (
              <Badge tone="neutral" className="ml-2">
                Left
              </Badge>
            )}
          </p>
          <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
            <span>Adm. {student.admission_number}</span>
            {student.class_name ? <span>{student.class_name}</span> : null}
            <SaveRowState status={status} id={messageId} />
          </p>
        </div>
        <input
          ref={inputRef}
          aria-label={`Mark of ${name}`}
          aria-invalid={problem || undefined}
          aria-describedby={messageId}
          inputMode="decimal"
          enterKeyHint="next"
          autoComplete="off"
          maxLength={6}
          className={cn(
            'h-11 w-16 shrink-0 rounded-md border border-input bg-background px-2 text-center text-base sm:w-20',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            problem && 'border-red-500 focus-visible:ring-red-500',
          )}
          value={text}
          onChange={(e) => onText(e.target.value.toUpperCase())}
          onKeyDown={onKeyDown}
          onFocus={(e) => e.currentTarget.select()}
        />
        {/* A phone's number pad has no letters: one tap marks X (absent) or Y (withheld). */}
        {MARK_CODES.map(({ code, meaning }) => (
          <button
            key={code}
            type="button"
            tabIndex={-1}
            aria-label={`Mark ${name} ${meaning} (${code})`}
            aria-pressed={text === code}
            className={cn(
              'h-11 w-10 shrink-0 rounded-md border border-input text-sm font-semibold sm:w-11',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              text === code ? 'bg-secondary' : 'bg-background text-muted-foreground',
            )}
            onClick={() => onText(text === code ? '' : code)}
          >
            {code}
          </button>
        ))}
        <span className="w-8 shrink-0 text-center text-sm font-semibold" data-testid="grade">
          {grade ? <span className="sr-only">Grade </span> : null}
          {grade}
        </span>
      </div>
      {warning ? (
        <p className="mt-1 flex items-start gap-1 text-xs text-amber-700" role="status">
          <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          {warning}
        </p>
      ) : null}
    </li>
  );
}

function RowSkeletons() {
  return (
    <Card role="status" aria-label="Loading">
      <ul className="divide-y">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="flex items-center gap-3 p-3">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-48 max-w-full" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-11 w-20" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
