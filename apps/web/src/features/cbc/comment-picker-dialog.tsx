import { levelLabel } from '@shule/shared/cbc-assessments';
import {
  COMMENT_MAX,
  type CommentBankEntry,
  type CommentForm,
  commentFormSchema,
  RATING_LEVELS,
  type RatingLevel,
} from '@shule/shared/cbc-report-inputs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Textarea } from '../../components/ui/input';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { zodResolver } from '../../lib/zod-resolver';
import { useCommentBank, useSaveComments } from './report-inputs-api';

export interface PickingFor {
  classId: number;
  termId: number;
  area: { id: number; name: string };
  learner: { id: number; name: string; comment: string | null };
}

/** One learner's comment on a learning area: chosen from the school's bank by level, or typed. */
export function CommentPickerDialog({
  picking,
  onClose,
}: {
  picking: PickingFor | null;
  onClose(): void;
}) {
  return (
    <Dialog
      open={picking != null}
      onOpenChange={(open) => !open && onClose()}
      title={picking ? `${picking.learner.name}: ${picking.area.name}` : 'Comment'}
      description="Choose a comment from the bank at the learner's level, or type your own."
    >
      {picking ? <PickerForm picking={picking} onDone={onClose} /> : null}
    </Dialog>
  );
}

function PickerForm({ picking, onDone }: { picking: PickingFor; onDone(): void }) {
  const bank = useCommentBank();
  const save = useSaveComments(picking.classId);
  const [level, setLevel] = useState<RatingLevel>('ME');
  const form = useForm<CommentForm, unknown, { comment: string | null }>({
    resolver: zodResolver(commentFormSchema),
    defaultValues: { comment: picking.learner.comment ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useSaveForm({
    form,
    create: (values) =>
      save.mutateAsync({
        term: picking.termId,
        learning_area: picking.area.id,
        entries: [{ student: picking.learner.id, comment: values.comment }],
      }),
    toasts: {
      created: {
        title: 'Comment saved',
        description: (_saved, values) =>
          values.comment
            ? `${picking.learner.name}'s comment saved`
            : `${picking.learner.name}'s comment cleared`,
      },
      notCreated: {
        title: 'Comment not saved',
        description: (err) => errorMessage(err, 'The comment could not be saved'),
      },
    },
    onSaved: onDone,
  });
  const choices = (bank.data ?? []).filter((c: CommentBankEntry) => c.level === level);
  const written = form.watch('comment');

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="sr-only">Comments at level</legend>
        {RATING_LEVELS.map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={code === level}
            onClick={() => setLevel(code)}
            className={cn(
              'min-h-10 rounded-md border px-2 py-1 text-left text-xs',
              code === level
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-input hover:bg-muted',
            )}
          >
            {levelLabel(code)}
          </button>
        ))}
      </fieldset>
      {bank.isPending ? (
        <SkeletonRows rows={3} />
      ) : bank.isError ? (
        <Alert tone="error">Could not load the comment bank. {errorMessage(bank.error)}</Alert>
      ) : choices.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          The bank has no comments at {levelLabel(level)}. Type one below.
        </p>
      ) : (
        <ul className="space-y-2" aria-label={`Comments at ${levelLabel(level)}`}>
          {choices.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                aria-pressed={written === c.text}
                className={cn(
                  'w-full rounded-md border px-3 py-2 text-left text-sm',
                  written === c.text ? 'border-primary bg-primary/10' : 'hover:bg-muted',
                )}
                onClick={() => form.setValue('comment', c.text, { shouldDirty: true })}
              >
                {c.text}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field
        label="Comment"
        error={errors.comment?.message}
        hint={`At most ${COMMENT_MAX} characters; leave it empty to clear the comment.`}
      >
        <Textarea rows={3} {...form.register('comment')} />
      </Field>
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel="Save comment" />
    </form>
  );
}
