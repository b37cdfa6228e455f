import type { StudentDetail } from '@shule/shared/students';
import type { Subject } from '@shule/shared/subjects';
import { Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useSubjects } from '../../lib/queries/subjects';
import { ResultsDetailsDialog } from './results-details-dialog';

/** The subjects taught in the student's class, in the school's order. */
export const classSubjectsOf = (subjects: readonly Subject[], student: StudentDetail) =>
  subjects.filter((s) => s.classes.includes(student._class.id));

/**
 * Results details on the profile: the subjects the student takes (their class's, or their own
 * list when optional subjects were dropped) and the entry marks value added is measured from.
 */
export function ResultsDetails({ student, isAdmin }: { student: StudentDetail; isAdmin: boolean }) {
  const subjects = useSubjects();
  const [editing, setEditing] = useState(false);

  let taken: ReactNode;
  if (subjects.isPending) {
    taken = <Skeleton className="h-6 w-full" />;
  } else if (subjects.isError) {
    taken = <LoadError what="the subjects" error={subjects.error} onRetry={subjects.refetch} />;
  } else {
    const ofClass = classSubjectsOf(subjects.data, student);
    const own = student.subjects;
    const takes = own === null ? ofClass : ofClass.filter((s) => own.includes(s.id));
    const dropped = ofClass.filter((s) => !takes.includes(s));
    taken =
      ofClass.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {student._class.name} has no subjects yet.{' '}
          <Link to="/subjects" className="text-primary hover:underline">
            Choose its subjects
          </Link>
          .
        </p>
      ) : (
        <div className="space-y-2">
          <p className="text-sm">
            {own === null
              ? `All ${ofClass.length} subjects of ${student._class.name}`
              : `${takes.length} of the ${ofClass.length} subjects of ${student._class.name}`}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Subjects taken">
            {takes.map((s) => (
              <li key={s.id}>
                <Badge tone="green">{s.name}</Badge>
              </li>
            ))}
          </ul>
          {dropped.length > 0 ? (
            <p className="text-xs text-muted-foreground">
              Dropped: {dropped.map((s) => s.name).join(', ')}
            </p>
          ) : null}
        </div>
      );
  }

  const entry: [string, string][] = [
    ['Entry exam', student.entry_exam ?? '—'],
    ['Index number', student.entry_index_number ?? '—'],
    ['Entry marks', student.entry_marks == null ? '—' : String(student.entry_marks)],
  ];

  return (
    <section
      aria-labelledby="results-details"
      className="rounded-lg border bg-background p-5 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="results-details" className="text-base font-semibold">
          Results details
        </h2>
        {isAdmin ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEditing(true)}
            disabled={!subjects.data}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm sm:grid-cols-3">
        <div className="col-span-full">
          <dt className="mb-1 text-xs text-muted-foreground">Subjects taken</dt>
          <dd>{taken}</dd>
        </div>
        {entry.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {isAdmin && subjects.data ? (
        <ResultsDetailsDialog
          open={editing}
          onOpenChange={setEditing}
          student={student}
          classSubjects={classSubjectsOf(subjects.data, student)}
        />
      ) : null}
    </section>
  );
}
