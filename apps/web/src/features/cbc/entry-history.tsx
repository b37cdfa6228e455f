import { type Assessment, type EntryChange, levelLabel } from '@shule/shared/cbc-assessments';
import { formatSchoolMoment } from '@shule/shared/display-dates';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { strandText } from './assessment-names';
import { useEntryHistory } from './assessments-api';

/** What one kept change made of the entry, in words. */
function changeText(c: EntryChange, a: Assessment) {
  if (c.absent) return 'Absent';
  if (c.level) {
    const mark = c.mark === null ? '' : ` (${c.mark} out of ${a.out_of ?? '?'})`;
    return `${levelLabel(c.level)}${mark}`;
  }
  // With strands covered, the learning-area entry carries the learner's comment only.
  if (c.strand === null && a.strands.length > 0) return c.comment ? 'Comment' : 'Comment removed';
  return c.comment ? 'Comment only' : 'Cleared';
}

/** Every change of one learner's entries in the assessment, oldest first, with who and when. */
export function EntryHistoryButton({
  assessment,
  learner,
}: {
  assessment: Assessment;
  learner: { id: number; name: string };
}) {
  const [open, setOpen] = useState(false);
  const history = useEntryHistory(assessment.id, learner.id, open);
  const strandName = (c: EntryChange) =>
    c.strand === null ? assessment.learning_area.name : strandText(c.strand);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        aria-label={`History of ${learner.name}`}
        onClick={() => setOpen(true)}
      >
        <History className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">History</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`History: ${learner.name}`}
        description="Every level, absence and comment saved in this assessment, oldest first."
      >
        {history.isPending ? (
          <SkeletonRows rows={3} />
        ) : history.isError ? (
          <LoadError what="the history" error={history.error} onRetry={history.refetch} />
        ) : history.data.changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing saved for {learner.name} yet.</p>
        ) : (
          <ol className="divide-y rounded-md border" aria-label="Changes">
            {history.data.changes.map((c) => (
              <li key={c.id} className="space-y-0.5 px-3 py-2 text-sm" data-testid="entry-change">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium">{strandName(c)}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatSchoolMoment(c.changed_at, { time: true })}
                  </span>
                </p>
                <p>
                  <strong>{changeText(c, assessment)}</strong>{' '}
                  <span className="text-muted-foreground">
                    by {c.changed_by.name ?? 'a removed user'}
                  </span>
                </p>
                {c.comment ? <p className="text-muted-foreground">“{c.comment}”</p> : null}
              </li>
            ))}
          </ol>
        )}
      </Dialog>
    </>
  );
}
