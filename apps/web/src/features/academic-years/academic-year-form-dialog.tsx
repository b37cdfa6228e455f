import type { AcademicYear, AcademicYearForm } from '@shule/shared/academic-years';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { FormFooter } from '../../components/ui/form-footer';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { type AcademicYearValues, useCreateAcademicYear } from './create-academic-year';
import { useUpdateAcademicYear } from './update-academic-year';
import { YearFields, yearFormOptions } from './year-form';

interface AcademicYearFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  year?: AcademicYear | null;
}

export function AcademicYearFormDialog({ open, onOpenChange, year }: AcademicYearFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={year ? 'Edit Academic Year' : 'Add Academic Year'}
      description={
        year
          ? `Change ${year.name}. Its terms must still lie within its dates.`
          : 'Its status (Upcoming, Ongoing, Completed) follows from the dates.'
      }
    >
      <AcademicYearFormBody year={year ?? null} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AcademicYearFormBody({ year, onDone }: { year: AcademicYear | null; onDone(): void }) {
  const create = useCreateAcademicYear();
  const update = useUpdateAcademicYear();
  const form = useForm<AcademicYearForm, unknown, AcademicYearValues>(yearFormOptions(year));
  const { isSubmitting } = form.formState;

  const { submit, failure } = useSaveForm({
    form,
    editing: year,
    create: (values) => create.mutateAsync(values),
    update: (year, values) => update.mutateAsync({ id: year.id, values }),
    toasts: {
      created: { title: 'Academic Year Added', description: 'Academic year added successfully' },
      updated: {
        title: 'Academic Year Updated',
        description: 'Academic year updated successfully',
      },
      notCreated: {
        title: 'Academic year not added',
        description: (err) =>
          errorMessage(err, 'There was an error trying to add the academic year'),
      },
      notUpdated: {
        title: 'Academic year not updated',
        description: (err) =>
          errorMessage(err, 'There was an error trying to update the academic year'),
      },
    },
    onSaved: onDone,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <YearFields form={form} namePlaceholder="2022-2024" />
      <FormFooter
        busy={isSubmitting}
        onCancel={onDone}
        submitLabel={year ? 'Save Changes' : 'Add Academic Year'}
      />
    </form>
  );
}
