import { levelLabel } from '@shule/shared/cbc-assessments';
import {
  type CommentBankBody,
  type CommentBankEntry,
  commentBankBody,
  RATING_LEVELS,
  type RatingLevel,
} from '@shule/shared/cbc-report-inputs';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminOnlyPage } from '../../components/admin-only';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Select, Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { RowActions } from '../../components/ui/row-actions';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { zodResolver } from '../../lib/zod-resolver';
import {
  useAddBankComment,
  useCommentBank,
  useDeleteBankComment,
  useUpdateBankComment,
} from './report-inputs-api';

const title = 'Comment bank';

/**
 * The school's comment bank: the comments its teachers choose from for a learner's progress
 * report, by level. An administrator adds, edits and removes them.
 */
export function CommentBankPage() {
  return (
    <AdminOnlyPage
      title={title}
      hint="Teachers choose from the bank on a learning area's comments page; an administrator edits it."
      className="mx-auto max-w-3xl"
    >
      <CommentBank />
    </AdminOnlyPage>
  );
}

function CommentBank() {
  const bank = useCommentBank();
  const remove = useDeleteBankComment();
  const [dialog, setDialog] = useState<{
    level: RatingLevel;
    editing: CommentBankEntry | null;
  } | null>(null);
  const [deleting, setDeleting] = useState<CommentBankEntry | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Comment removed', variant: 'success' }),
      onError: (err) =>
        toast({ title: 'Not removed', description: errorMessage(err), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={title}
        breadcrumb={[{ label: 'Classes', to: '/classes' }, { label: title }]}
      />
      <p className="mb-4 text-sm text-muted-foreground">
        Teachers pick a comment at a learner's level for each learning area on the progress report,
        or type their own.
      </p>
      {bank.isPending ? (
        <SkeletonRows rows={6} />
      ) : bank.isError ? (
        <LoadError what="the comment bank" error={bank.error} onRetry={bank.refetch} />
      ) : (
        <div className="space-y-4">
          {RATING_LEVELS.map((level) => {
            const comments = bank.data.filter((c) => c.level === level);
            return (
              <Card key={level} className="p-4">
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-base font-semibold">{levelLabel(level)}</h2>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Add a comment at ${level}`}
                    onClick={() => setDialog({ level, editing: null })}
                  >
                    <Plus className="h-4 w-4" aria-hidden="true" />
                    Add a comment
                  </Button>
                </div>
                {comments.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    No comments at {level} yet: teachers type their own.
                  </p>
                ) : (
                  <ul className="divide-y" aria-label={`Comments at ${level}`}>
                    {comments.map((c) => (
                      <li key={c.id} className="flex items-center justify-between gap-2 py-1">
                        <span className="min-w-0 break-words text-sm">{c.text}</span>
                        <RowActions
                          look="icon"
                          name={c.text}
                          onEdit={() => setDialog({ level, editing: c })}
                          onDelete={() => setDeleting(c)}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            );
          })}
        </div>
      )}
      <Dialog
        open={dialog != null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.editing ? 'Edit comment' : 'Add a comment'}
        description="Plain words a parent understands, about the learner's work."
      >
        {dialog ? (
          <BankCommentForm
            level={dialog.level}
            editing={dialog.editing}
            onDone={() => setDialog(null)}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Remove this comment?"
        description={
          deleting
            ? `"${deleting.text}" leaves the bank. Comments already given to learners stay as written.`
            : ''
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function BankCommentForm({
  level,
  editing,
  onDone,
}: {
  level: RatingLevel;
  editing: CommentBankEntry | null;
  onDone(): void;
}) {
  const add = useAddBankComment();
  const update = useUpdateBankComment();
  const form = useForm<CommentBankBody, unknown, { level: RatingLevel; text: string }>({
    resolver: zodResolver(commentBankBody),
    defaultValues: { level: editing?.level ?? level, text: editing?.text ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useSaveForm({
    form,
    editing,
    create: (values) => add.mutateAsync(values),
    update: (entry, values) => update.mutateAsync({ id: entry.id, ...values }),
    toasts: {
      created: { title: 'Comment added', description: (saved) => `Added at ${saved.level}` },
      updated: { title: 'Comment saved', description: (saved) => `Saved at ${saved.level}` },
      notCreated: {
        title: 'Comment not added',
        description: (err) => errorMessage(err, 'The comment could not be added'),
      },
      notUpdated: {
        title: 'Comment not saved',
        description: (err) => errorMessage(err, 'The comment could not be saved'),
      },
    },
    onSaved: onDone,
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Level" error={errors.level?.message}>
        <Select
          value={form.watch('level')}
          onChange={(e) => form.setValue('level', e.target.value, { shouldDirty: true })}
        >
          {RATING_LEVELS.map((code) => (
            <option key={code} value={code}>
              {levelLabel(code)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Comment" error={errors.text?.message}>
        <Textarea rows={3} {...form.register('text')} />
      </Field>
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel={editing ? 'Save' : 'Add'} />
    </form>
  );
}
