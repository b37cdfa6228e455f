import { formatDateRange } from '@shule/shared/display-dates';
import { classSitsExam, type Exam } from '@shule/shared/exams';
import { MAX_SCORE, MIN_SCORE } from '@shule/shared/grades';
import type { Mark } from '@shule/shared/results/marks';
import {
  type ClassSubject,
  markOutOfRangeMessage,
  parseMark,
  type StudentMarksRow,
} from '@shule/shared/scores';
import { ChevronDown, ChevronRight, Printer, School, Users } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AdminOnly } from '../../components/admin-only';
import { DateStatusBadge } from '../../components/date-status-badge';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NoMatches } from '../../components/ui/no-matches';
import { PageHeader } from '../../components/ui/page-header';
import { SearchInput } from '../../components/ui/search-input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { UpperCaseInput } from '../../components/ui/upper-case-input';
import { ApiError, errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useClasses } from '../../lib/queries/classes';
import { useExams } from '../../lib/queries/exams';
import { useExam } from './get-exam';
import { useStudentsWithGrades } from './get-students-with-grades';
import { GenerateMeritListButton } from './merit-list-choice';
import { useSaveStudentScores } from './save-student-scores';

/** What the page shows beside a class's students: the class and how many it lists. */
export interface ClassActionsProps {
  examId: number;
  classId: number;
  className: string;
  students: number;
}

/**
 * Grading (/exams/{id}?class=): one class at a time, each student with one score input per
 * subject of the class. The class is in the address; the first class is shown until one is chosen.
 * `classActions` are what other features offer for the class shown (app/ composes them).
 */
