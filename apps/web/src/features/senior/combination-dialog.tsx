import type { Combination, Pathway } from '@shule/shared/senior';
import {
  type CombinationForm,
  type CombinationFormValues,
  combinationFormSchema,
  type EditCombinationForm,
  type EditCombinationFormValues,
  editCombinationFormSchema,
} from '@shule/shared/senior-setup';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { zodResolver } from '../../lib/zod-resolver';
import { useCreateCombination, useUpdateCombination } from './senior-api';

interface CombinationDialogProps {
  pathways: Pathway[];
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The combination whose name and capacity are edited; null to add one. */
  editing: Combination | null;
}

/** Add one of the school's approved combinations, or change a combination's name and capacity. */
export function CombinationDialog({
  pathways,
  open,
  onOpenChange,
  editing,
}: CombinationDialogProps) {
  const done = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${editing.name}` : 'Add combination'}
      description={
        editing
          ? 'Its subjects stay; a different set of electives is another combination.'
          : "A pathway and three electives the Ministry approved for your school: all from the pathway's tracks, or two and one from another pathway."
      }
    >
      {editing ? (
        <EditForm combination={editing} onDone={done} />
      ) : (
        <AddForm pathways={pathways} onDone={done} />
      )}
    </Dialog>
  );
}

const ELECTIVE_LABELS = ['First elective', 'Second elective', 'Third elective'];

function AddForm({ pathways, onDone }: { pathways: Pathway[]; onDone(): void }) {
  const create = useCreateCombination();
  const form = useForm<CombinationForm, unknown, CombinationFormValues>({
    resolver: zodResolver(combinationFormSchema),
    defaultValues: { pathway: '', subjects: ['', '', ''], name: '', capacity: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const chosen = pathways.find((p) => String(p.id) === String(form.watch('pathway')));
  // The chosen pathway's tracks first: most combinations take all three electives from them.
  const ordered = chosen ? [chosen, ...pathways.filter((p) => p !== chosen)] : pathways;
  const { submit, failure } = useSaveForm({
    form,
    create: (values) =>
      create.mutateAsync({
        pathway: values.pathway,
        subjects: values.subjects,
        name: values.name,
        capacity: values.capacity,
      }),
    toasts: {
      created: { title: 'Combination added', description: (saved) => `${saved.name} added` },
      notCreated: {
        title: 'Combination not added',
        description: (err) => errorMessage(err, 'The combination could not be added'),
      },
    },
    onSaved: onDone,
  });
  const electiveErrors = errors.subjects as
    | { message?: string; [index: number]: { message?: string } | undefined }
    | undefined;
  const electivesError =
    electiveErrors?.message ?? [0, 1, 2].map((i) => electiveErrors?.[i]?.message).find(Boolean);

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Pathway" error={errors.pathway?.message}>
        <Select {...form.register('pathway')}>
          <option value="">Choose a pathway</option>
          {pathways.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset
        className="space-y-3"
        aria-describedby={electivesError ? 'combination-electives-error' : undefined}
      >
        <legend className="text-sm font-medium">Electives</legend>
        {ELECTIVE_LABELS.map((label, i) => (
          <Field key={label} label={label}>
            <Select {...form.register(`subjects.${i}`)}>
              <option value="">Choose an elective</option>
              {ordered.flatMap((p) =>
                p.tracks.map((t) => (
                  <optgroup key={t.id} label={`${p.name}: ${t.name}`}>
                    {t.subjects.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </optgroup>
                )),
              )}
            </Select>
          </Field>
        ))}
        {electivesError ? (
          <p id="combination-electives-error" role="alert" className="text-sm text-destructive">
            {electivesError}
          </p>
        ) : null}
      </fieldset>
      <Field label="Name (optional)" hint="Left empty, it is made from the subjects' codes.">
        <Input placeholder="BIO/CHE/PHY" {...form.register('name')} />
      </Field>
      <Field
        label="Capacity (optional)"
        hint="Learners it takes in one grade; empty for no limit."
        error={errors.capacity?.message}
      >
        <Input inputMode="numeric" {...form.register('capacity')} />
      </Field>
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel="Add" />
    </form>
  );
}

function EditForm({ combination, onDone }: { combination: Combination; onDone(): void }) {
  const update = useUpdateCombination();
  const form = useForm<EditCombinationForm, unknown, EditCombinationFormValues>({
    resolver: zodResolver(editCombinationFormSchema),
    defaultValues: {
      name: combination.name,
      capacity: combination.capacity === null ? '' : String(combination.capacity),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useSaveForm({
    form,
    editing: combination,
    create: () => Promise.reject(new Error('This form edits only')),
    update: (c, values) => update.mutateAsync({ id: c.id, ...values }),
    toasts: {
      updated: { title: 'Combination saved', description: (saved) => `${saved.name} saved` },
      notUpdated: {
        title: 'Combination not saved',
        description: (err) => errorMessage(err, 'The combination could not be saved'),
      },
    },
    onSaved: onDone,
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <p className="text-sm text-muted-foreground">
        {combination.pathway_name}: {combination.subjects.map((s) => s.name).join(', ')}
      </p>
      <Field label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} />
      </Field>
      <Field
        label="Capacity (optional)"
        hint="Learners it takes in one grade; empty for no limit."
        error={errors.capacity?.message}
      >
        <Input inputMode="numeric" {...form.register('capacity')} />
      </Field>
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel="Save" />
    </form>
  );
}
