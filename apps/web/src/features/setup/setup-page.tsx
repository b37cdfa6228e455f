import type { SetupState } from '@shule/shared/setup';
import { SETUP_STEP_COUNT, SETUP_STEPS, type SetupStepName } from '@shule/shared/setup-steps';
import type { ReactNode } from 'react';
import { AdminOnlyPage } from '../../components/admin-only';
import type { ReviewSectionProps } from '../../components/setup-wizard/review-section';
import { useStepMove } from '../../components/setup-wizard/use-step-move';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useSetup } from '../../lib/queries/setup';
import { ReviewStep } from './review-step';
import { SetupComplete } from './setup-complete';
import { SetupStepper } from './setup-stepper';
import { WelcomeStep } from './welcome-step';

/** The steps between the welcome and the review, each set by the feature that owns its records. */
export type DomainSteps = Record<
  Exclude<SetupStepName, 'welcome' | 'review'>,
  (state: SetupState) => ReactNode
>;

export interface SetupPageProps {
  steps: DomainSteps;
  /** The review's sections: what each of those steps saved, read back. */
  review(props: ReviewSectionProps): ReactNode;
}

/**
 * /setup: the six steps, resumed at the school's saved step with what was saved read
 * back; after Finish Setup, the completion screen. app/setup-route.tsx gives it the steps.
 */
export function SetupPage(props: SetupPageProps) {
  return (
    <AdminOnlyPage
      title="Set up your school"
      hint="Your school's admins set up its years, terms, classes and fees."
      className="mx-auto max-w-4xl"
    >
      <Setup {...props} />
    </AdminOnlyPage>
  );
}

function Setup({ steps, review }: SetupPageProps) {
  const setup = useSetup();
  const { move } = useStepMove();
  const state = setup.data;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Set up your school" />
      {setup.isPending ? (
        <SkeletonRows rows={6} />
      ) : setup.isError || !state ? (
        <LoadError what="your setup" error={setup.error} onRetry={() => setup.refetch()} />
      ) : (
        <Card>
          {/* Padded all round (CardContent has none on top: it follows a header). */}
          <div className="p-4 sm:p-6">
            {state.finished_at !== null && state.step === SETUP_STEP_COUNT ? (
              <SetupComplete state={state} onChange={() => move(2)} />
            ) : (
              <>
                <SetupStepper step={state.step} />
                {/* Keyed by step, so each step's form starts from what was saved. */}
                <div key={state.step}>{stepOf(state, { steps, review })}</div>
              </>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}

function stepOf(state: SetupState, { steps, review }: SetupPageProps) {
  const name = SETUP_STEPS[state.step - 1] ?? 'review';
  if (name === 'welcome') return <WelcomeStep />;
  if (name === 'review') return <ReviewStep state={state} sections={review} />;
  return steps[name](state);
}
