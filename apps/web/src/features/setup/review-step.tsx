import { formatDate } from '@shule/shared/display-dates';
import { FEE_DURATION_LABELS, formatKes } from '@shule/shared/fees';
import type { SetupState } from '@shule/shared/setup';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useSetupFees } from './get-setup-fees';
import { useFinishSetup } from './save-setup-step';
import { useStepMove } from './use-step-move';

function Section({
  title,
  step,
  onEdit,
  busy,
  children,
}: {
  title: string;
  step: number;
  onEdit(step: number): void;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <section className="space-y-2 rounded-md border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">{title}</h3>
        <Button variant="link" size="sm" onClick={() => onEdit(step)} disabled={busy}>
          Edit
        </Button>
      </div>
      {children}
    </section>
  );
}

/** Step 6: everything saved, read back, with Finish Setup. */
export function ReviewStep({ state }: { state: SetupState }) {
  const { move, busy, failure } = useStepMove();
  const finish = useFinishSetup();
  const fees = useSetupFees(state);
  const year = state.academic_year;
  const termName = new Map(state.terms.map((t) => [t.id, t.name]));
  const className = new Map(state.classes.map((c) => [c.id, c.name]));
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
      <Section title="Academic year" step={2} onEdit={move} busy={working}>
        <p className="text-sm">
          {year
            ? `${year.name}: ${formatDate(year.start_date)} – ${formatDate(year.end_date)}`
            : 'None yet'}
        </p>
      </Section>
      <Section title={`Terms (${state.terms.length})`} step={3} onEdit={move} busy={working}>
        <ul className="space-y-1 text-sm">
          {state.terms.map((t) => (
            <li key={t.id}>
              <span className="font-medium">{t.name}</span>: {formatDate(t.start_date)} –{' '}
              {formatDate(t.end_date)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={`Classes (${state.classes.length})`} step={4} onEdit={move} busy={working}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {state.classes.map((c) => (
            <li key={c.id} className="rounded-full bg-muted px-3 py-1">
              {c.name}
              {c.level ? <span className="text-muted-foreground"> · {c.level}</span> : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Fees" step={5} onEdit={move} busy={working}>
        {fees.isPending ? (
          <SkeletonRows rows={2} />
        ) : fees.isError ? (
          <LoadError what="the fees" error={fees.error} onRetry={() => fees.refetch()} />
        ) : fees.data.saved.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No fees yet. You can add them later under Fee Structure.
          </p>
        ) : (
          <ul className="space-y-3 text-sm">
            {fees.data.saved.map((fee) => (
              <li key={fee.id}>
                <p>
                  <span className="font-medium">{fee.name}</span>{' '}
                  <span className="text-muted-foreground">
                    ({FEE_DURATION_LABELS[fee.duration]};{' '}
                    {fee.terms.length > 0
                      ? fee.terms.map((t) => termName.get(t)).join(', ')
                      : 'no term'}
                    )
                  </span>
                </p>
                <p className="text-muted-foreground">
                  {fee.lines
                    .map(
                      (l) =>
                        `${className.get(l.class) ?? 'Class'} KES ${formatKes(l.amount_cents)}`,
                    )
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => move(5)} disabled={working}>
          Back
        </Button>
        <Button onClick={() => finish.mutate()} disabled={working}>
          {finish.isPending ? '... Loading' : 'Finish Setup'}
        </Button>
      </div>
    </div>
  );
}
