import {
  type SetupClassesForm,
  type SetupState,
  setupClassesFormSchema,
} from '@shule/shared/setup';
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
import { saveSetupClass } from './save-setup-class';

type Values = z.output<typeof setupClassesFormSchema>;

/** The setup wizard's classes with their level, "Add another class"; saved on Next. */
export function SetupClassesStep({ state }: { state: SetupState }) {
  const { school } = useSession();
  const { move, busy, failure, setFailure } = useStepMove({ refresh: ['classes'] });
  const saved = useRef(state.classes);
  const form = useForm<SetupClassesForm, unknown, Values>({
    resolver: zodResolver(setupClassesFormSchema),
    defaultValues: {
      classes:
        state.classes.length > 0
          ? state.classes.map((c) => ({ ...c, level: c.level ?? '' }))
          : [{ name: '', level: '' }],
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'classes' });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    move(state.step + 1, async () => {
      for (const [i, row] of values.classes.entries()) {
        try {
          const stored = await saveSetupClass(school!.id, saved.current, row);
          if (stored) {
            const kept = { id: stored.id, name: stored.name, level: stored.level };
            if (row.id === undefined) form.setValue(`classes.${i}.id`, stored.id);
            saved.current = [...saved.current.filter((c) => c.id !== stored.id), kept];
          }
        } catch (err) {
          setFailure(applyRowErrors(err, form.setError, `classes.${i}`, ['name', 'level']));
          return false;
        }
      }
      return true;
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">Classes</h2>
        <p className="text-sm text-muted-foreground">
          Each class or stream your school teaches. Give streams of one level the same level (Form 1
          East and Form 1 West are both Form 1): they are ranked together in results.
        </p>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {errors.classes?.root?.message || errors.classes?.message ? (
        <Alert tone="error">{errors.classes?.root?.message ?? errors.classes?.message}</Alert>
      ) : null}
      <ol className="space-y-3">
        {rows.fields.map((row, i) => {
          const rowErrors = errors.classes?.[i];
          const isSaved = form.watch(`classes.${i}.id`) !== undefined;
          return (
            <li
              key={row.id}
              aria-label={`Class ${i + 1}`}
              className="grid gap-3 rounded-md border p-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
            >
              <Field label="Class Name" error={rowErrors?.name?.message}>
                <Input placeholder="Form 1 East" {...form.register(`classes.${i}.name`)} />
              </Field>
              <Field label="Level" error={rowErrors?.level?.message}>
                <Input placeholder="Form 1" {...form.register(`classes.${i}.level`)} />
              </Field>
              <RemoveRowButton
                label={`Remove class ${i + 1}`}
                removable={!isSaved && rows.fields.length > 1}
                onRemove={() => rows.remove(i)}
              />
            </li>
          );
        })}
      </ol>
      <Button
        variant="outline"
        disabled={busy}
        onClick={() => {
          // A new stream most often shares the level of the row above.
          const above = form.getValues('classes').at(-1);
          rows.append({ name: '', level: above?.level ?? '' });
        }}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add another class
      </Button>
      <StepFooter busy={busy} onBack={() => move(state.step - 1)} />
    </form>
  );
}

/** The classes in the wizard's review, each with its level. */
export function SetupClassesReview({ state: { classes }, ...edit }: ReviewSectionProps) {
  return (
    <ReviewSection title={`Classes (${classes.length})`} step="classes" {...edit}>
      <ul className="flex flex-wrap gap-2 text-sm">
        {classes.map((c) => (
          <li key={c.id} className="rounded-full bg-muted px-3 py-1">
            {c.name}
            {c.level ? <span className="text-muted-foreground"> · {c.level}</span> : null}
          </li>
        ))}
      </ul>
    </ReviewSection>
  );
}
