import { CalendarDays, CalendarRange, Coins, School } from 'lucide-react';
import { useStepMove } from '../../components/setup-wizard/use-step-move';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

const AHEAD = [
  { icon: CalendarDays, text: 'Your academic year' },
  { icon: CalendarRange, text: 'Its terms' },
  { icon: School, text: 'Your classes, with their level' },
  { icon: Coins, text: 'What each class pays a term' },
];

/** Step 1: welcome, with Get Started. */
export function WelcomeStep() {
  const { move, busy, failure } = useStepMove();
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <h2 className="text-xl font-semibold">Welcome to Shule</h2>
        <p className="text-sm text-muted-foreground">
          A few minutes now sets your school up for admissions, exams and fees. Each step is saved
          when you move on, so you can stop and come back at any time.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {AHEAD.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 rounded-md border p-3 text-sm">
            <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="flex justify-end border-t pt-4">
        <Button onClick={() => move(2)} disabled={busy}>
          {busy ? '... Loading' : 'Get Started'}
        </Button>
      </div>
    </div>
  );
}
