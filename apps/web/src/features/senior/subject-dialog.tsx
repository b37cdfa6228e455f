import { CORE_OPTIONS, type PathwaysResponse } from '@shule/shared/senior';
import { CORE_OPTION_LABELS } from '@shule/shared/senior-setup';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { useSubjects } from '../../lib/queries/subjects';
import { useAddSeniorSubject } from './senior-api';

/** Where a subject is added: a track's electives, or the core subjects. */
export type SubjectTarget =
  | { kind: 'elective'; trackId: number; trackName: string }
  | { kind: 'core' };

type SubjectForm = { subject: string; name: string; code: string; core_option: string };

/** Adds one of the school's subjects, or a new one, to senior school. */
export function SubjectDialog({
  target,
  lists,
  onOpenChange,
}: {
  target: SubjectTarget | null;
  lists: PathwaysResponse;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog
      open={target != null}
      onOpenChange={onOpenChange}
      title={
        target?.kind === 'elective'
          ? `Add an elective to ${target.trackName}`
          : 'Add a core subject'
      }
      description="One of your school's subjects, or a new one with its name and code."
    >
      {target ? (
        <SubjectFormBody target={target} lists={lists} onDone={() => onOpenChange(false)} />
      ) : (
        <span />
      )}
    </Dialog>
  );
}

function SubjectFormBody({
  target,
  lists,
  onDone,
}: {
  target: SubjectTarget;
  lists: PathwaysResponse;
  onDone(): void;
}) {
  const add = useAddSeniorSubject();
  const subjects = useSubjects();
  const inSenior = new Set([
    ...lists.core.map((s) => s.id),
    ...lists.pathways.flatMap((p) => p.tracks.flatMap((t) => t.subjects.map((s) => s.id))),
  ]);
  const others = (subjects.data ?? []).filter((s) => !inSenior.has(s.id));
  const form = useForm<SubjectForm>({
    defaultValues: { subject: '', name: '', code: '', core_option: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const isNew = form.watch('subject') === '';
  const { submit, failure } = useSaveForm({
    form,
    create: (values) =>
      add.mutateAsync({
        ...(values.subject === ''
          ? { name: values.name, code: values.code }
          : { subject: Number(values.subject) }),
        kind: target.kind,
        ...(target.kind === 'elective'
          ? { track: target.trackId }
          : {
              core_option:
                values.core_option === ''
                  ? null
                  : (values.core_option as (typeof CORE_OPTIONS)[number]),
            }),
      }),
    toasts: {
      created: { title: 'Subject added', description: 'It is a senior-school subject now' },
      notCreated: { title: 'Subject not added', description: (err) => errorMessage(err) },
    },
    onSaved: onDone,
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Subject" error={errors.subject?.message}>
        <Select {...form.register('subject')}>
          <option value="">A new subject</option>
          {others.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.code})
            </option>
          ))}
        </Select>
      </Field>
      {isNew ? (
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field label="Name" error={errors.name?.message}>
            <Input {...form.register('name')} />
          </Field>
          <Field label="Code" error={errors.code?.message}>
            <Input className="uppercase" {...form.register('code')} />
          </Field>
        </div>
      ) : null}
      {target.kind === 'core' ? (
        <Field label="Taken by" error={errors.core_option?.message}>
          <Select {...form.register('core_option')}>
            <option value="">{CORE_OPTION_LABELS.all}</option>
            {CORE_OPTIONS.map((o) => (
              <option key={o} value={o}>
                {CORE_OPTION_LABELS[o]}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <FormFooter busy={isSubmitting} onCancel={onDone} submitLabel="Add" />
    </form>
  );
}
