import type { ClassRow } from '@shule/shared/classes';
import {
  KCSE_GROUP_LABELS,
  KCSE_GROUPS,
  type KcseGroup,
  kcseGroupOfCode,
} from '@shule/shared/results/subject-groups';
import { type Subject, type SubjectForm, subjectFormSchema } from '@shule/shared/subjects';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { UpperCaseInput } from '../../components/ui/upper-case-input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { useClasses } from '../../lib/queries/classes';
import { zodResolver } from '../../lib/zod-resolver';
import { type SubjectValues, useCreateSubject } from './create-subject';
import { useUpdateSubject } from './update-subject';

interface SubjectFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The subject to edit; none to add a new one. */
  subject?: Subject | null;
}

export function SubjectFormDialog({ open, onOpenChange, subject }: SubjectFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={subject ? 'Edit Subject' : 'Add Subject'}
      description={
        subject
          ? `Change ${subject.name} and the classes that take it.`
          : 'Choose the classes that take the subject: their students get a score input for it.'
      }
    >
      <SubjectFormBody subject={subject ?? null} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** The group a code suggests: the one the server takes when the school has not chosen one. */
const suggestedGroup = (code: string): KcseGroup => kcseGroupOfCode(code) ?? 'other';

function SubjectFormBody({ subject, onDone }: { subject: Subject | null; onDone(): void }) {
  const create = useCreateSubject();
  const update = useUpdateSubject();
  // Until the user picks a group, it follows the code as it is typed and is saved as null, so
  // the server keeps deriving it from the code. A subject whose group differs from its code's
  // was given one.
  const [groupPicked, setGroupPicked] = useState(
    subject != null && subject.group !== suggestedGroup(subject.code),
  );
  const form = useForm<SubjectForm, unknown, SubjectValues>({
    resolver: zodResolver(subjectFormSchema),
    defaultValues: {
      name: subject?.name ?? '',
      code: subject?.code ?? '',
      description: subject?.description ?? '',
      classes: subject?.classes ?? [],
      group: subject?.group ?? suggestedGroup(''),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const withGroup = (values: SubjectValues): SubjectValues => ({
    ...values,
    group: groupPicked ? values.group : null,
  });

  const { submit, failure } = useSaveForm({
    form,
    editing: subject,
    create: (values) => create.mutateAsync(withGroup(values)),
    update: (subject, values) => update.mutateAsync({ id: subject.id, values: withGroup(values) }),
    toasts: {
      created: { title: 'Subject Added', description: 'Subject added successfully' },
      updated: { title: 'Subject Updated', description: 'Subject updated successfully' },
      notCreated: {
        title: 'Subject not added',
        description: 'There was an error trying to add the subject',
      },
      notUpdated: {
        title: 'Subject not updated',
        description: (err) => errorMessage(err, 'There was an error trying to update the subject'),
      },
    },
    onSaved: onDone,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Field label="Name" error={errors.name?.message}>
          <Input placeholder="Mathematics" {...form.register('name')} />
        </Field>
        <Field label="Code" error={errors.code?.message}>
          <UpperCaseInput
            placeholder="MAT"
            {...form.register('code', {
              onChange: (e) => {
                if (!groupPicked) form.setValue('group', suggestedGroup(e.target.value));
              },
            })}
          />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="group"
        render={({ field, fieldState }) => (
          <Field
            label="KCSE group"
            error={fieldState.error?.message}
            hint={
              groupPicked
                ? undefined
                : 'Filled in from the code (ENG, BIO, 311…); choose another if it is wrong.'
            }
          >
            <Select
              name={field.name}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(e) => {
                setGroupPicked(true);
                field.onChange(e.target.value);
              }}
            >
              {KCSE_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {KCSE_GROUP_LABELS[group]}
                </option>
              ))}
            </Select>
          </Field>
        )}
      />
      <Field label="Description" error={errors.description?.message}>
        <Textarea placeholder="Optional" {...form.register('description')} />
      </Field>
      <Controller
        control={form.control}
        name="classes"
        render={({ field, fieldState }) => (
          <ClassPicker
            value={(field.value ?? []).map(Number)}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormFooter
        busy={isSubmitting}
        onCancel={onDone}
        submitLabel={subject ? 'Save Changes' : 'Add Subject'}
      />
    </form>
  );
}

/** The classes that take a subject: a checkbox list, with rows tall enough for a thumb. */
function ClassPicker({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange(ids: number[]): void;
  error?: string;
}) {
  const classes = useClasses();
  const chosen = new Set(value);
  const toggle = (id: number) =>
    onChange(chosen.has(id) ? value.filter((v) => v !== id) : [...value, id]);
  const all: ClassRow[] = classes.data ?? [];
  const allChosen = all.length > 0 && all.every((c) => chosen.has(c.id));

  return (
    <fieldset className="space-y-1.5">
      <legend className="sr-only">Classes</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden="true" className="text-sm font-medium">
          Classes
        </span>
        {all.length > 1 ? (
          <button
            type="button"
            className="text-sm text-primary hover:underline"
            onClick={() => onChange(allChosen ? [] : all.map((c) => c.id))}
          >
            {allChosen ? 'Clear all' : 'Select all'}
          </button>
        ) : null}
      </div>
      {classes.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : classes.isError ? (
        <Alert tone="error">Could not load the classes. {errorMessage(classes.error)}</Alert>
      ) : all.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-sm text-muted-foreground">
          No classes yet.{' '}
          <Link to="/classes" className="text-primary hover:underline">
            Create a class
          </Link>{' '}
          first, or add the subject now and choose its classes later.
        </p>
      ) : (
        <ul className="max-h-56 divide-y overflow-y-auto rounded-md border">
          {all.map((c) => (
            <li key={c.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-muted/50">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-primary"
                  checked={chosen.has(c.id)}
                  onChange={() => toggle(c.id)}
                />
                <span className="flex-1">{c.name}</span>
                <span className="text-xs text-muted-foreground">
                  {c.totalStudents} {c.totalStudents === 1 ? 'student' : 'students'}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">{value.length} selected</p>
      )}
    </fieldset>
  );
}
