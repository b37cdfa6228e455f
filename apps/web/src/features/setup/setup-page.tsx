import { AdminOnlyPage } from '../../components/admin-only';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useSetup } from '../../lib/queries/setup';
import { AcademicYearStep } from './academic-year-step';
import { ClassesStep } from './classes-step';
import { FeesStep } from './fees-step';
import { ReviewStep } from './review-step';
import { SetupComplete } from './setup-complete';
import { SetupStepper } from './setup-stepper';
import { TermsStep } from './terms-step';
import { useStepMove } from './use-step-move';
import { WelcomeStep } from './welcome-step';

/**
 * /setup: the six steps, resumed at the school's saved step with what was saved read
 * back; after Finish Setup, the completion screen.
 */
export function SetupPage() {
  return (
    <AdminOnlyPage
      title="Set up your school"
      hint="Your school's admins set up its years, terms, classes and fees."
      className="mx-auto max-w-4xl"
    >
      <Setup />
    </AdminOnlyPage>
  );
}

function Setup() {
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
            {state.finished_at !== null && state.step === 6 ? (
              <SetupComplete state={state} onChange={() => move(2)} />
            ) : (
              <>
                <SetupStepper step={state.step} />
                {/* Keyed by step, so each step's form starts from what was saved. */}
                <div key={state.step}>
                  {state.step === 1 ? (
                    <WelcomeStep />
                  ) : state.step === 2 ? (
                    <AcademicYearStep state={state} />
                  ) : state.step === 3 ? (
                    <TermsStep state={state} />
                  ) : state.step === 4 ? (
                    <ClassesStep state={state} />
                  ) : state.step === 5 ? (
                    <FeesStep state={state} />
                  ) : (
                    <ReviewStep state={state} />
                  )}
                </div>
              </>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
