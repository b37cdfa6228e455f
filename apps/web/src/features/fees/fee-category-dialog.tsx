import type { FeeCategory, FeeStructure } from '@shule/shared/fee-structures';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select, Textarea } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { kesFromCents } from '../../lib/kes';
import { zodResolver } from '../../lib/zod-resolver';
import { createFeeCategory } from './create-fee-category';
import {
  type FeeCategoryForm,
  type FeeCategoryValues,
  feeCategoryDefaults,
  feeCategoryFormSchema,
} from './fee-category-form';
import { applicabilityOptions, durationOptions, voteHeadOptions } from './fee-options';
import { FEES_KEY } from './get-fee-categories';
import { useSaveFeeStructure } from './save-fee-structure';
import { termLabel } from './term-choice';
import { updateFeeCategory } from './update-fee-category';

const tickRow = 'flex min-h-10 min-w-0 flex-1 cursor-pointer items-center gap-3 text-sm';

/**
 * 'Add Fee Category': the category, and what each of the school's classes
 * pays of it in the term on screen. Saved as the category, then the term's lines of that
 * category (PUT with `categories`), leaving the other categories' amounts as they are.
 */
export function FeeCategoryDialog({
  open,
  onOpenChange,
  editing,
  structure,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  editing: FeeCategory | null;
  /** The term on screen, with the school's classes; undefined when the school has no term. */
  structure: FeeStructure | undefined;
}) {
  const queryClient = useQueryClient();
  const saveStructure = useSaveFeeStructure();
  const form = useForm<FeeCategoryForm, unknown, FeeCategoryValues>({
    resolver: zodResolver(feeCategoryFormSchema),
    defaultValues: feeCategoryDefaults(structure, editing),
  });
  const { errors, isSubmitting } = form.formState;
  // A category created whose amounts then failed: the next try saves the amounts only.
  const created = useRef<FeeCategory | null>(null);

  const saveLines = async (category: FeeCategory, amounts: FeeCategoryValues['amounts']) => {
    if (!structure) return;
    await saveStructure.mutateAsync({
      term: structure.term.id,
      categories: [category.id],
      amounts: amounts.map((a) => ({ ...a, category: category.id })),
    });
  };

  const { submit, failure, clearFailure } = useSaveForm({
    form,
    editing,
    create: async ({ category, amounts }) => {
      created.current ??= await createFeeCategory(category);
      await queryClient.invalidateQueries({ queryKey: FEES_KEY });
      await saveLines(created.current, amounts);
      return created.current;
    },
    update: async (current, { category, amounts }) => {
      const changes = Object.fromEntries(
        Object.entries(category).filter(
          ([key, value]) => (value ?? null) !== ((current as Record<string, unknown>)[key] ?? null),
        ),
      );
      const saved =
        Object.keys(changes).length > 0 ? await updateFeeCategory(current.id, changes) : current;
      await saveLines(saved, amounts);
      return saved;
    },
    toasts: {
      created: { title: 'Fee category added', description: (saved) => saved.name },
      updated: { title: 'Fee category updated', description: (saved) => saved.name },
    },
    onSaved: () => onOpenChange(false),
  });

  // The form is set when the dialog opens, from the structure then: it refreshes under an open
  // dialog after a save.
  const structureNow = useRef(structure);
  structureNow.current = structure;
  useEffect(() => {
    if (!open) return;
    created.current = null;
    form.reset(feeCategoryDefaults(structureNow.current, editing));
    clearFailure();
  }, [open, editing, form, clearFailure]);

  const lines = form.watch('lines');
  const className = (id: number) => structure?.classes.find((c) => c.id === id)?.name ?? '';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isSubmitting && onOpenChange(next)}
      title={editing ? 'Edit Fee Category' : 'Add Fee Category'}
      description={
        editing
          ? 'Change the category or what each class pays.'
          : 'Fill the details below to add a new fee category'
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label="Category name" error={errors.name?.message}>
          <Input placeholder="e.g. Tuition" autoComplete="off" {...form.register('name')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Applies to" error={errors.applies_to?.message}>
            <Select {...form.register('applies_to')}>{applicabilityOptions()}</Select>
          </Field>
          <Field label="Duration" error={errors.duration?.message}>
            <Select {...form.register('duration')}>
              <option value="">Select duration</option>
              {durationOptions()}
            </Select>
          </Field>
        </div>
        <Field
          label="Vote head"
          error={errors.vote_head?.message}
          hint="The heading a statement by vote head totals it under."
        >
          <Select {...form.register('vote_head')}>{voteHeadOptions()}</Select>
        </Field>
        <Field label="Description" error={errors.description?.message}>
          <Textarea placeholder="Optional" {...form.register('description')} />
        </Field>

        {structure ? (
          <fieldset className="min-w-0 space-y-2">
            <legend className="text-sm font-medium">
              Amount per class, {termLabel(structure.term)}
            </legend>
            {lines.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Add your classes on the Classes page to set what each pays.
              </p>
            ) : (
              <ul className="divide-y rounded-md border">
                {lines.map((line, i) => {
                  const billed = line.billed_cents !== null;
                  const error = errors.lines?.[i]?.amount?.message;
                  const name = className(line.class);
                  return (
                    <li key={line.class} className="px-3 py-2">
                      <div className="flex items-center gap-3">
                        {billed ? (
                          // Billed: ticked for good, and kept out of the form's inputs.
                          <label className={tickRow}>
                            <input
                              type="checkbox"
                              className="h-4 w-4 accent-primary"
                              checked
                              disabled
                              readOnly
                            />
                            <span className="min-w-0 break-words">{name}</span>
                          </label>
                        ) : (
                          <label className={tickRow}>
                            <input
                              type="checkbox"
                              className="h-4 w-4 accent-primary"
                              {...form.register(`lines.${i}.checked`)}
                            />
                            <span className="min-w-0 break-words">{name}</span>
                          </label>
                        )}
                        {billed ? (
                          <span className="text-right text-sm tabular-nums">
                            {kesFromCents(line.billed_cents!)}
                            <span className="block text-xs text-muted-foreground">billed</span>
                          </span>
                        ) : (
                          <div className="relative w-36 shrink-0">
                            <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-xs text-muted-foreground">
                              KES
                            </span>
                            <Input
                              inputMode="decimal"
                              aria-label={`Amount for ${name}`}
                              aria-invalid={error ? true : undefined}
                              className="pl-11 text-right tabular-nums"
                              disabled={!line.checked}
                              {...form.register(`lines.${i}.amount`)}
                            />
                          </div>
                        )}
                      </div>
                      {error ? (
                        <p role="alert" className="mt-1 text-right text-sm text-destructive">
                          {error}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
            <p className="text-xs text-muted-foreground">
              Tick the classes that pay it. An amount already billed is fixed: reverse the charges
              on the students&apos; statements to change it.
            </p>
          </fieldset>
        ) : (
          <p className="text-sm text-muted-foreground">
            Add a term on the Terms page to set what each class pays.
          </p>
        )}
        <FormFooter
          busy={isSubmitting}
          submitLabel={editing ? 'Save' : 'Add Fee'}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
