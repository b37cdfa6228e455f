import { formatDate } from '@shule/shared/display-dates';
import type {
  GroupMarkProgress,
  MarkProgress,
  OpenExamProgress,
  TeacherDashboard as TeacherDashboardData,
} from '@shule/shared/teacher-dashboard';
import {
  BookOpen,
  CheckCircle2,
  ChevronRight,
  ClipboardCheck,
  ClipboardList,
  NotebookPen,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { assessmentsPath } from '../../lib/assessments-path';
import { groupMarkEntryPath, markEntryPath } from '../../lib/mark-entry-path';
import { useClasses } from '../../lib/queries/classes';
import { useLevels } from '../../lib/queries/levels';
import { useTeacherDashboard } from '../../lib/queries/teacher-dashboard';
import { AbsentTodayCard, MyRegisterCard } from './attendance-cards';

export const NO_ASSIGNMENTS_TITLE = 'No classes assigned yet';
export const NO_ASSIGNMENTS_HINT =
  "Ask your school's administrator to assign you to a class and subject. Your classes and the marks you owe then appear here.";
export const NO_OPEN_EXAMS_TEXT =
  'No exam is open for marks. Once an exam starts, the marks you owe for it appear here.';

function Section({
  title,
  icon: Icon,
  aside,
  children,
}: {
  title: string;
  icon: typeof BookOpen;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
        {aside}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function ProgressRow({ examId, item }: { examId: number; item: MarkProgress | GroupMarkProgress }) {
  const percent = item.owed === 0 ? 100 : Math.round((item.entered / item.owed) * 100);
  const done = item.entered >= item.owed;
  const isGroup = 'group' in item;
  // A teaching group's name already says its subject ("Grade 10 Chemistry 1").
  const label = isGroup ? item.group.name : `${item.class.name} · ${item.subject.name}`;
  return (
    <li>
      <Link
        to={
          isGroup
            ? groupMarkEntryPath(examId, item.group.id, item.subject.id)
            : markEntryPath(examId, item.class.id, item.subject.id)
        }
        className="group flex items-center gap-3 rounded-md border p-3 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {/* Said as one sentence; the row's label, count and bar are for the eye. */}
        <span className="sr-only">{`Enter marks: ${label}, ${item.entered} of ${item.owed} entered`}</span>
        <div className="min-w-0 flex-1 space-y-2" aria-hidden="true">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-medium">{label}</span>
            <span className="text-sm tabular-nums" data-testid="marks-progress">
              {item.entered} of {item.owed}
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted" data-testid="marks-bar">
            <div
              className={`h-full rounded-full ${done ? 'bg-green-600' : 'bg-primary'}`}
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
        {done ? (
          <CheckCircle2 className="h-5 w-5 shrink-0 text-green-600" aria-hidden="true" />
        ) : (
          <ChevronRight
            className="h-5 w-5 shrink-0 text-muted-foreground group-hover:text-foreground"
            aria-hidden="true"
          />
        )}
      </Link>
    </li>
  );
}

function OpenExam({ open }: { open: OpenExamProgress }) {
  const all = [...open.items, ...(open.groups ?? [])];
  const entered = all.reduce((n, i) => n + i.entered, 0);
  const owed = all.reduce((n, i) => n + i.owed, 0);
  return (
    <section aria-label={open.exam.name} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="font-semibold">{open.exam.name}</h3>
        <p className="text-xs text-muted-foreground">
          {formatDate(open.exam.start_date)} – {formatDate(open.exam.end_date)}
          {owed > 0 ? ` · ${entered} of ${owed} marks entered` : ''}
        </p>
      </div>
      <ul className="space-y-2">
        {open.items.map((item) => (
          <ProgressRow
            key={`${item.class.id}-${item.subject.id}`}
            examId={open.exam.id}
            item={item}
          />
        ))}
        {(open.groups ?? []).map((item) => (
          <ProgressRow key={`group-${item.group.id}`} examId={open.exam.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function MarksToEnter({ data }: { data: TeacherDashboardData }) {
  return (
    <Section title="Marks to enter" icon={NotebookPen}>
      {data.open_exams.length === 0 ? (
        <p className="text-sm text-muted-foreground">{NO_OPEN_EXAMS_TEXT}</p>
      ) : (
        <div className="space-y-5">
          {data.open_exams.map((open) => (
            <OpenExam key={open.exam.id} open={open} />
          ))}
        </div>
      )}
    </Section>
  );
}

/** My (class, subject) pairs, grouped by class: "Form 2 West: Mathematics, English". */
function MyClassesAndSubjects({ data }: { data: TeacherDashboardData }) {
  const byClass = new Map<number, { name: string; subjects: string[] }>();
  for (const a of data.assignments) {
    const entry = byClass.get(a.class.id) ?? { name: a.class.name, subjects: [] };
    entry.subjects.push(a.subject.name);
    byClass.set(a.class.id, entry);
  }
  return (
    <Section title="My classes and subjects" icon={BookOpen}>
      <ul className="space-y-3">
        {[...byClass].map(([id, c]) => (
          <li key={id}>
            <p className="text-sm font-medium">{c.name}</p>
            <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`Subjects in ${c.name}`}>
              {c.subjects.map((s) => (
                <li key={s}>
                  <Badge tone="blue">{s}</Badge>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The senior-school teaching groups I teach: learners of several streams in one subject. */
function MyGroups({ data }: { data: TeacherDashboardData }) {
  return (
    <Section title="My teaching groups" icon={Users}>
      <ul className="space-y-2" aria-label="My teaching groups">
        {(data.groups ?? []).map((g) => (
          <li
            key={g.group.id}
            className="flex items-center justify-between gap-3 rounded-md border p-3 text-sm"
          >
            <span className="min-w-0 font-medium">{g.group.name}</span>
            <span className="shrink-0 text-muted-foreground">
              {g.size} {g.size === 1 ? 'learner' : 'learners'}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** My (class, CBC learning area) pairs, each opening its assessments and their levels. */
function MyLearningAreas({ data }: { data: TeacherDashboardData }) {
  return (
    <Section title="Assess by learning area" icon={ClipboardCheck}>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="My learning areas">
        {data.learning_areas.map((a) => (
          <li key={`${a.class.id}-${a.learning_area.id}`}>
            <Link
              to={assessmentsPath(a.class.id, a.learning_area.id)}
              className="group flex items-center gap-3 rounded-md border p-3 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="min-w-0 flex-1 font-medium">
                {a.class.name} · {a.learning_area.name}
              </span>
              <ChevronRight
                className="h-5 w-5 shrink-0 text-muted-foreground group-hover:text-foreground"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function MyClass({ myClass }: { myClass: NonNullable<TeacherDashboardData['my_class']> }) {
  return (
    <Section
      title={`My class: ${myClass.name}`}
      icon={Users}
      aside={
        <span className="shrink-0 text-sm text-muted-foreground">
          {myClass.count} {myClass.count === 1 ? 'student' : 'students'}
        </span>
      }
    >
      {myClass.students.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No students in {myClass.name} yet. The school's administrator admits them.
        </p>
      ) : (
        <ul className="divide-y rounded-md border sm:columns-2 sm:gap-0 sm:divide-y-0 xl:columns-3">
          {myClass.students.map((s) => (
            <li key={s.id} className="break-inside-avoid">
              <Link
                to={`/students/${s.id}`}
                className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="min-w-0 truncate font-medium">
                  {s.first_name} {s.last_name}
                </span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {s.admission_number}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The CBC term summaries of the classes I lead or teach, when any of them is on CBC. */
function TermSummaries({ data }: { data: TeacherDashboardData }) {
  const classes = useClasses();
  const levels = useLevels();
  const mine = new Set([
    ...(data.my_class ? [data.my_class.id] : []),
    ...data.assignments.map((a) => a.class.id),
    ...(data.learning_areas ?? []).map((a) => a.class.id),
  ]);
  const cbcLevels = new Set(
    (levels.data ?? []).filter((l) => l.curriculum === 'cbc').map((l) => l.name),
  );
  const shown = (classes.data ?? []).filter(
    (c) => mine.has(c.id) && c.level !== null && cbcLevels.has(c.level),
  );
  if (shown.length === 0) return null;
  return (
    <Section title="CBC term summaries" icon={ClipboardList}>
      <ul className="space-y-2">
        {shown.map((c) => (
          <li key={c.id}>
            <Link
              to={`/cbc/classes/${c.id}/summary`}
              className="flex items-center justify-between gap-3 rounded-md border p-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span>{c.name}: levels by learning area</span>
              <ChevronRight className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** A teacher's own dashboard: the marks they owe in each open exam first, then what they teach and their class. */
export function TeacherDashboard() {
  const dashboard = useTeacherDashboard();
  if (dashboard.isPending) {
    return (
      <div className="space-y-4">
        <SkeletonRows rows={4} />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <LoadError
        what="your dashboard"
        error={dashboard.error}
        onRetry={() => dashboard.refetch()}
      />
    );
  }
  const data = dashboard.data;
  const learningAreas = data.learning_areas ?? [];
  const groups = data.groups ?? [];
  return (
    <div className="grid items-start gap-4 lg:grid-cols-3">
      {data.my_class ? (
        <>
          <div className="lg:col-span-2">
            <MyRegisterCard myClass={data.my_class} />
          </div>
          <AbsentTodayCard />
        </>
      ) : null}
      {data.assignments.length === 0 && learningAreas.length === 0 && groups.length === 0 ? (
        <div className="lg:col-span-3">
          <EmptyState
            icon={<BookOpen className="h-8 w-8" aria-hidden="true" />}
            title={NO_ASSIGNMENTS_TITLE}
            hint={NO_ASSIGNMENTS_HINT}
          />
        </div>
      ) : null}
      {data.assignments.length > 0 || groups.length > 0 ? (
        <>
          <div className="lg:col-span-2">
            <MarksToEnter data={data} />
          </div>
          <div className="space-y-4">
            {data.assignments.length > 0 ? <MyClassesAndSubjects data={data} /> : null}
            {groups.length > 0 ? <MyGroups data={data} /> : null}
          </div>
        </>
      ) : null}
      {learningAreas.length > 0 ? (
        <div className="lg:col-span-3">
          <MyLearningAreas data={{ ...data, learning_areas: learningAreas }} />
        </div>
      ) : null}
      <TermSummaries data={data} />
      {data.my_class ? (
        <div className="lg:col-span-3">
          <MyClass myClass={data.my_class} />
        </div>
      ) : null}
    </div>
  );
}
