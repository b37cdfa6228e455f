import { type Exam, type ExamForm, examFormSchema } from '@shule/shared/exams';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { zodResolver } from '../../lib/zod-resolver';
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
    },
  });
  const { errors, isSubmitting } = form.formState;

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
