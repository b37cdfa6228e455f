import type { AcademicYear } from '@shule/shared/academic-years';
import { formatDate } from '@shule/shared/display-dates';
import { type Term, type TermForm, termFormSchema } from '@shule/shared/terms';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { useAcademicYears } from '../../lib/queries/academic-years';
import { zodResolver } from '../../lib/zod-resolver';
import { type TermValues, useCreateTerm } from './create-term';
import { useUpdateTerm } from './update-term';

interface TermFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  term?: Term | null;
}

export function TermFormDialog({ open, onOpenChange, term }: TermFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={term ? 'Edit Term' : 'Add Term'}
      description="A term lies within its academic year."
    >
      <TermFormBody term={term ?? null} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** For a new term: the ongoing year if there is one, else the latest. */
const defaultYear = (years: AcademicYear[]) =>
  (years.find((y) => y.status === 'Ongoing') ?? years[0])?.id;

function TermFormBody({ term, onDone }: { term: Term | null; onDone(): void }) {
  const years = useAcademicYears();
  const create = useCreateTerm();
  const update = useUpdateTerm();
  const allYears = years.data ?? [];
  const form = useForm<TermForm, unknown, TermValues>({
    resolver: zodResolver(termFormSchema),
    defaultValues: {
      name: term?.name ?? '',
      start_date: term?.start_date ?? '',
      end_date: term?.end_date ?? '',
      academic_year: String(
        (term ? term.academic_year?.id : defaultYear(allYears)) ?? '',
      ) as TermForm['academic_year'],
    },
  });
  const { errors, isSubmitting } = form.formState;

  // The years may arrive after the form opened: a new term then still starts in one.
  useEffect(() => {
    if (term || !years.data || form.getFieldState('academic_year').isDirty) return;
    if (form.getValues('academic_year') !== '') return;
    const id = defaultYear(years.data);
    if (id !== undefined) form.setValue('academic_year', String(id) as TermForm['academic_year']);
  }, [term, years.data, form]);

  const chosenYear = allYears.find((y) => String(y.id) === String(form.watch('academic_year')));

  const { submit, failure } = useSaveForm({
    form,
    editing: term,
    create: (values) => create.mutateAsync(values),
    update: (term, values) => update.mutateAsync({ id: term.id, values }),
    toasts: {
      created: { title: 'Term Added', description: 'Term added successfully' },
      updated: { title: 'Term Updated', description: 'Term updated successfully' },
      notCreated: {
        title: 'Term not added',
        description: (err) => errorMessage(err, 'There was an error trying to add the term'),
      },
      notUpdated: {
        title: 'Term not updated',
        description: (err) => errorMessage(err, 'There was an error trying to update the term'),
      },
    },
    onSaved: onDone,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Name" error={errors.name?.message}>
        <Input placeholder="Term 1" {...form.register('name')} />
      </Field>
      <Field
        label="Academic Year"
        error={errors.academic_year?.message}
        hint={
          chosenYear
            ? `${formatDate(chosenYear.start_date)} – ${formatDate(chosenYear.end_date)}`
            : undefined
        }
      >
        <Select disabled={years.isPending} {...form.register('academic_year')}>
          <option value="">{years.isPending ? 'Loading...' : 'No academic year'}</option>
          {allYears.map((y) => (
            <option key={y.id} value={y.id}>
              {y.name}
            </option>
          ))}
        </Select>
      </Field>
      {!years.isPending && allYears.length === 0 ? (
        <p className="-mt-2 text-sm text-muted-foreground">
          No academic years yet.{' '}
          <Link to="/academic_years" className="text-primary hover:underline">
            Add one
          </Link>{' '}
          to put terms in it.
        </p>
      ) : null}
      {years.isError ? (
        <Alert tone="error">Could not load the academic years. {errorMessage(years.error)}</Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Start Date" error={errors.start_date?.message}>
          <Input
            type="date"
            min={chosenYear?.start_date}
            max={chosenYear?.end_date}
            {...form.register('start_date')}
          />
        </Field>
        <Field label="End Date" error={errors.end_date?.message}>
          <Input
            type="date"
            min={chosenYear?.start_date}
            max={chosenYear?.end_date}
            {...form.register('end_date')}
          />
        </Field>
      </div>
      <FormFooter
        busy={isSubmitting}
        onCancel={onDone}
        submitLabel={term ? 'Save Changes' : 'Add Term'}
      />
    </form>
  );
}
