import { type Grade, type GradeForm, gradeFormSchema } from '@shule/shared/grades';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { UpperCaseInput } from '../../components/ui/upper-case-input';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { zodResolver } from '../../lib/zod-resolver';
import { type GradeValues, useCreateGrade } from './create-grade';
import { useUpdateGrade } from './update-grade';

interface GradeFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The grade to edit; none to add a new one. */
  grade?: Grade | null;
}

export function GradeFormDialog({ open, onOpenChange, grade }: GradeFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={grade ? 'Edit Grade' : 'Add Grade'}
      description={
        grade
          ? `Change grade ${grade.code}.`
          : 'A new grade gets an empty band in every subject; set its marks on each subject page.'
      }
    >
      {/* Mounted afresh on every opening, so the form starts from the grade given. */}
      <GradeFormBody grade={grade ?? null} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function GradeFormBody({ grade, onDone }: { grade: Grade | null; onDone(): void }) {
  const create = useCreateGrade();
  const update = useUpdateGrade();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<GradeForm, unknown, GradeValues>({
    resolver: zodResolver(gradeFormSchema),
    defaultValues: {
      name: grade?.name ?? '',
      code: grade?.code ?? '',
      comments: grade?.comments ?? '',
      points: grade?.points == null ? '' : String(grade.points),
    },
  });
  const { errors, isSubmitting } = form.formState;

  const save = async (values: GradeValues) => {
    setFailure(null);
    try {
      if (grade) {
        await update.mutateAsync({ id: grade.id, values });
        toast({
          title: 'Grade Updated',
          description: 'Grade updated successfully',
          variant: 'success',
        });
      } else {
        await create.mutateAsync(values);
        toast({
          title: 'Grade Added',
          description: `${values.code} · ${values.name}`,
          variant: 'success',
        });
      }
      onDone();
    } catch (err) {
      setFailure(applyServerErrors(err, form));
      const retry = { label: 'Try Again', onClick: () => void save(values) };
      toast(
        grade
          ? {
              title: 'Grade not updated',
              description: errorMessage(err, 'There was an error trying to update the grade'),
              variant: 'destructive',
              action: retry,
            }
          : {
              title: 'Grade not added',
              description: 'There was an error trying to add the grade',
              variant: 'destructive',
              action: retry,
            },
      );
    }
  };

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <Input placeholder="B plus" {...form.register('name')} />
        </Field>
        <Field label="Code" error={errors.code?.message}>
          <UpperCaseInput placeholder="B+" {...form.register('code')} />
        </Field>
      </div>
      <Field
        label="Points"
        error={errors.points?.message}
        hint="Optional: the grade's points on the 12-point scale"
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          {...form.register('points')}
        />
      </Field>
      <Field label="Comments" error={errors.comments?.message}>
        <Textarea placeholder="Good" {...form.register('comments')} />
      </Field>
      <FormFooter
        busy={isSubmitting}
        onCancel={onDone}
        submitLabel={grade ? 'Save Changes' : 'Add Grade'}
      />
    </form>
  );
}
