import { formatDate } from '@shule/shared/display-dates';
import type { StudentDetail } from '@shule/shared/students';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useStudentResults } from './get-student-results';

/**
 * The student's exams on the profile, newest first, each linking to their report form;
 * `baseline` is what the results are read against (a senior-school learner's KJSEA result).
 */
export function ExamResultsSection({
  student,
  baseline,
}: {
  student: StudentDetail;
  baseline?: ReactNode;
}) {
  const results = useStudentResults(student.id);
  return (
    <section
      aria-labelledby="student-results"
      className="rounded-lg border bg-background p-5 shadow-sm"
    >
      <h2 id="student-results" className="mb-3 text-base font-semibold">
        Results
      </h2>
      {baseline}
      {results.isPending ? (
        <SkeletonRows rows={2} />
      ) : results.isError ? (
        <LoadError what="the results" error={results.error} onRetry={results.refetch} />
      ) : results.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No marks yet: each exam the student sits is listed here with their report form.
        </p>
      ) : (
        <ul className="divide-y" aria-label="Exams sat">
          {results.data.map((r) => (
            <li
              key={r.exam.id}
              className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium">{r.exam.name}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDate(r.exam.start_date)} · {r.class.name} ·{' '}
                  {r.subjects_marked === 1
                    ? '1 subject marked'
                    : `${r.subjects_marked} subjects marked`}
                  {r.mean_score === null ? '' : ` · mean mark ${r.mean_score.toFixed(1)}`}
                </p>
              </div>
              <Link
                to={`/exams/${r.exam.id}/report/${student.id}?class=${r.class.id}`}
                className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-primary hover:underline"
              >
                <FileText className="h-4 w-4" aria-hidden="true" />
                Report form<span className="sr-only">: {r.exam.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
