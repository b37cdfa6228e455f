import type { ReactNode } from 'react';
import type { ReviewSectionProps } from '../../components/setup-wizard/review-section';
import { useStepMove } from '../../components/setup-wizard/use-step-move';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { useFinishSetup } from './finish-setup';

/**
 * The last step: everything saved, read back by the features that own it (`sections`, each
 * with Edit back to its step), with Finish Setup.
 */
export function ReviewStep({
  state,
  sections,
}: Pick<ReviewSectionProps, 'state'> & { sections(props: ReviewSectionProps): ReactNode }) {
  const { move, busy, failure } = useStepMove();
  const finish = useFinishSetup();
  const working = busy || finish.isPending;

  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">Review</h2>
        <p className="text-sm text-muted-foreground">
          Everything below is saved. Change any part with Edit, or finish.
        </p>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {finish.isError ? <Alert tone="error">{errorMessage(finish.error)}</Alert> : null}
      {sections({ state, onEdit: move, busy: working })}
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => move(state.step - 1)} disabled={working}>
          Back
        </Button>
        <Button onClick={() => finish.mutate()} disabled={working}>
          {finish.isPending ? '... Loading' : 'Finish Setup'}
        </Button>
      </div>
    </div>
  );
}
