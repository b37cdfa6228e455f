import type { ClassRow } from '@shule/shared/classes';
import { MAX_SEARCH_LENGTH, pageCount } from '@shule/shared/pagination';
import {
  STUDENT_MESSAGES,
  STUDENT_STATUSES,
  type StudentListRow,
  type StudentStatusFilter,
} from '@shule/shared/students';
import type { TeacherDashboard } from '@shule/shared/teacher-dashboard';
import { FileUp, GraduationCap, MessageSquareCheck, Search, UserPlus } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Avatar } from '../../components/ui/avatar';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardsOrTable } from '../../components/ui/data-table';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Input, Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { Skeleton, SkeletonRows } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useClasses } from '../../lib/queries/classes';
import { useTeacherDashboard } from '../../lib/queries/teacher-dashboard';
import { useSession } from '../../lib/session';
import { studentName } from '../../lib/student-name';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { AdmitStudentForm } from './admit-student-form';
import { ExportMenu } from './export-menu';
import { ALL_CLASSES, useStudents } from './get-students';
import { StudentCardDialog } from './student-card-dialog';
import { capitalise, StatusBadge } from './student-details';

/** All, then one tab per class; a select on phones. */
function ClassTabs({
  classes,
  value,
  onChange,
}: {
  classes: ClassRow[];
  value: number;
  onChange(id: number): void;
}) {
  const options = [{ id: ALL_CLASSES, name: 'All' }, ...classes];
  return (
    <>
      <div className="sm:hidden">
        <label htmlFor="student-class-select" className="sr-only">
          Show class
        </label>
        <Select
          id="student-class-select"
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
        >
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.id === ALL_CLASSES ? 'All classes' : c.name}
            </option>
          ))}
        </Select>
      </div>
      <div
        role="tablist"
        aria-label="Classes"
        className="hidden max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1 sm:inline-flex"
      >
        {options.map((c) => (
          <button
            key={c.id}
            type="button"
            role="tab"
            aria-selected={c.id === value}
            onClick={() => onChange(c.id)}
            className={cn(
              'whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
              c.id === value
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {c.name}
          </button>
        ))}
      </div>
    </>
  );
}

/** Students, boys and girls of the chosen class (or of the whole school), from the class list. */
function ClassSummary({ classes, classId }: { classes: ClassRow[]; classId: number }) {
  const chosen = classes.find((c) => c.id === classId);
  const totals = chosen ?? {
    totalStudents: classes.reduce((n, c) => n + c.totalStudents, 0),
    boys: classes.reduce((n, c) => n + c.boys, 0),
    girls: classes.reduce((n, c) => n + c.girls, 0),
  };
  const teacher = chosen?.class_teacher?.user;
  const stat = (label: string, value: number) => (
    <div className="rounded-md border bg-background px-3 py-1.5">
      <span className="text-muted-foreground">{label} </span>
      <span className="font-semibold tabular-nums" data-testid={`summary-${label}`}>
        {value}
      </span>
    </div>
  );
  return (
    <section
      aria-label={chosen ? `${chosen.name} summary` : 'School summary'}
      className="flex flex-wrap items-center gap-2 text-sm"
    >
      {stat('Students', totals.totalStudents)}
      {stat('Boys', totals.boys)}
      {stat('Girls', totals.girls)}
      {chosen ? (
        <span className="text-muted-foreground">
          Class teacher:{' '}
          <span className="text-foreground">
            {teacher ? `${teacher.first_name} ${teacher.last_name}` : 'not assigned'}
          </span>
        </span>
      ) : null}
    </section>
  );
}

