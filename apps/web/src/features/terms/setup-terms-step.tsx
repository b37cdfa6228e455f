import { formatDate } from '@shule/shared/display-dates';
import { type SetupState, type SetupTermsForm, setupTermsFormSchema } from '@shule/shared/setup';
import { Plus } from 'lucide-react';
import { useRef } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RemoveRowButton } from '../../components/setup-wizard/remove-row-button';
import {
  ReviewSection,
  type ReviewSectionProps,
} from '../../components/setup-wizard/review-section';
import { applyRowErrors } from '../../components/setup-wizard/row-errors';
import { StepFooter } from '../../components/setup-wizard/step-footer';
import { useStepMove } from '../../components/setup-wizard/use-step-move';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useSession } from '../../lib/session';
import { zodResolver } from '../../lib/zod-resolver';
import { saveSetupTerm } from './save-setup-term';

type Values = z.output<typeof setupTermsFormSchema>;

/**
 * The setup wizard's terms of its year, with "Add another term"; each saved (created or changed)
 * on Next. A year's terms decide whether it may be deleted, so years are refreshed too.
 */
export function SetupTermsStep({ state }: { state: SetupState }) {
  const { school } = useSession();
  const { move, busy, failure, setFailure } = useStepMove({ refresh: ['terms', 'academic-years'] });
  const year = state.academic_year!;
  // What is saved so far, grown as rows are created: a retry after a failure changes, not adds.
  const saved = useRef(state.terms);
  const form = useForm<SetupTermsForm, unknown, Values>({
    resolver: zodResolver(setupTermsFormSchema),
    defaultValues: {
      terms:
        state.terms.length > 0
          ? state.terms
          : [{ name: 'Term 1', start_date: year.start_date, end_date: '' }],
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'terms' });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    move(state.step + 1, async () => {
      for (const [i, term] of values.terms.entries()) {
        try {
          const stored = await saveSetupTerm(school!.id, year.id, saved.current, term);
          if (stored && term.id === undefined) {
            form.setValue(`terms.${i}.id`, stored.id);
            saved.current = [...saved.current, { ...term, id: stored.id }];
          } else if (stored) {
            saved.current = saved.current.map((t) =>
              t.id === stored.id ? { ...term, id: stored.id } : t,
            );
          }
        } catch (err) {
          setFailure(
            applyRowErrors(err, form.setError, `terms.${i}`, ['name', 'start_date', 'end_date']),
          );
          return false;
        }
      }
      return true;
    }),
  );

  const addTerm = () =>
    rows.append({ name: `Term ${rows.fields.length + 1}`, start_date: '', end_date: '' });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">Terms</h2>
        <p className="text-sm text-muted-foreground">
          The terms of {year.name} ({formatDate(year.start_date)} – {formatDate(year.end_date)}).
          Each must lie within the year.
        </p>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {errors.terms?.root?.message || errors.terms?.message ? (
        <Alert tone="error">{errors.terms?.root?.message ?? errors.terms?.message}</Alert>
      ) : null}
      <ol className="space-y-4">
        {rows.fields.map((row, i) => {
          const rowErrors = errors.terms?.[i];
          const isSaved = form.watch(`terms.${i}.id`) !== undefined;
          return (
            <li
              key={row.id}
              aria-label={`Term ${i + 1}`}
              className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start"
            >
              <Field label="Name" error={rowErrors?.name?.message}>
                <Input {...form.register(`terms.${i}.name`)} />
              </Field>
              <Field label="Start Date" error={rowErrors?.start_date?.message}>
                <Input type="date" {...form.register(`terms.${i}.start_date`)} />
              </Field>
              <Field label="End Date" error={rowErrors?.end_date?.message}>
                <Input type="date" {...form.register(`terms.${i}.end_date`)} />
              </Field>
              <RemoveRowButton
                label={`Remove term ${i + 1}`}
                removable={!isSaved && rows.fields.length > 1}
                onRemove={() => rows.remove(i)}
              />
            </li>
          );
        })}
      </ol>
      <Button variant="outline" onClick={addTerm} disabled={busy}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add another term
      </Button>
      <StepFooter busy={busy} onBack={() => move(state.step - 1)} />
    </form>
  );
}

/** The terms in the wizard's review. */
export function SetupTermsReview({ state: { terms }, ...edit }: ReviewSectionProps) {
  return (
    <ReviewSection title={`Terms (${terms.length})`} step="terms" {...edit}>
      <ul className="space-y-1 text-sm">
        {terms.map((t) => (
          <li key={t.id}>
            <span className="font-medium">{t.name}</span>: {formatDate(t.start_date)} –{' '}
            {formatDate(t.end_date)}
          </li>
        ))}
      </ul>
    </ReviewSection>
  );
}
