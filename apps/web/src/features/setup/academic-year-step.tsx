import { type AcademicYearForm, academicYearFormSchema } from '@shule/shared/academic-years';
import type { SetupState } from '@shule/shared/setup';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { applyServerErrors } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { zodResolver } from '../../lib/zod-resolver';
import { saveAcademicYear } from './save-setup-records';
import { StepFooter } from './step-footer';
import { useStepMove } from './use-step-move';

/** Step 2: the academic year (saved as the school's latest year; changed if already saved). */
export function AcademicYearStep({ state }: { state: SetupState }) {
  const { school } = useSession();
  const { move, busy, failure, setFailure } = useStepMove();
  const saved = state.academic_year;
  const form = useForm<AcademicYearForm, unknown, z.output<typeof academicYearFormSchema>>({
    resolver: zodResolver(academicYearFormSchema),
    defaultValues: {
      name: saved?.name ?? '',
      start_date: saved?.start_date ?? '',
      end_date: saved?.end_date ?? '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    move(3, async () => {
      try {
        await saveAcademicYear(school!.id, saved, values);
        return true;
      } catch (err) {
        setFailure(applyServerErrors(err, form));
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">Academic year</h2>
        <p className="text-sm text-muted-foreground">
          The school year your terms fall in. In Kenya it usually runs from January to November.
        </p>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Name" error={errors.name?.message}>
        <Input placeholder="2026" {...form.register('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Start Date" error={errors.start_date?.message}>
          <Input type="date" {...form.register('start_date')} />
        </Field>
        <Field label="End Date" error={errors.end_date?.message}>
          <Input type="date" {...form.register('end_date')} />
        </Field>
      </div>
      <StepFooter busy={busy} onBack={() => move(1)} />
    </form>
  );
}
