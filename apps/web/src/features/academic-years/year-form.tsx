import {
  type AcademicYear,
  type AcademicYearForm,
  academicYearFormSchema,
} from '@shule/shared/academic-years';
import type { UseFormProps, UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { zodResolver } from '../../lib/zod-resolver';
import type { AcademicYearValues } from './create-academic-year';

type Saved = Pick<AcademicYear, 'name' | 'start_date' | 'end_date'> | null;

/** A year's form (the Academic Years dialog's and the setup wizard's), filled from `year` if any. */
export const yearFormOptions = (
  year: Saved,
): UseFormProps<AcademicYearForm, unknown, AcademicYearValues> => ({
  resolver: zodResolver(academicYearFormSchema),
  defaultValues: {
    name: year?.name ?? '',
    start_date: year?.start_date ?? '',
    end_date: year?.end_date ?? '',
  },
});

/** The year's name and its dates side by side; `namePlaceholder` is an example of a name. */
export function YearFields({
  form,
  namePlaceholder,
}: {
  form: UseFormReturn<AcademicYearForm, unknown, AcademicYearValues>;
  namePlaceholder: string;
}) {
  const { errors } = form.formState;
  return (
    <>
      <Field label="Name" error={errors.name?.message}>
        <Input placeholder={namePlaceholder} {...form.register('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Start Date" error={errors.start_date?.message}>
          <Input type="date" {...form.register('start_date')} />
        </Field>
        <Field label="End Date" error={errors.end_date?.message}>
          <Input type="date" {...form.register('end_date')} />
        </Field>
      </div>
    </>
  );
}
