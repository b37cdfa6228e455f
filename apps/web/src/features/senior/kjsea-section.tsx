import { isSeniorLevel } from '@shule/shared/senior';
import type { StudentDetail } from '@shule/shared/students';
import { Pencil, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useClasses } from '../../lib/queries/classes';
import { useKjsea } from './kjsea-api';
import { KjseaDialog } from './kjsea-dialog';

/** Whether the learner's class is in Grades 10-12, from the school's classes. */
export function useIsSeniorLearner(student: StudentDetail) {
  const classes = useClasses();
  const level = classes.data?.find((c) => c.id === student._class.id)?.level;
  return isSeniorLevel(level);
}

/**
 * A senior-school learner's KJSEA result on their page: each learning area's level and points,
 * the total out of 72, the junior school; an admin records or corrects it.
 */
export function KjseaSection({ student, isAdmin }: { student: StudentDetail; isAdmin: boolean }) {
  const senior = useIsSeniorLearner(student);
  const kjsea = useKjsea(student.id, senior);
  const [editing, setEditing] = useState(false);
  if (!senior) return null;
  const result = kjsea.data ?? null;

  return (
    <section
      aria-labelledby="kjsea-baseline"
      className="rounded-lg border bg-background p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="kjsea-baseline" className="text-base font-semibold">
          KJSEA baseline
        </h2>
        {isAdmin && !kjsea.isPending && !kjsea.isError ? (
          <div className="flex flex-wrap gap-2">
            <Link
              to="/senior/kjsea"
              className="inline-flex items-center gap-1.5 px-2 text-sm font-medium text-primary hover:underline"
            >
              <Upload className="h-4 w-4" aria-hidden="true" />
              Import a file
            </Link>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              {result ? 'Edit' : 'Record result'}
            </Button>
          </div>
        ) : null}
      </div>
      {kjsea.isPending ? (
        <SkeletonRows rows={2} />
      ) : kjsea.isError ? (
        <LoadError what="the KJSEA result" error={kjsea.error} onRetry={kjsea.refetch} />
      ) : !result ? (
        <p className="text-sm text-muted-foreground">
          No KJSEA result recorded: the junior-school levels are the baseline of this learner's
          senior-school results.
        </p>
      ) : (
        <div className="space-y-3">
          <p className="text-sm">
            <span className="text-2xl font-semibold">{result.total_points}</span>
            <span className="text-muted-foreground"> / {result.out_of} points</span>
            {result.junior_school ? (
              <span className="text-muted-foreground"> · from {result.junior_school}</span>
            ) : null}
            {result.assessment_number ? (
              <span className="text-muted-foreground">
                {' '}
                · Assessment Number {result.assessment_number}
              </span>
            ) : null}
          </p>
          <ul className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" aria-label="KJSEA levels">
            {result.areas.map((a) => (
              <li
                key={a.learning_area}
                className="flex min-w-0 items-baseline justify-between gap-2 border-b pb-1"
              >
                <span className="min-w-0">{a.learning_area}</span>
                <span className="shrink-0 font-medium" title={a.words}>
                  {a.level} <span className="text-xs text-muted-foreground">({a.points})</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {isAdmin && editing ? (
        <KjseaDialog open={editing} onOpenChange={setEditing} student={student} result={result} />
      ) : null}
    </section>
  );
}
