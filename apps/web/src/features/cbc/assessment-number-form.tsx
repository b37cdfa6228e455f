import { type AssessmentNumberForm, assessmentNumberFormSchema } from '@shule/shared/sba';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { zodResolver } from '../../lib/zod-resolver';
import { useSetAssessmentNumber } from './sba-api';

type Values = z.output<typeof assessmentNumberFormSchema>;

/** Beside a learner without an Assessment Number: type it and save, without leaving the list. */
export function AssessmentNumberInline({ learner }: { learner: { id: number; name: string } }) {
  const setNumber = useSetAssessmentNumber();
  const form = useForm<AssessmentNumberForm, unknown, Values>({
    resolver: zodResolver(assessmentNumberFormSchema),
    defaultValues: { assessment_number: '' },
  });
  const { submit, failure } = useSaveForm({
    form,
    create: (values: Values) =>
      setNumber.mutateAsync({ student: learner.id, number: values.assessment_number! }),
    toasts: {
      created: { title: 'Assessment Number saved', description: learner.name },
      notCreated: {
        title: 'Assessment Number not saved',
        description: (err) => errorMessage(err, 'There was an error trying to save it'),
      },
    },
    onSaved: () => form.reset(),
  });
  const error = form.formState.errors.assessment_number?.message ?? failure;
  const label = `Assessment Number of ${learner.name}`;
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="w-full sm:w-auto">
      <div className="flex gap-2">
        <Input
          aria-label={label}
          aria-invalid={error ? true : undefined}
          placeholder="Assessment Number"
          autoComplete="off"
          className="sm:w-44"
          {...form.register('assessment_number')}
        />
        <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
          Save
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