function StudentList({
  students,
  onOpen,
}: {
  students: StudentListRow[];
  onOpen(s: StudentListRow): void;
}) {
  // Senior learners' combinations, when the list has any.
  const combinations = students.some((s) => s.combination);
  return (
    <CardsOrTable
      label="Students"
      listClassName="space-y-2"
      rows={students}
      rowKey={(s) => s.id}
      card={(s) => (
        <Card className="p-0">
          <button
            type="button"
            onClick={() => onOpen(s)}
            className="flex w-full items-center gap-3 p-3 text-left"
            data-testid="student-card"
          >
            <Avatar src={s.profile_photo} name={studentName(s)} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{studentName(s)}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {s.admission_number} · {s._class.name} · {capitalise(s.gender)}
                {s.combination ? ` · ${s.combination}` : ''}
              </span>
            </span>
            <StatusBadge student={s} />
          </button>
        </Card>
      )}
      // The name button is the keyboard path; the whole row is a larger mouse target.
      rowProps={(s) => ({
        className: 'cursor-pointer',
        onClick: () => onOpen(s),
        'data-testid': 'student-row',
      })}
      columns={[
        {
          header: 'Name',
          cell: (s) => (
            <button
              type="button"
              onClick={(e) => {
                e.stopPropagation();
                onOpen(s);
              }}
              className="flex items-center gap-3 rounded text-left font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Avatar src={s.profile_photo} name={studentName(s)} className="h-8 w-8" />
              {studentName(s)}
            </button>
          ),
        },
        { header: 'Admission Number', cell: (s) => s.admission_number, className: 'tabular-nums' },
        { header: 'Class', cell: (s) => s._class.name },
        ...(combinations
          ? [{ header: 'Combination', cell: (s: StudentListRow) => s.combination ?? '' }]
          : []),
        { header: 'Gender', cell: (s) => capitalise(s.gender) },
        { header: 'Status', cell: (s) => <StatusBadge student={s} /> },
      ]}
    />
  );
}

const STATUS_LABELS: Record<StudentStatusFilter, string> = {
  active: 'Active',
  left: 'Left',
  all: 'Active and left',
};

const statusParam = (value: string | null): StudentStatusFilter =>
  STUDENT_STATUSES.find((s) => s === value) ?? 'active';

/** A positive whole number from the address, or `fallback`. */
const numberParam = (value: string | null, fallback: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : fallback;
};

type Loaded<T> = { data: T | undefined; isPending: boolean; isError: boolean; error: unknown };

/** The school's classes a teacher leads or teaches, as one query's state. */
function teachersClasses(
  all: Loaded<ClassRow[]>,
  mine: Loaded<TeacherDashboard>,
): Loaded<ClassRow[]> {
  const own =
    mine.data && new Set([...mine.data.assignments.map((a) => a.class.id), mine.data.my_class?.id]);
  return {
    data: own && all.data?.filter((c) => own.has(c.id)),
    isPending: all.isPending || mine.isPending,
    isError: all.isError || mine.isError,
    error: all.error ?? mine.error,
  };
}

