import { FEE_DURATION_LABELS, formatKes } from '@shule/shared/fees';
import {
  ReviewSection,
  type ReviewSectionProps,
} from '../../components/setup-wizard/review-section';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useSetupFees } from './get-setup-fees';

/** The fees in the wizard's review: each fee's terms and what each class pays, as saved. */
export function SetupFeesReview({ state, ...edit }: ReviewSectionProps) {
  const fees = useSetupFees(state);
  const termName = new Map(state.terms.map((t) => [t.id, t.name]));
  const className = new Map(state.classes.map((c) => [c.id, c.name]));
  return (
    <ReviewSection title="Fees" step="fees" {...edit}>
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
                    (l) => `${className.get(l.class) ?? 'Class'} KES ${formatKes(l.amount_cents)}`,
                  )
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ReviewSection>
  );
}
