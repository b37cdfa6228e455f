import { type Exam, type ExamComponent, type ExamForm, examFormSchema } from '@shule/shared/exams';
import { GRADING_SCHEME_LABELS, GRADING_SCHEMES } from '@shule/shared/results/scheme';
import { defaultTerm } from '@shule/shared/terms';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { CheckboxList } from '../../components/ui/checkbox-list';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { useClasses } from '../../lib/queries/classes';
import { useSchool } from '../../lib/queries/school';
import { useTerms } from '../../lib/queries/terms';
import { zodResolver } from '../../lib/zod-resolver';
import { CombineExamsField } from './combine-exams-field';
import { type ExamValues, useCreateExam } from './create-exam';
import { useUpdateExam } from './update-exam';

interface ExamFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  exam?: Exam | null;
}

export function ExamFormDialog({ open, onOpenChange, exam }: ExamFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={exam ? 'Edit Exam' : 'Create New Exam'}
      description={
        exam
          ? `Change ${exam.name}, or mark it completed.`
          : 'Its status follows from the dates until you mark it completed.'
      }
    >
      <ExamFormBody exam={exam ?? null} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ExamFormBody({ exam, onDone }: { exam: Exam | null; onDone(): void }) {
  const create = useCreateExam();
  const update = useUpdateExam();
  const form = useForm<ExamForm, unknown, ExamValues>({
    resolver: zodResolver(examFormSchema),
    defaultValues: {
      name: exam?.name ?? '',
      start_date: exam?.start_date ?? '',
      end_date: exam?.end_date ?? '',
      is_completed: exam?.is_completed ?? false,
      term: exam?.term ?? null,
      grading_scheme: exam?.grading_scheme ?? null,
      classes: exam?.classes ?? [],
      levels: exam?.levels ?? [],
      components: exam?.components ?? [],
    },
  });
  const { errors, isSubmitting } = form.formState;

  // A new exam is filed under the current term; the terms may arrive after the form opened.
  const terms = useTerms();
  useEffect(() => {
    if (exam || !terms.data || form.getFieldState('term').isDirty) return;
    if (form.getValues('term') !== null) return;
    const current = defaultTerm(terms.data);
    if (current) form.setValue('term', current.id);
  }, [exam, terms.data, form]);

  const { submit, failure } = useSaveForm({
    form,
    editing: exam,
    create: (values) => create.mutateAsync(values),
    update: (exam, values) => update.mutateAsync({ id: exam.id, values }),
    toasts: {
      created: { title: 'Exam Created', description: 'Exam added successfully' },
      updated: { title: 'Exam Updated', description: 'Exam updated successfully' },
      notCreated: {
        title: 'Exam not created',
        description: 'There was an error trying to add the exam',
      },
      notUpdated: {
        title: 'Exam not updated',
        description: (err) => errorMessage(err, 'There was an error trying to update the exam'),
      },
    },
    onSaved: onDone,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Name" error={errors.name?.message}>
        <Input placeholder="End of Term 1 Exam" {...form.register('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Start Date" error={errors.start_date?.message}>
          <Input type="date" {...form.register('start_date')} />
        </Field>
        <Field label="End Date" error={errors.end_date?.message}>
          <Input type="date" {...form.register('end_date')} />
        </Field>
      </div>
      <div className="grid gap-4">
        <Controller
          control={form.control}
          name="term"
          render={({ field, fieldState }) => (
            <TermSelect
              value={field.value == null ? '' : String(field.value)}
              onChange={(id) => field.onChange(id ? Number(id) : null)}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="grading_scheme"
          render={({ field, fieldState }) => (
            <SchemeSelect
              value={field.value ?? ''}
              onChange={(scheme) => field.onChange(scheme || null)}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <Controller
        control={form.control}
        name="levels"
        render={({ field: levels, fieldState: levelsState }) => (
          <Controller
            control={form.control}
            name="classes"
            render={({ field: classes, fieldState: classesState }) => (
              <WhoSitsIt
                levels={levels.value ?? []}
                onLevelsChange={levels.onChange}
                classes={(classes.value ?? []).map(Number)}
                onClassesChange={classes.onChange}
                error={levelsState.error?.message ?? classesState.error?.message}
              />
            )}
          />
        )}
      />
      <Controller
        control={form.control}
        name="components"
        render={({ field, fieldState }) => {
          // A weight's own message (components.N.weight), or the list's.
          const itemErrors = fieldState.error as unknown as
            | ({ weight?: { message?: string } } | undefined)[]
            | undefined;
          const weightError = (i: number) => itemErrors?.[i]?.weight?.message;
          const firstWeightError = Array.isArray(itemErrors)
            ? itemErrors.map((e) => e?.weight?.message).find(Boolean)
            : undefined;
          return (
            <CombineExamsField
              exam={exam}
              value={(field.value ?? []) as ExamComponent[]}
              onChange={field.onChange}
              error={fieldState.error?.message ?? firstWeightError}
              weightError={weightError}
            />
          );
        }}
      />
      {exam ? (
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-primary"
            {...form.register('is_completed')}
          />
          <span>
            <span className="block font-medium">Marked as completed</span>
            <span className="block text-xs text-muted-foreground">
              A completed exam shows Completed whatever its dates.
            </span>
          </span>
        </label>
      ) : null}
      <FormFooter
        busy={isSubmitting}
        onCancel={onDone}
        submitLabel={exam ? 'Save Changes' : 'Create Exam'}
      />
    </form>
  );
}

function TermSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(id: string): void;
  error?: string;
}) {
  const terms = useTerms();
  const hint = terms.isError
    ? 'Could not load the terms. Close and open this dialog to try again.'
    : terms.data?.length === 0
      ? 'Add terms on the Terms page to file exams under them.'
      : undefined;
  return (
    <Field label="Term" error={error} hint={hint}>
      <Select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={terms.isPending || terms.isError}
      >
        <option value="">{terms.isPending ? 'Loading terms...' : 'No term'}</option>
        {terms.data?.map((t) => (
          <option key={t.id} value={t.id}>
            {t.academic_year ? `${t.name} (${t.academic_year.name})` : t.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The exam's results rule: the school's unless the exam names another. */
function SchemeSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(scheme: string): void;
  error?: string;
}) {
  const school = useSchool();
  const schoolScheme = school.data ? GRADING_SCHEME_LABELS[school.data.grading_scheme] : null;
  return (
    <Field label="Grading scheme" error={error}>
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">
          {schoolScheme ? `School default (${schoolScheme})` : 'School default'}
        </option>
        {GRADING_SCHEMES.map((scheme) => (
          <option key={scheme} value={scheme}>
            {GRADING_SCHEME_LABELS[scheme]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

const byLevelName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/**
 * Who sits the exam: whole levels (each of their streams, including streams added later) and/or
 * single classes. A class of a ticked level is shown ticked. Nothing ticked: every class.
 */
function WhoSitsIt({
  levels,
  onLevelsChange,
  classes,
  onClassesChange,
  error,
}: {
  levels: string[];
  onLevelsChange(levels: string[]): void;
  classes: number[];
  onClassesChange(ids: number[]): void;
  error?: string;
}) {
  const all = useClasses();
  const schoolLevels = [
    ...new Set([
      ...(all.data ?? []).map((c) => c.level).filter((l): l is string => !!l),
      // A level no class has any more still shows, so it can be unticked.
      ...levels,
    ]),
  ].sort(byLevelName);
  const tickedLevels = new Set(levels);
  const sitting = (all.data ?? []).filter(
    (c) => classes.includes(c.id) || (c.level != null && tickedLevels.has(c.level)),
  );
  const summary =
    levels.length === 0 && classes.length === 0
      ? 'Nothing ticked: every class sits it.'
      : `${sitting.length} ${sitting.length === 1 ? 'class sits' : 'classes sit'} it.`;

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Who sits it</legend>
      {all.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : all.isError ? (
        <Alert tone="error">Could not load the classes. {errorMessage(all.error)}</Alert>
      ) : all.data.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-3 text-sm text-muted-foreground">
          No classes yet: every class you create will sit it.
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {schoolLevels.length > 0 ? (
            <CheckboxList
              legend="Levels"
              options={schoolLevels.map((level) => ({ value: level, label: level }))}
              value={levels}
              onChange={onLevelsChange}
            />
          ) : null}
          <CheckboxList
            legend="Classes"
            className={schoolLevels.length > 0 ? undefined : 'sm:col-span-2'}
            options={all.data.map((c) => ({
              value: c.id,
              label: c.name,
              detail: c.level ?? undefined,
              covered: c.level != null && tickedLevels.has(c.level),
            }))}
            value={classes}
            onChange={onClassesChange}
          />
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : all.data && all.data.length > 0 ? (
        <p className="text-xs text-muted-foreground">{summary}</p>
      ) : null}
    </fieldset>
  );
}
