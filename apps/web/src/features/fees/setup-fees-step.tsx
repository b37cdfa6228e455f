import {
  type SetupFeesForm,
  type SetupFeesValues,
  type SetupState,
  setupFeesFormSchema,
} from '@shule/shared/setup';
import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { applyRowErrors } from '../../components/setup-wizard/row-errors';
import { useStepMove } from '../../components/setup-wizard/use-step-move';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { zodResolver } from '../../lib/zod-resolver';
import { applicabilityOptions, durationOptions, voteHeadOptions } from './fee-options';
import { type SavedFee, type SetupFees, useSetupFees } from './get-setup-fees';
import { saveSetupFee } from './save-setup-fee';

type Form = UseFormReturn<SetupFeesForm, unknown, SetupFeesValues>;

const blankFee = (state: SetupState): SetupFeesForm['fees'][number] => ({
  name: '',
  applies_to: 'all',
  duration: '' as 'termly',
  vote_head: 'tuition',
  terms: state.terms.map((t) => t.id),
  amounts: state.classes.map((c) => ({ class: c.id, checked: true, amount: '' })),
});

/** The setup wizard's fees, read back from the categories and the year's structures. */
export function SetupFeesStep({ state }: { state: SetupState }) {
  const fees = useSetupFees(state);
  if (fees.isPending) return <SkeletonRows rows={4} />;
  if (fees.isError) {
    return <LoadError what="the fees" error={fees.error} onRetry={() => fees.refetch()} />;
  }
  return <FeesForm state={state} saved={fees.data} />;
}

function FeesForm({ state, saved: readBack }: { state: SetupState; saved: SetupFees }) {
  const { move, busy, failure, setFailure } = useStepMove({ refresh: ['fees'] });
  const saved = useRef<SavedFee[]>(readBack.saved);
  const form: Form = useForm<SetupFeesForm, unknown, SetupFeesValues>({
    resolver: zodResolver(setupFeesFormSchema),
    defaultValues: { fees: readBack.fees.length > 0 ? readBack.fees : [blankFee(state)] },
  });
  const rows = useFieldArray({ control: form.control, name: 'fees' });
  const yearTerms = state.terms.map((t) => t.id);

  const submit = form.handleSubmit((values) =>
    move(state.step + 1, async () => {
      for (const [i, fee] of values.fees.entries()) {
        const before = saved.current.find((s) => s.id === fee.id);
        try {
          const id = await saveSetupFee(fee, before, yearTerms);
          if (fee.id === undefined) form.setValue(`fees.${i}.id`, id);
          saved.current = [...saved.current.filter((s) => s.id !== id), { ...fee, id }];
        } catch (err) {
          setFailure(
            applyRowErrors(err, form.setError, `fees.${i}`, [
              'name',
              'applies_to',
              'duration',
              'vote_head',
            ]),
          );
          return false;
        }
      }
      return true;
    }),
  );
  const noneSaved = saved.current.length === 0;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">Fee structures</h2>
        <p className="text-sm text-muted-foreground">
          What each class pays: a fee's amount per class, in the terms it is charged. You bill the
          students from Fee Structure once they are admitted.
        </p>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <ol className="space-y-4">
        {rows.fields.map((row, i) => (
          <FeeFields
            key={row.id}
            form={form}
            index={i}
            state={state}
            onRemove={form.watch(`fees.${i}.id`) === undefined ? () => rows.remove(i) : undefined}
          />
        ))}
      </ol>
      <Button variant="outline" disabled={busy} onClick={() => rows.append(blankFee(state))}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add another fee
      </Button>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => move(state.step - 1)} disabled={busy}>
          Back
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {noneSaved ? (
            <Button variant="ghost" onClick={() => move(state.step + 1)} disabled={busy}>
              Skip for now
            </Button>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? '... Loading' : 'Next'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function FeeFields({
  form,
  index: i,
  state,
  onRemove,
}: {
  form: Form;
  index: number;
  state: SetupState;
  onRemove?: () => void;
}) {
  const errors = form.formState.errors.fees?.[i];
  const terms = form.watch(`fees.${i}.terms`);
  const amounts = form.watch(`fees.${i}.amounts`);
  const className = new Map(state.classes.map((c) => [c.id, c.name]));
  const toggleTerm = (id: number) =>
    form.setValue(
      `fees.${i}.terms`,
      terms.includes(id) ? terms.filter((t) => t !== id) : [...terms, id],
      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
    );

  return (
    <li aria-label={`Fee ${i + 1}`} className="space-y-4 rounded-md border p-4">
      <div className="flex items-center justify-between">
        <h3 className="font-medium">Fee {i + 1}</h3>
        {onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove fee ${i + 1}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Fee Category Name" error={errors?.name?.message}>
          <Input placeholder="Tuition" {...form.register(`fees.${i}.name`)} />
        </Field>
        <Field label="Duration" error={errors?.duration?.message}>
          <Select
            defaultValue={form.getValues(`fees.${i}.duration`)}
            {...form.register(`fees.${i}.duration`)}
          >
            <option value="">Choose how often</option>
            {durationOptions()}
          </Select>
        </Field>
        <Field label="Applies To" error={errors?.applies_to?.message}>
          <Select
            defaultValue={form.getValues(`fees.${i}.applies_to`)}
            {...form.register(`fees.${i}.applies_to`)}
          >
            {applicabilityOptions()}
          </Select>
        </Field>
        <Field label="Vote Head" error={errors?.vote_head?.message}>
          <Select
            defaultValue={form.getValues(`fees.${i}.vote_head`)}
            {...form.register(`fees.${i}.vote_head`)}
          >
            {voteHeadOptions()}
          </Select>
        </Field>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Terms</legend>
        <div className="flex flex-wrap gap-2">
          {state.terms.map((t) => (
            <label
              key={t.id}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm"
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-primary"
                checked={terms.includes(t.id)}
                onChange={() => toggleTerm(t.id)}
              />
              {t.name}
            </label>
          ))}
        </div>
        {errors?.terms?.message ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.terms.message}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Amount per class (KES)</legend>
        <ul className="divide-y rounded-md border">
          {amounts.map((a, j) => {
            const name = className.get(a.class) ?? `Class ${a.class}`;
            const message = errors?.amounts?.[j]?.amount?.message;
            return (
              <li key={a.class} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                <label className="flex min-h-10 min-w-0 flex-1 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 shrink-0 accent-primary"
                    {...form.register(`fees.${i}.amounts.${j}.checked`)}
                  />
                  <span className="truncate">{name}</span>
                </label>
                <div className="w-32 shrink-0 sm:w-44">
                  <Input
                    inputMode="decimal"
                    placeholder="0"
                    aria-label={`${name} amount`}
                    aria-invalid={message ? true : undefined}
                    disabled={!a.checked}
                    {...form.register(`fees.${i}.amounts.${j}.amount`)}
                  />
                </div>
                {message ? (
                  <p role="alert" className="w-full text-right text-sm text-destructive">
                    {message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        {errors?.amounts?.message || errors?.amounts?.root?.message ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.amounts.message ?? errors.amounts.root?.message}
          </p>
        ) : null}
      </fieldset>
    </li>
  );
}