export function ExamGradingPage({
  classActions,
  studentActions,
  headerActions,
}: {
  classActions?: (props: ClassActionsProps) => ReactNode;
  /** Beside each student (the history of their marks). */
  studentActions?: (props: { examId: number; student: StudentMarksRow }) => ReactNode;
  /** In the page's header, for the exam (and the class shown, if any). */
  headerActions?: (props: { examId: number; classId: number | undefined }) => ReactNode;
} = {}) {
  const examId = Number(useParams().id);
  const exam = useExam(examId);
  const combined = (exam.data?.components.length ?? 0) > 0;
  const classes = useClasses();
  // The picker offers only the classes that sit the exam.
  const sitting =
    exam.data && classes.data ? classes.data.filter((c) => classSitsExam(exam.data, c)) : undefined;
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('class'));
  const chosen = sitting?.find((c) => c.id === requested) ?? sitting?.[0];
  const students = useStudentsWithGrades(examId, chosen?.id);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const notFound =
    !Number.isInteger(examId) ||
    examId <= 0 ||
    (exam.error instanceof ApiError && exam.error.status === 404);

  const all = students.data?.students ?? [];
  const query = search.trim().toLowerCase();
  const shown = all.filter(
    (s) =>
      !query ||
      `${s.first_name} ${s.last_name} ${s.admission_number}`.toLowerCase().includes(query),
  );

  const chooseClass = (id: string) => {
    setParams({ class: id }, { replace: true });
    setSearch('');
  };

  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const breadcrumb = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Academics' },
    { label: 'Exams', to: '/exams' },
    { label: exam.data?.name ?? 'Exam' },
  ];

  if (notFound) {
    return (
      <div>
        <PageHeader title="Exam not found" breadcrumb={breadcrumb} />
        <EmptyState
          title="This exam does not exist"
          hint="It may have been deleted."
          action={
            <Link to="/exams" className={buttonClass('outline')}>
              Back to exams
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title={exam.data?.name ?? 'Exam'}
        breadcrumb={breadcrumb}
        actions={
          <>
            {headerActions?.({ examId, classId: chosen?.id })}
            <GenerateMeritListButton
              exam={exam.data}
              classes={sitting}
              currentClassId={chosen?.id}
            />
          </>
        }
      />
      <div className="-mt-2 mb-4 space-y-1">
        {exam.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : exam.data ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-sm text-muted-foreground">
              {formatDateRange(exam.data.start_date, exam.data.end_date)}
            </span>
            <DateStatusBadge status={exam.data.status} />
          </div>
        ) : exam.isError ? (
          <Alert tone="error">Could not load the exam. {errorMessage(exam.error)}</Alert>
        ) : null}
      </div>
      {exam.data && combined ? <CombinedNotice exam={exam.data} /> : null}

      {exam.isError ? null : classes.isPending ||
        exam.isPending ||
        (chosen && students.isPending) ? (
        <StudentSkeletons />
      ) : classes.isError ? (
        <LoadError what="the classes" error={classes.error} onRetry={classes.refetch} />
      ) : !chosen && (classes.data?.length ?? 0) > 0 ? (
        <EmptyState
          icon={<School className="h-10 w-10" />}
          title="No class sits this exam"
          hint="Edit the exam on the Exams page to choose the classes or levels that sit it."
          action={
            <Link to="/exams" className={buttonClass('outline')}>
              Back to exams
            </Link>
          }
        />
      ) : !chosen ? (
        <EmptyState
          icon={<School className="h-10 w-10" />}
          title="No classes yet"
          hint="Create classes and admit students into them; each class is graded here."
          action={
            <AdminOnly>
              <Link to="/classes" className={buttonClass('primary')}>
                Go to Classes
              </Link>
            </AdminOnly>
          }
        />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Select
              aria-label="Class"
              className="sm:w-48"
              value={chosen.id}
              onChange={(e) => chooseClass(e.target.value)}
            >
              {sitting?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
            {all.length > 0 ? (
              <>
                <SearchInput
                  placeholder="Search students..."
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                <p className="text-sm text-muted-foreground sm:ml-auto">
                  {shown.length} of {all.length} students
                </p>
                {classActions?.({
                  examId,
                  classId: chosen.id,
                  className: chosen.name,
                  students: all.length,
                })}
              </>
            ) : null}
          </div>
          {students.isError ? (
            <LoadError what="the students" error={students.error} onRetry={students.refetch} />
          ) : all.length === 0 ? (
            <EmptyState
              icon={<Users className="h-10 w-10" />}
              title={`No students in ${chosen.name} yet`}
              hint="Admit students into this class; they will be listed here for scoring."
              action={
                <AdminOnly>
                  <Link to="/students" className={buttonClass('primary')}>
                    Go to Students
                  </Link>
                </AdminOnly>
              }
            />
          ) : shown.length === 0 ? (
            <NoMatches>No students match the search.</NoMatches>
          ) : (
            <Card>
              <ul className="divide-y" aria-label="Students">
                {shown.map((student) =>
                  combined ? (
                    <ReportOnlyRow
                      key={student.id}
                      examId={examId}
                      classId={chosen.id}
                      student={student}
                    />
                  ) : (
                    <StudentRow
                      key={student.id}
                      examId={examId}
                      classId={chosen.id}
                      className={chosen.name}
                      subjects={students.data?.subjects ?? []}
                      student={student}
                      expanded={expanded.has(student.id)}
                      onToggle={() => toggle(student.id)}
                      actions={studentActions?.({ examId, student })}
                    />
                  ),
                )}
              </ul>
            </Card>
          )}
        </div>
      )}
    </div>
  );
}

/** A combined exam's marks come from its components: where to enter them instead. */
function CombinedNotice({ exam }: { exam: Exam }) {
  const exams = useExams();
  const names = new Map((exams.data ?? []).map((e) => [e.id, e.name]));
  return (
    <Alert tone="info" className="mb-4">
      <p className="font-medium">
        {exam.name} combines other exams: its marks are worked out from theirs, not typed in.
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-label="Exams it combines">
        {exam.components.map((c) => (
          <li key={c.exam}>
            <Link
              to={`/exams/${c.exam}`}
              className="text-primary underline-offset-4 hover:underline"
            >
              {names.get(c.exam) ?? 'Exam'}
            </Link>{' '}
            <span className="text-muted-foreground">{c.weight}%</span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm">
        Enter marks there; the merit list and report forms of this exam follow.
      </p>
    </Alert>
  );
}

interface StudentReportProps {
  examId: number;
  classId: number;
  student: StudentMarksRow;
}

function PrintReportLink({ examId, classId, student }: StudentReportProps) {
  return (
    <Link
      to={`/exams/${examId}/report/${student.id}?class=${classId}&print=1`}
      className={cn(buttonClass('outline', 'sm'), 'shrink-0')}
      aria-label={`Print Report of ${student.first_name} ${student.last_name}`}
    >
      <Printer className="h-4 w-4" aria-hidden="true" />
      <span className="hidden sm:inline">Print Report</span>
    </Link>
  );
}

/** A student of a combined exam: nothing to type, their report form to print. */
function ReportOnlyRow({ examId, classId, student }: StudentReportProps) {
  return (
    <li className="flex items-center gap-3 p-3 sm:px-4">
      <span className="min-w-0 flex-1 p-1">
        <span className="block truncate font-medium">
          {student.first_name} {student.last_name}
        </span>
        <span className="block truncate text-sm text-muted-foreground">
          Adm. {student.admission_number}
        </span>
      </span>
      <PrintReportLink examId={examId} classId={classId} student={student} />
    </li>
  );
}

function StudentSkeletons() {
  return (
    <Card role="status" aria-label="Loading">
      <ul className="divide-y">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="flex items-center gap-3 p-4">
            <Skeleton className="h-5 w-5" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-48 max-w-full" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-8 w-24" />
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** A saved mark as the input shows it: 78, X or Y; nothing for no mark. */
const typedScore = (score: Mark | undefined) => (score === undefined ? '' : String(score));
/** What is typed, as it is compared and sent: trimmed, x and y upper case. */
const normalised = (typed: string) => typed.trim().toUpperCase();

/**
 * One student: the toggle shows or hides a score input per subject of their class (a dash for
 * a subject they do not take). What is typed lives here, so collapsing and expanding again keeps
 * unsaved marks.
 */
function StudentRow({
  examId,
  classId,
  className,
  subjects,
  student,
  expanded,
  onToggle,
  actions,
}: {
  examId: number;
  classId: number;
  className: string;
  /** The subjects taught in the class. */
  subjects: ClassSubject[];
  student: StudentMarksRow;
  expanded: boolean;
  onToggle(): void;
  actions?: ReactNode;
}) {
  const save = useSaveStudentScores(examId, classId);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const panelId = useId();
  const fullName = `${student.first_name} ${student.last_name}`;

  // A student with their own list of subjects (optional subjects dropped) is marked in those.
  const takes = (subject: ClassSubject) =>
    student.subjects === null || student.subjects.includes(subject.id);
  const taken = subjects.filter(takes);
  const saved = (subjectId: number) => student.marks[subjectId];
  const typed = (subjectId: number) => drafts[subjectId] ?? typedScore(saved(subjectId));
  const changed = taken.filter((s) => normalised(typed(s.id)) !== typedScore(saved(s.id)));
  const scored = taken.filter((s) => saved(s.id) !== undefined).length;

  const edit = (subjectId: number, value: string) => {
    setDrafts((d) => ({ ...d, [subjectId]: value }));
    setErrors((e) => {
      const { [String(subjectId)]: _, ...rest } = e;
      return rest;
    });
    setFailure(null);
  };

  const submit = () => {
    const found: Record<string, string> = {};
    for (const subject of changed) {
      if (parseMark(typed(subject.id)) === 'invalid') {
        found[subject.id] = markOutOfRangeMessage(subject.name);
      }
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const subject_marks = Object.fromEntries(
      changed.map((s) => [String(s.id), normalised(typed(s.id)) || null]),
    );
    save.mutate(
      { student: student.id, exam: examId, subject_marks },
      {
        onSuccess: () => {
          setDrafts({});
          toast({
            title: 'Scores updated successfully',
            description: 'Student subjects updated successfully',
            variant: 'success',
          });
        },
        onError: (err) => {
          const fieldErrors: Record<string, string> = {};
          if (err instanceof ApiError) {
            for (const [field, messages] of Object.entries(err.errors ?? {})) {
              const id = field.startsWith('subject_marks.') ? field.slice(14) : null;
              if (id && messages[0]) fieldErrors[id] = messages[0];
            }
          }
          setErrors(fieldErrors);
          setFailure(errorMessage(err));
          toast({
            title: 'Scores could not be updated',
            description: 'Student scores could not be updated',
            variant: 'destructive',
            action: { label: 'Try Again', onClick: submit },
          });
        },
      },
    );
  };

  return (
    <li data-testid={`student-${student.id}`}>
      <div className="flex items-center gap-2 p-3 sm:gap-3 sm:px-4">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-md p-1 text-left hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {expanded ? (
            <ChevronDown className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          ) : (
            <ChevronRight className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          )}
          <span className="min-w-0">
            <span className="block truncate font-medium">{fullName}</span>
            <span className="block truncate text-sm text-muted-foreground">
              Adm. {student.admission_number}
            </span>
          </span>
        </button>
        <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">
          {scored}/{taken.length} scored
        </span>
        {changed.length > 0 && !expanded ? (
          <Badge tone="yellow" className="shrink-0">
            Unsaved
          </Badge>
        ) : null}
        {actions}
        <PrintReportLink examId={examId} classId={classId} student={student} />
      </div>
      {expanded ? (
        <section
          id={panelId}
          aria-label={`Scores of ${fullName}`}
          className="border-t bg-muted/30 px-3 py-4 sm:px-4"
        >
          {subjects.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No subjects for {className} yet.{' '}
              <AdminOnly fallback="Your school's admin adds them.">
                <Link to="/subjects" className="text-primary hover:underline">
                  Add subjects
                </Link>{' '}
                and choose this class to enter scores.
              </AdminOnly>
            </p>
          ) : (
            <div className="space-y-4">
              {failure ? <Alert tone="error">{failure}</Alert> : null}
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                {subjects.map((subject) =>
                  takes(subject) ? (
                    <Field key={subject.id} label={subject.name} error={errors[subject.id]}>
                      <UpperCaseInput
                        inputMode="text"
                        enterKeyHint="done"
                        maxLength={6}
                        placeholder="—"
                        value={typed(subject.id)}
                        onChange={(e) => edit(subject.id, e.target.value)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter' && changed.length > 0 && !save.isPending) submit();
                        }}
                      />
                    </Field>
                  ) : (
                    <NotTaken key={subject.id} subject={subject.name} />
                  ),
                )}
              </div>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
                <p className="text-xs text-muted-foreground sm:mr-auto">
                  Marks from {MIN_SCORE} to {MAX_SCORE} · <strong>X</strong> absent ·{' '}
                  <strong>Y</strong> withheld · empty for no mark
                </p>
                <Button
                  className="sm:order-last"
                  disabled={changed.length === 0 || save.isPending}
                  onClick={submit}
                >
                  {save.isPending ? '... Loading' : 'Save Changes'}
                </Button>
                <Button
                  variant="outline"
                  disabled={changed.length === 0 || save.isPending}
                  onClick={() => {
                    setDrafts({});
                    setErrors({});
                    setFailure(null);
                  }}
                >
                  Discard
                </Button>
              </div>
            </div>
          )}
        </section>
      ) : null}
    </li>
  );
}

/** A subject of the class the student does not take: a dash in the input's place. */
function NotTaken({ subject }: { subject: string }) {
  return (
    <div className="space-y-1.5" data-testid="not-taken">
      <p className="text-sm font-medium text-muted-foreground">{subject}</p>
      <p
        className="flex h-10 items-center rounded-md border border-dashed px-3 text-sm text-muted-foreground"
        title={`Does not take ${subject}`}
      >
        <span aria-hidden="true">—</span>
        <span className="sr-only">Does not take {subject}</span>
      </p>
    </div>
  );
}
