import { formatDate, formatSchoolMoment } from '@shule/shared/display-dates';
import type { EntryMark, LateChanges, MarkHistory } from '@shule/shared/mark-entry';
import { useQuery } from '@tanstack/react-query';
import { History, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { api } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useIsAdmin } from '../../lib/roles';

const shown = (mark: EntryMark) => (mark === null ? '—' : String(mark));
/** "Set", "Changed" or "Removed", from the mark before and after. */
const whatHappened = (old: EntryMark, now: EntryMark) =>
  old === null ? 'Set' : now === null ? 'Removed' : 'Changed';

interface Change {
  id: number;
  subject: { name: string };
  old: EntryMark;
  new: EntryMark;
  changed_by: { name: string | null };
  changed_at: string;
  student?: { first_name: string; last_name: string; admission_number: string };
}

/** Changes as a list (no table: it reads the same at 390 px). */
function ChangeList({ changes, label }: { changes: Change[]; label: string }) {
  return (
    <ol className="divide-y rounded-md border" aria-label={label}>
      {changes.map((c) => (
        <li key={c.id} className="space-y-0.5 px-3 py-2 text-sm" data-testid="mark-change">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-medium">
              {c.student ? `${c.student.first_name} ${c.student.last_name} · ` : null}
              {c.subject.name}
            </span>
            <span className="text-xs text-muted-foreground">
              {formatSchoolMoment(c.changed_at, { time: true })}
            </span>
          </p>
          <p>
            {whatHappened(c.old, c.new)}:{' '}
            <span className={cn(c.old !== null && 'line-through text-muted-foreground')}>
              {shown(c.old)}
            </span>{' '}
            → <strong>{shown(c.new)}</strong>{' '}
            <span className="text-muted-foreground">
              by {c.changed_by.name ?? 'a removed user'}
            </span>
          </p>
        </li>
      ))}
    </ol>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-2" role="status" aria-label="Loading">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/** Admin: every change of one student's marks in the exam, oldest first. */
export function MarkHistoryButton({
  examId,
  student,
}: {
  examId: number;
  student: { id: number; first_name: string; last_name: string };
}) {
  const isAdmin = useIsAdmin();
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: ['scores', 'history', examId, student.id],
    queryFn: () => api.get<MarkHistory>(`/exams/${examId}/mark_history/?student=${student.id}`),
    enabled: open,
  });
  if (!isAdmin) return null;
  const name = `${student.first_name} ${student.last_name}`;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        aria-label={`History of ${name}'s marks`}
        onClick={() => setOpen(true)}
      >
        <History className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">History</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Marks history: ${name}`}
        description="Every mark set, changed or removed in this exam, oldest first."
      >
        {history.isPending ? (
          <ListSkeleton />
        ) : history.isError ? (
          <LoadError what="the history" error={history.error} onRetry={history.refetch} />
        ) : history.data.changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No marks entered for {name} yet.</p>
        ) : (
          <ChangeList changes={history.data.changes} label="Changes" />
        )}
      </Dialog>
    </>
  );
}

/** Admin: marks changed or removed after the exam's last day, newest first. */
export function LateChangesButton({ examId }: { examId: number }) {
  const isAdmin = useIsAdmin();
  const [open, setOpen] = useState(false);
  const late = useQuery({
    queryKey: ['scores', 'late', examId],
    queryFn: () => api.get<LateChanges>(`/exams/${examId}/late_changes/`),
    enabled: open,
  });
  if (!isAdmin) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ListChecks className="h-4 w-4" aria-hidden="true" />
        Changed after the exam
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Marks changed after the exam"
        description={
          late.data
            ? `Marks changed or removed after ${formatDate(late.data.exam.end_date)}, the last day of ${late.data.exam.name}; newest first.`
            : 'Marks changed or removed after the last day of the exam; newest first.'
        }
      >
        {late.isPending ? (
          <ListSkeleton />
        ) : late.isError ? (
          <LoadError what="the changes" error={late.error} onRetry={late.refetch} />
        ) : late.data.changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No mark has changed since the exam ended.</p>
        ) : (
          <ChangeList changes={late.data.changes} label="Late changes" />
        )}
      </Dialog>
    </>
  );
}
