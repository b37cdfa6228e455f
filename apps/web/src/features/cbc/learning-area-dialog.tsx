import {
  type LearningArea,
  type LearningAreaForm,
  learningAreaFormSchema,
} from '@shule/shared/cbc';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { zodResolver } from '../../lib/zod-resolver';
import { useCreateLearningArea, useRenameLearningArea } from './curriculum-api';

interface LearningAreaDialogProps {
  levelId: number;
  levelName: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  editing: LearningArea | null;
}

/** Add a learning area to a level, or rename one. */
export function LearningAreaDialog({
  open,
  onOpenChange,
  editing,
  ...level
}: LearningAreaDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Rename learning area' : 'Add learning area'}
      description={
        editing
          ? `Its strands and levels stay with it.`
          : `A learning area of ${level.levelName}, as your timetable and reports name it.`
      }
    >
      <LearningAreaFormBody {...level} editing={editing} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function LearningAreaFormBody({
  levelId,
  editing,
  onDone,
}: {
  levelId: number;
  editing: LearningArea | null;
  onDone(): void;
}) {
  const create = useCreateLearningArea();
  const rename = useRenameLearningArea();
  const form = useForm<LearningAreaForm, unknown, { name: string }>({
    resolver: zodResolver(learningAreaFormSchema),
    defaultValues: { name: editing?.name ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useSaveForm({
    form,
    editing,
    create: (values) => create.mutateAsync({ level: levelId, name: values.name }),
    update: (area, values) => rename.mutateAsync({ id: area.id, name: values.name }),
    toasts: {
      created: { title: 'Learning area added', description: (saved) => `${saved.name} added` },
      updated: { title: 'Learning area renamed', description: (saved) => `Now ${saved.name}` },
      notCreated: {
        title: 'Learning area not added',
        description: (err) => errorMessage(err, 'The learning area could not be added'),
      },
      notUpdated: {
        title: 'Learning area not renamed',
        description: (err) => errorMessage(err, 'The learning area could not be renamed'),
      },
    },
    onSaved: onDone,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Learning area" error={errors.name?.message}>
        <Input placeholder="Integrated Science" {...form.register('name')} />
      </Field>
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel={editing ? 'Save' : 'Add'} />
    </form>
  );
}