export function StudentsPage() {
  const { user } = useSession();
  const isAdmin = user?.roles.some((r) => r.name === 'admin') ?? false;
  const allClasses = useClasses();
  // A teacher reads the students of the classes they lead or teach only (the server's rule):
  // their tabs are those classes.
  const mine = useTeacherDashboard({ enabled: user !== undefined && !isAdmin });
  const classes = isAdmin ? allClasses : teachersClasses(allClasses, mine);
  // The tab, the search and the page live in the address, so Back from a profile returns to them.
  const [params, setParams] = useSearchParams();
  const requested = numberParam(params.get('class'), ALL_CLASSES);
  const classId = classes.data?.some((c) => c.id === requested) === false ? ALL_CLASSES : requested;
  const search = params.get('q') ?? '';
  const page = numberParam(params.get('page'), 1);
  const status = statusParam(params.get('status'));
  const students = useStudents({ classId, search, page, status });
  const [typed, setTyped] = useState(search);
  const settled = useDebouncedValue(typed.trim());
  const [admitting, setAdmitting] = useState(false);
  const [open, setOpen] = useState<StudentListRow | null>(null);
  const chosenClass = classes.data?.find((c) => c.id === classId);

  /** Changes the address's parameters; any change but the page starts again from page 1. */
  const show = (changes: {
    class?: number;
    q?: string;
    page?: number;
    status?: StudentStatusFilter;
  }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.page === undefined) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          const empty =
            value === '' ||
            value === ALL_CLASSES ||
            value === 'active' ||
            (key === 'page' && value === 1);
          if (empty) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );

  // The server searches once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new settled search moves the address
  useEffect(() => {
    if (settled !== search) show({ q: settled });
  }, [settled]);

  // A page past the end (the list shrank, or an old link) shows the last page instead.
  const data = students.data;
  const lastPage = data ? pageCount(data.total, data.page_size) : 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer can put the page past the end
  useEffect(() => {
    if (data && page > lastPage) show({ page: lastPage });
  }, [data]);

  let body: ReactNode;
  if (students.isPending) {
    body = (
      <div role="status" aria-label="Loading" className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <SkeletonRows rows={5} />
      </div>
    );
  } else if (students.isError) {
    body = <LoadError what="the students" error={students.error} onRetry={students.refetch} />;
  } else if (students.data.total === 0 && search === '' && status === 'left') {
    body = (
      <EmptyState
        icon={<GraduationCap className="h-10 w-10" />}
        title={chosenClass ? `No student of ${chosenClass.name} has left` : 'No student has left'}
        hint="A student marked as left on their profile is listed here, with the day and the reason."
      />
    );
  } else if (students.data.total === 0 && search === '') {
    body = (
      <EmptyState
        icon={<GraduationCap className="h-10 w-10" />}
        title={STUDENT_MESSAGES.emptyClass}
        hint={isAdmin ? STUDENT_MESSAGES.emptyClassHint : undefined}
      />
    );
  } else if (students.data.total === 0) {
    body = (
      <EmptyState title="No student matches your search" hint={`Nothing found for “${search}”.`} />
    );
  } else {
    const { total, page_size } = students.data;
    const loadingNext = students.isPlaceholderData;
    body = (
      <div className="space-y-3">
        {search ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === 1 ? '1 student matches' : `${total.toLocaleString('en-KE')} students match`}{' '}
            “{search}”
          </p>
        ) : null}
        <div
          aria-busy={loadingNext}
          className={cn('transition-opacity', loadingNext && 'opacity-60')}
        >
          <StudentList students={students.data.students} onOpen={setOpen} />
        </div>
        {total > page_size ? (
          <Pagination
            page={students.data.page}
            pageSize={page_size}
            total={total}
            busy={loadingNext}
            onPageChange={(next) => {
              show({ page: next });
              window.scrollTo({ top: 0 });
            }}
          />
        ) : null}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Students"
        actions={
          <>
            {isAdmin ? (
              <ExportMenu
                filter={{ classId, search, status }}
                disabled={!students.data || students.data.total === 0}
              />
            ) : null}
            {isAdmin ? (
              <Link
                to={classId ? `/students/consents?class=${classId}` : '/students/consents'}
                className={buttonClass('outline')}
              >
                <MessageSquareCheck className="h-4 w-4" aria-hidden="true" />
                SMS consents
              </Link>
            ) : null}
            {isAdmin ? (
              <Link to="/students/import" className={buttonClass('outline')}>
                <FileUp className="h-4 w-4" aria-hidden="true" />
                Import
              </Link>
            ) : null}
            {isAdmin ? (
              <Button onClick={() => setAdmitting(true)}>
                <UserPlus className="h-4 w-4" aria-hidden="true" />
                Admit student
              </Button>
            ) : null}
          </>
        }
      />
      {classes.isError ? (
        <Alert tone="error" className="mb-4">
          Could not load the classes. {errorMessage(classes.error)}
        </Alert>
      ) : null}
      <div className="mb-4 space-y-3">
        {classes.isPending ? (
          <Skeleton className="h-10 w-full max-w-md" />
        ) : classes.data && classes.data.length > 0 ? (
          <ClassTabs
            classes={classes.data}
            value={classId}
            onChange={(id) => show({ class: id })}
          />
        ) : null}
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <div className="relative w-full max-w-sm">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search students"
              placeholder="Name, admission no. or phone"
              maxLength={MAX_SEARCH_LENGTH}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              className="pl-9"
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <div className="flex items-center gap-2 text-sm">
              <label htmlFor="student-status-select" className="text-muted-foreground">
                Show
              </label>
              <Select
                id="student-status-select"
                value={status}
                onChange={(e) => show({ status: statusParam(e.target.value) })}
                className="max-w-48"
              >
                {STUDENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            </div>
            {classes.data && classes.data.length > 0 ? (
              <ClassSummary classes={classes.data} classId={classId} />
            ) : null}
          </div>
        </div>
      </div>
      {body}
      <Dialog
        open={admitting}
        onOpenChange={setAdmitting}
        title="Admit student"
        description="The server assigns the admission number."
        className="sm:max-w-2xl"
      >
        {classes.data ? (
          <AdmitStudentForm classes={classes.data} defaultClassId={chosenClass?.id} />
        ) : classes.isError ? (
          <Alert tone="error">Could not load the classes. {errorMessage(classes.error)}</Alert>
        ) : (
          <SkeletonRows rows={4} />
        )}
      </Dialog>
      <StudentCardDialog student={open} onClose={() => setOpen(null)} />
    </div>
  );
}
