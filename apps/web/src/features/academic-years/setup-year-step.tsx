import type { AcademicYearForm } from '@shule/shared/academic-years';
import { formatDate } from '@shule/shared/display-dates';
import type { SetupState } from '@shule/shared/setup';
import { useForm } from 'react-hook-form';
import {
  ReviewSection,
  type ReviewSectionProps,
} from '../../components/setup-wizard/review-section';
import { StepFooter } from '../../components/setup-wizard/step-footer';
import { useStepMove } from '../../components/setup-wizard/use-step-move';
import { Alert } from '../../components/ui/alert';
import { applyServerErrors } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import type { AcademicYearValues } from './create-academic-year';
import { saveSetupYear } from './save-setup-year';
import { YearFields, yearFormOptions } from './year-form';

/**
 * The setup wizard's academic year (saved as the school's latest year; changed if already
 * saved). Terms show their year's name, so they are refreshed too.
 */
export function SetupYearStep({ state }: { state: SetupState }) {
  const { school } = useSession();
  const { move, busy, failure, setFailure } = useStepMove({ refresh: ['academic-years', 'terms'] });
  const saved = state.academic_year;
  const form = useForm<AcademicYearForm, unknown, AcademicYearValues>(yearFormOptions(saved));

  const submit = form.handleSubmit((values) =>
    move(state.step + 1, async () => {
      try {
        await saveSetupYear(school!.id, saved, values);
        return true;
      } catch (err) {
        setFailure(applyServerErrors(err, form));
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">Academic year</h2>
        <p className="text-sm text-muted-foreground">
          The school year your terms fall in. In Kenya it usually runs from January to November.
        </p>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <YearFields form={form} namePlaceholder="2026" />
      <StepFooter busy={busy} onBack={() => move(state.step - 1)} />
    </form>
  );
}

/** The year in the wizard's review. */
export function SetupYearReview({ state: { academic_year: year }, ...edit }: ReviewSectionProps) {
  return (
    <ReviewSection title="Academic year" step="academic_year" {...edit}>
      <p className="text-sm">
        {year
          ? `${year.name}: ${formatDate(year.start_date)} – ${formatDate(year.end_date)}`
          : 'None yet'}
      </p>
    </ReviewSection>
  );
}
