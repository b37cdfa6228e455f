import { type Grade, type GradeForm, gradeFormSchema } from '@shule/shared/grades';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Textarea } from '../../components/ui/input';
import { UpperCaseInput } from '../../components/ui/upper-case-input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
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

  const { submit, failure } = useSaveForm({
    form,
    editing: grade,
    create: (values) => create.mutateAsync(values),
    update: (grade, values) => update.mutateAsync({ id: grade.id, values }),
    toasts: {
      created: {
        title: 'Grade Added',
        description: (_, values) => `${values.code} · ${values.name}`,
      },
      updated: { title: 'Grade Updated', description: 'Grade updated successfully' },
      notCreated: {
        title: 'Grade not added',
        description: 'There was an error trying to add the grade',
      },
      notUpdated: {
        title: 'Grade not updated',
        description: (err) => errorMessage(err, 'There was an error trying to update the grade'),
      },
    },
    onSaved: onDone,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
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
