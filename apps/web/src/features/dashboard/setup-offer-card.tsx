import { SETUP_STEP_COUNT } from '@shule/shared/setup-steps';
import { useQuery } from '@tanstack/react-query';
import { Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { setupProgressQuery } from '../../lib/queries/setup';

/**
 * A new school's dashboard offers the setup wizard until it is finished: "Set up your
 * school", or "Continue setting up" at the step reached. Nothing while loading or once finished;
 * a failed load shows nothing either, as the rest of the dashboard still works without it.
 */
export function SetupOfferCard({ schoolId }: { schoolId: number }) {
  const setup = useQuery(setupProgressQuery(schoolId));
  const state = setup.data;
  if (!state || state.finished_at !== null) return null;
  const started = state.step > 1;
  return (
    <Card className="border-primary/40 bg-primary/5">
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="flex items-start gap-3">
          <Rocket className="mt-0.5 h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h2 className="font-semibold">
              {started ? 'Finish setting up your school' : 'Set up your school'}
            </h2>
            <p className="text-sm text-muted-foreground">
              {started
                ? `You stopped at step ${state.step} of ${SETUP_STEP_COUNT}. What you saved is kept.`
                : 'Your academic year, terms, classes and fees in six short steps.'}
            </p>
          </div>
        </div>
        <Link to="/setup" className={buttonClass('primary')}>
          {started ? 'Continue setup' : 'Start setup'}
        </Link>
      </div>
    </Card>
  );
}
