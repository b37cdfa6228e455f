import { requiredText } from '@shule/shared/fields';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { zodResolver } from '../../lib/zod-resolver';

const nameForm = z.object({
  name: requiredText('Name', { max: 60 }),
  core_mathematics: z.boolean().optional(),
});
type NameForm = z.input<typeof nameForm>;
type NameValues = z.output<typeof nameForm>;

export interface NameDialogState {
  title: string;
  label: string;
  name: string;
  /** A pathway's: whether its learners take Core Mathematics. */
  coreMathematics?: boolean;
  save(values: NameValues): Promise<unknown>;
  done: string;
}

/** Names a track, or a pathway with its Core Mathematics flag. */
export function NameDialog({
  state,
  onOpenChange,
}: {
  state: NameDialogState | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={state != null} onOpenChange={onOpenChange} title={state?.title ?? ''}>
      {state ? <NameFormBody state={state} onDone={() => onOpenChange(false)} /> : <span />}
    </Dialog>
  );
}

function NameFormBody({ state, onDone }: { state: NameDialogState; onDone(): void }) {
  const form = useForm<NameForm, unknown, NameValues>({
    resolver: zodResolver(nameForm),
    defaultValues: { name: state.name, core_mathematics: state.coreMathematics },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useSaveForm({
    form,
    create: (values) => state.save(values),
    toasts: {
      created: { title: state.done, description: (_, values) => values.name },
      notCreated: { title: 'Not saved', description: (err) => errorMessage(err) },
    },
    onSaved: onDone,
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label={state.label} error={errors.name?.message}>
        <Input {...form.register('name')} />
      </Field>
      {state.coreMathematics === undefined ? null : (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" {...form.register('core_mathematics')} />
          <span>Its learners take Core Mathematics (STEM does)</span>
        </label>
      )}
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel="Save" />
    </form>
  );
}
