import type { ReportCard } from '@shule/shared/results/report-cards';
import type { StudentRow } from '@shule/shared/students';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, api, errorMessage } from '../../lib/api-client';
import { useIsAdmin } from '../../lib/roles';
import { useReportCard } from './get-report-cards';
import { ReportForm, SignatureLine } from './report-form';
import { ReportTeacherNamesSetting } from './report-teacher-names';
import { useSaveReportRemarks } from './save-report-remarks';

/** The pause between the form appearing and the print dialog, so it is drawn before printing. */
export const PRINT_DELAY_MS = 500;

const validId = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * A student's report form on screen (/exams/{id}/report/{student}?class={id}[&print=1]): the
 * remarks may be edited and kept, and opened with print=1 (Print Report on the grading page) it
 * asks the browser to print 500 ms after the form has loaded. The print stylesheet leaves only
 * the form on paper.
 */
export function ReportFormPage() {
  const params = useParams();
  const examId = validId(params.id);
  const studentId = validId(params.studentId);
  const [search, setSearch] = useSearchParams();
  const givenClass = validId(search.get('class'));
  // Opened without its class (a typed or old address): the student's record names it.
  const student = useQuery({
    queryKey: ['students', 'detail', studentId],
    queryFn: () => api.get<StudentRow>(`/students/${studentId}/`),
    enabled: givenClass === null && studentId !== null,
  });
  const classId = givenClass ?? student.data?._class.id ?? null;
  const card = useReportCard(examId ?? 0, classId ?? 0, studentId ?? 0);
  const wantsPrint = search.get('print') === '1';
  const isAdmin = useIsAdmin();

  useEffect(() => {
    if (!wantsPrint || !card.data) return;
    const timer = window.setTimeout(() => {
      // Printed once: a reload or a later edit does not ask again.
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('print');
          return next;
        },
        { replace: true },
      );
      window.print();
    }, PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wantsPrint, card.data, setSearch]);

  const back = examId ? `/exams/${examId}${classId ? `?class=${classId}` : ''}` : '/exams';
  const backLink = (
    <Link to={back} className={buttonClass('outline')}>
      Back to grading
    </Link>
  );

  const failed = card.error ?? student.error;
  const missing =
    examId === null ||
    studentId === null ||
    (failed instanceof ApiError && failed.status === 404) ||
    (card.isSuccess && card.data === null);

  return (
    <div>
      <div className="print:hidden">
        <PageHeader
          title="Report form"
          breadcrumb={[
            { label: 'Dashboard', to: '/dashboard' },
            { label: 'Exams', to: '/exams' },
            { label: card.data?.exam.name ?? 'Exam', to: back },
            { label: card.data?.student.name ?? 'Report form' },
          ]}
          actions={
            card.data ? (
              <>
                {isAdmin ? <ReportTeacherNamesSetting /> : null}
                <Button onClick={() => window.print()}>
                  <Printer className="h-4 w-4" aria-hidden="true" />
                  Print
                </Button>
              </>
            ) : null
          }
        />
      </div>
      {missing ? (
        <EmptyState
          title="This report form does not exist"
          hint="The exam or the student may have been deleted, or the student is not in this class."
          action={backLink}
        />
      ) : failed ? (
        <LoadError
          what="the report form"
          error={failed}
          onRetry={() => (card.error ? card.refetch() : student.refetch())}
        />
      ) : card.data ? (
        <ReportForm
          card={card.data}
          remarks={<RemarksEditor key={card.data.student.id} card={card.data} classId={classId!} />}
        />
      ) : (
        <FormSkeleton />
      )}
    </div>
  );
}

function FormSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="mx-auto max-w-[210mm] space-y-3">
      <Skeleton className="mx-auto h-6 w-64 max-w-full" />
      <Skeleton className="h-7 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

const REMARKS = [
  { key: 'class_teacher', label: "CLASS TEACHER'S REMARKS" },
  { key: 'principal', label: "PRINCIPAL'S REMARKS" },
] as const;

/**
 * The remarks as text areas on screen and as text on paper. Saving keeps both; an emptied
 * remark goes back to the default from the mean grade's comment.
 */
function RemarksEditor({ card, classId }: { card: ReportCard; classId: number }) {
  const save = useSaveReportRemarks(card.exam.id, classId, card.student.id);
  const [drafts, setDrafts] = useState(card.remarks);
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const kept = useRef(card.remarks);
  // What the server answers after a save becomes what the text areas start from.
  useEffect(() => {
    if (kept.current !== card.remarks) {
      kept.current = card.remarks;
      setDrafts(card.remarks);
    }
  }, [card.remarks]);
  const changed = REMARKS.some(({ key }) => drafts[key] !== card.remarks[key]);

  const submit = () => {
    setError(null);
    save.mutate(
      { class_teacher: drafts.class_teacher, principal: drafts.principal },
      {
        onSuccess: () =>
          toast({
            title: 'Remarks saved',
            description: `The remarks on ${card.student.name}'s report form are kept.`,
            variant: 'success',
          }),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <div className="space-y-4 text-sm">
      {REMARKS.map(({ key, label }) => (
        <div key={key}>
          <label
            htmlFor={`${baseId}-${key}`}
            className="text-[11px] font-bold text-muted-foreground print:block"
          >
            {label}
          </label>
          <textarea
            id={`${baseId}-${key}`}
            rows={3}
            value={drafts[key]}
            onChange={(e) => setDrafts((d) => ({ ...d, [key]: e.target.value }))}
            className="mt-1 block w-full rounded-md border border-input p-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring print:hidden"
          />
          <p className="hidden whitespace-pre-line print:block">{drafts[key]}</p>
          <SignatureLine />
        </div>
      ))}
      {error ? (
        <Alert tone="error" className="print:hidden">
          {error}
        </Alert>
      ) : null}
      <div className="flex justify-end gap-2 print:hidden">
        <Button
          variant="outline"
          size="sm"
          disabled={!changed || save.isPending}
          onClick={() => {
            setDrafts(card.remarks);
            setError(null);
          }}
        >
          Discard
        </Button>
        <Button size="sm" disabled={!changed || save.isPending} onClick={submit}>
          {save.isPending ? 'Saving…' : 'Save remarks'}
        </Button>
      </div>
    </div>
  );
}
