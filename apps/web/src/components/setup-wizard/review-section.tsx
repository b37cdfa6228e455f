import type { SetupState } from '@shule/shared/setup';
import { type SetupStepName, setupStepNumber } from '@shule/shared/setup-steps';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';

/** What the review step hands each section: the state read back, and Edit's way to a step. */
export interface ReviewSectionProps {
  state: SetupState;
  onEdit(step: number): void;
  /** True while the review moves or finishes: Edit waits. */
  busy: boolean;
}

/** One part of the review: its title, Edit (back to the step that sets it) and what is saved. */
export function ReviewSection({
  title,
  step,
  onEdit,
  busy,
  children,
}: Omit<ReviewSectionProps, 'state'> & {
  title: string;
  step: SetupStepName;
  children: ReactNode;
}) {
  return (
    <section className="space-y-2 rounded-md border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">{title}</h3>
        <Button
          variant="link"
          size="sm"
          onClick={() => onEdit(setupStepNumber(step))}
          disabled={busy}
        >
          Edit
        </Button>
      </div>
      {children}
    </section>
  );
}
