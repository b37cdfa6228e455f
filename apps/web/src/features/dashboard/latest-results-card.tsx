import type { LatestResultsGroup } from '@shule/shared/results/analysis';
import { formatAnalysisCell } from '@shule/shared/results/analysis-tables';
import { ArrowDownRight, ArrowUpRight, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useLatestResults } from './get-latest-results';

const analysisLink = (examId: number, group: LatestResultsGroup) =>
  `/results?exam=${examId}&${group.level !== null ? `level=${encodeURIComponent(group.level)}` : `class=${group.class_id}`}`;

/**
 * Ready for the staff meeting: the latest exam with marks, each level's mean grade and its
 * deviation from the previous exam, each a link to the level's analysis.
 */
export function LatestResultsCard({ schoolId }: { schoolId: number }) {
  const latest = useLatestResults(schoolId);
  const data = latest.data;
  const exam = data?.exam;
  const when = exam ? [exam.year, exam.term].filter(Boolean).join(' ') : '';
  const measure = data?.measure === 'mean_points' ? 'mean points' : 'mean mark';
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3 pb-3">
        <div className="min-w-0 space-y-1">
          <CardTitle className="text-base">Latest results</CardTitle>
          {exam ? (
            <p className="text-sm text-muted-foreground">
              {exam.name}
              {when ? ` · ${when}` : ''}
              {data?.previous_exam ? ` · DEV in ${measure} since ${data.previous_exam.name}` : ''}
            </p>
          ) : null}
        </div>
        <Trophy className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {latest.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : latest.isError || !data ? (
          <p role="alert" className="text-sm text-destructive">
            An error occurred
          </p>
        ) : !exam || data.groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No marks entered yet. Once an exam's marks are in on the{' '}
            <Link to="/exams" className="text-primary underline underline-offset-2">
              Exams
            </Link>{' '}
            page, its mean grade shows here.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {data.groups.map((group) => (
              <li key={group.name}>
                <Link
                  to={analysisLink(exam.id, group)}
                  className="flex items-center justify-between gap-3 rounded-lg border p-3 transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {/* Said as one sentence; the card's own lines are for the eye. */}
                  <span className="sr-only">
                    {`${group.name}: mean grade ${group.mean_grade ?? 'none'}${group.deviation !== null ? `, deviation ${formatAnalysisCell('deviation', group.deviation)}` : ''}. See the analysis`}
                  </span>
                  <div className="min-w-0" aria-hidden="true">
                    <p className="truncate font-medium">{group.name}</p>
                    <p className="text-xs text-muted-foreground">{group.entries} entries</p>
                    <p className="text-xs font-medium text-primary">See the analysis</p>
                  </div>
                  <div className="shrink-0 text-right" aria-hidden="true">
                    <p
                      className="text-2xl font-bold leading-tight"
                      data-testid={`latest-grade-${group.name}`}
                    >
                      {group.mean_grade ?? '–'}
                    </p>
                    <Deviation value={group.deviation} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Deviation({ value }: { value: number | null }) {
  if (value === null) return <p className="text-xs text-muted-foreground">No DEV</p>;
  const Icon = value > 0 ? ArrowUpRight : value < 0 ? ArrowDownRight : null;
  return (
    <p
      className={cn(
        'inline-flex items-center gap-0.5 text-xs font-semibold tabular-nums',
        value > 0 && 'text-success',
        value < 0 && 'text-destructive',
      )}
    >
      {Icon ? <Icon className="h-3.5 w-3.5" aria-hidden="true" /> : null}
      DEV {formatAnalysisCell('deviation', value)}
    </p>
  );
}
