import { SETUP_STEP_COUNT, SETUP_STEP_LABELS, SETUP_STEPS } from '@shule/shared/setup-steps';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Where the wizard stands: the six steps on a wide screen, "Step 2 of 6" and a bar on a phone. */
export function SetupStepper({ step }: { step: number }) {
  const label = SETUP_STEP_LABELS[SETUP_STEPS[step - 1]!];
  return (
    <div className="mb-6">
      <p className="text-sm font-medium text-muted-foreground md:hidden" aria-live="polite">
        Step {step} of {SETUP_STEP_COUNT}: <span className="text-foreground">{label}</span>
      </p>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted md:hidden"
        role="progressbar"
        aria-label="Setup progress"
        aria-valuenow={step}
        aria-valuemin={1}
        aria-valuemax={SETUP_STEP_COUNT}
      >
        <div
          className="h-full rounded-full bg-primary"
          style={{ width: `${(step / SETUP_STEP_COUNT) * 100}%` }}
        />
      </div>
      <ol className="hidden items-center gap-2 md:flex" aria-label="Setup steps">
        {SETUP_STEPS.map((name, i) => {
          const number = i + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li key={name} className="flex flex-1 items-center gap-2">
              <span
                aria-current={current ? 'step' : undefined}
                className={cn(
                  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  current && 'border-primary text-primary',
                  !done && !current && 'text-muted-foreground',
                )}
              >
                {done ? <Check className="h-4 w-4" aria-label="done" /> : number}
              </span>
              <span
                className={cn(
                  'truncate text-sm',
                  current ? 'font-medium' : 'text-muted-foreground',
                )}
              >
                {SETUP_STEP_LABELS[name]}
              </span>
              {number < SETUP_STEP_COUNT ? (
                <span className="h-px min-w-4 flex-1 bg-border" aria-hidden="true" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
