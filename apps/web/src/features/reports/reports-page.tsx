import { formatDate } from '@shule/shared/display-dates';
import type { ReportsClass, ReportsExam, ReportsOverview } from '@shule/shared/reports';
import { ArrowRight, Info } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useIsAdmin } from '../../lib/roles';
import { useReportsOverview } from './get-reports-overview';

const BREADCRUMB = [{ label: 'Dashboard', to: '/dashboard' }, { label: 'Reports' }];

/** A plain note in a report's place: what it needs that the school has not entered yet. */
function Note({ children }: { children: ReactNode }) {
  return (
    <p className="flex gap-2 rounded-md bg-muted/60 p-3 text-sm">
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** What a report needs that the school has not entered yet, and a link to where to enter it. */
function Missing({ children, to, where }: { children: ReactNode; to: string; where: string }) {
  return (
    <Note>
      {children}{' '}
      <Link to={to} className="font-medium text-primary underline underline-offset-2">
        {where}
      </Link>
      .
    </Note>
  );
}

interface ReportProps {
  title: string;
  about: string;
  /** Where it is made: the first is the main link. */
  links: { label: string; to: string }[];
  missing?: ReactNode;
}

/** One report: what it is, and a link to where it is made, or what it still needs. */
function Report({ title, about, links, missing }: ReportProps) {
  return (
    <li className="flex flex-col gap-3 rounded-md border p-4">
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{about}</p>
      </div>
      {missing ?? (
        <div className="mt-auto flex flex-wrap gap-2">
          {links.map((link, i) => (
            <Link
              key={link.to}
              to={link.to}
              className={buttonClass(i === 0 ? 'primary' : 'outline', 'sm')}
            >
              {link.label}
              {i === 0 ? <ArrowRight className="h-4 w-4" aria-hidden="true" /> : null}
            </Link>
          ))}
        </div>
      )}
    </li>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

const classLabel = (c: ReportsClass) => (c.level ? `${c.name} (${c.level})` : c.name);

/** Report forms, merit lists and analysis of one exam and class (or its whole level). */
function ExamReports({ exams, classes }: { exams: ReportsExam[]; classes: ReportsClass[] }) {
  const isAdmin = useIsAdmin();
  const marked = exams.filter((e) => e.marked_class_ids.length > 0);
  const mine = classes.filter((c) => c.may_see_results);
  const [examId, setExamId] = useState<number | null>(null);
  const [classId, setClassId] = useState<number | null>(null);
  const description =
    'Printed per exam: pick the exam and the class, then open the report where it is made.';

  if (exams.length === 0) {
    return (
      <Section title="Exam reports" description={description}>
        <Missing to="/exams" where="Exams">
          No exam yet — report forms, merit lists and analysis come from an exam's marks. Create an
          exam and enter its marks on
        </Missing>
      </Section>
    );
  }
  if (marked.length === 0) {
    return (
      <Section title="Exam reports" description={description}>
        <Missing to="/exams" where="Exams">
          No exam has marks yet — enter marks on
        </Missing>
      </Section>
    );
  }
  if (mine.length === 0) {
    return (
      <Section title="Exam reports" description={description}>
        <Note>
          {classes.length === 0
            ? 'No class yet — an exam’s reports are printed by class.'
            : 'A teacher prints the exam reports of the class they lead, and you lead none yet: ask your school’s admin to name you class teacher on Classes.'}
        </Note>
      </Section>
    );
  }

  const exam = marked.find((e) => e.id === examId) ?? marked[0]!;
  const chosen =
    mine.find((c) => c.id === classId) ??
    mine.find((c) => exam.marked_class_ids.includes(c.id)) ??
    mine[0]!;
  const hasMarks = exam.marked_class_ids.includes(chosen.id);
  const level = isAdmin ? chosen.level : null;
  const levelQuery = level ? `level=${encodeURIComponent(level)}` : '';
  const noMarks = hasMarks ? undefined : (
    <Missing to={`/exams/${exam.id}?class=${chosen.id}`} where={exam.name}>
      {chosen.name} has no marks in {exam.name} yet — enter them on
    </Missing>
  );

  return (
    <Section title="Exam reports" description={description}>
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <Field label="Exam">
          <Select value={exam.id} onChange={(e) => setExamId(Number(e.target.value))}>
            {marked.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
                {e.combined ? ' (combined)' : ''} · {e.start_date.slice(0, 4)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Class">
          <Select value={chosen.id} onChange={(e) => setClassId(Number(e.target.value))}>
            {mine.map((c) => (
              <option key={c.id} value={c.id}>
                {classLabel(c)}
                {exam.marked_class_ids.includes(c.id) ? '' : ' · no marks'}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <ul className="grid gap-3 md:grid-cols-3">
        <Report
          title="Report forms"
          about="One A4 page per student: marks, grades, positions, attendance and remarks, as a PDF for the class."
          links={[{ label: 'Open report forms', to: `/exams/${exam.id}?class=${chosen.id}` }]}
          missing={noMarks}
        />
        <Report
          title="Merit list"
          about="The class ranked by mean, with stream and overall positions, as a PDF or CSV."
          links={[
            {
              label: 'Open merit list',
              to: `/exams/${exam.id}/merit-list?class=${chosen.id}`,
            },
            ...(level
              ? [{ label: `All of ${level}`, to: `/exams/${exam.id}/merit-list?${levelQuery}` }]
              : []),
          ]}
          missing={noMarks}
        />
        <Report
          title="Exam analysis"
          about="Mean grades, grade counts, subject and stream rankings and charts, as a PDF."
          links={[
            { label: 'Open analysis', to: `/results?exam=${exam.id}&class=${chosen.id}` },
            ...(level
              ? [{ label: `All of ${level}`, to: `/results?exam=${exam.id}&${levelQuery}` }]
              : []),
          ]}
          missing={noMarks}
        />
      </ul>
    </Section>
  );
}

/** Class lists and registers: printed per class. */
function ClassReports({
  classes,
  registers,
}: {
  classes: ReportsClass[];
  registers: ReportsOverview['registers'];
}) {
  const [classId, setClassId] = useState(0);
  const description = 'Printed per class: pick the class, or the whole school for the list.';
  if (classes.length === 0) {
    return (
      <Section title="Class lists and registers" description={description}>
        <Missing to="/classes" where="Classes">
          No class yet — add the school's classes on
        </Missing>
      </Section>
    );
  }
  const chosen = classes.find((c) => c.id === classId);
  const students = chosen ? chosen.students : classes.reduce((n, c) => n + c.students, 0);
  const registerClass = chosen ?? classes[0]!;
  return (
    <Section title="Class lists and registers" description={description}>
      <Field label="Class" className="lg:max-w-xs">
        <Select value={classId} onChange={(e) => setClassId(Number(e.target.value))}>
          <option value={0}>All classes</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {classLabel(c)}
            </option>
          ))}
        </Select>
      </Field>
      <ul className="grid gap-3 md:grid-cols-2">
        <Report
          title="Class list"
          about="The students with their admission numbers and parents, exported as CSV or in the NEMIS learner register's columns."
          links={[
            { label: 'Open class list', to: chosen ? `/students?class=${chosen.id}` : '/students' },
          ]}
          missing={
            students === 0 ? (
              <Missing to="/students" where="Students">
                {chosen ? `${chosen.name} has no students yet` : 'No student yet'} — admit them on
              </Missing>
            ) : undefined
          }
        />
        <Report
          title="Attendance register"
          about={
            registers.taken > 0
              ? `A class's register for a day. ${registers.taken === 1 ? 'One register' : `${registers.taken} registers`} taken so far, the last on ${formatDate(registers.last_date)}.`
              : "A class's register for a day, taken by its class teacher."
          }
          links={[{ label: 'Open register', to: `/attendance?class=${registerClass.id}` }]}
          missing={
            registers.taken === 0 ? (
              <Missing to={`/attendance?class=${registerClass.id}`} where="Attendance">
                No register taken yet — take one on
              </Missing>
            ) : undefined
          }
        />
      </ul>
    </Section>
  );
}

function FeeReports({ fees }: { fees: NonNullable<ReportsOverview['fees']> }) {
  return (
    <Section title="Fee reports" description="Statements for parents and the school's collection.">
      <ul className="grid gap-3 md:grid-cols-2">
        <Report
          title="Fee statements"
          about="A student's charges, payments and balance as an A4 PDF: open the student, then Statement (PDF) under Fees."
          links={[{ label: 'Find a student', to: '/students' }]}
          missing={
            fees.billed_students === 0 ? (
              <Missing to="/fee_structure" where="Fee structure">
                No student has been billed yet — set the term's fees on
              </Missing>
            ) : undefined
          }
        />
        <Report
          title="Fee collection and balances"
          about="What each term collected by category, who owes what (CSV), and collection over time."
          links={[
            { label: 'Open fees', to: '/fees' },
            { label: 'Analytics', to: '/analytics' },
          ]}
          missing={
            fees.payments === 0 ? (
              <Missing to="/fees" where="Fees">
                No payment recorded yet — record one, or connect M-Pesa, on
              </Missing>
            ) : undefined
          }
        />
      </ul>
    </Section>
  );
}

/**
 * Reports (/reports): every printable report Shule makes, each a link to where it is made, or
 * what the school still has to enter for it. Teachers see the reports they may open.
 */
export function ReportsPage() {
  const overview = useReportsOverview();
  return (
    <div>
      <PageHeader title="Reports" breadcrumb={BREADCRUMB} />
      <p className="mb-5 max-w-2xl text-sm text-muted-foreground">
        Every report Shule prints, and where it is made.
      </p>
      {overview.isPending ? (
        <div className="space-y-5" aria-busy="true">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : overview.isError ? (
        <LoadError what="the reports" error={overview.error} onRetry={() => overview.refetch()} />
      ) : (
        <div className="space-y-5">
          <ExamReports exams={overview.data.exams} classes={overview.data.classes} />
          <ClassReports classes={overview.data.classes} registers={overview.data.registers} />
          {overview.data.fees ? <FeeReports fees={overview.data.fees} /> : null}
        </div>
      )}
    </div>
  );
}
