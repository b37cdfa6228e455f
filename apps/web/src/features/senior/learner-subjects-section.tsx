import { todayIn } from '@shule/shared/school-time';
import {
  isSeniorLevel,
  LANGUAGE_CHOICES,
  LANGUAGE_LABELS,
  type LearnerSubjectsBody,
  learnerSubjectsBody,
  MATHEMATICS_CHOICES,
  MATHEMATICS_LABELS,
} from '@shule/shared/senior';
import type { LearnerSubjects } from '@shule/shared/senior-choices';
import type { StudentDetail } from '@shule/shared/students';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { useClasses } from '../../lib/queries/classes';
import { zodResolver } from '../../lib/zod-resolver';
import { useCombinations, usePathways } from './senior-api';
import { useLearnerSubjects, useSaveLearnerSubjects } from './stream-subjects-api';

/**
 * A Grade 10-12 learner's subjects on their page: the current pathway, combination, mathematics
 * and language with the subjects they make, the history of changes, and (an admin) a change
 * from a date.
 */
export function LearnerSubjectsSection({
  student,
  isAdmin,
}: {
  student: StudentDetail;
  isAdmin: boolean;
}) {
  const classes = useClasses();
  const level = classes.data?.find((c) => c.id === student._class.id)?.level ?? null;
  const senior = isSeniorLevel(level);
  const subjects = useLearnerSubjects(student.id, senior);
  const [changing, setChanging] = useState(false);
  if (!senior) return null;

  let body: React.ReactNode;
  if (subjects.isPending) body = <SkeletonRows rows={2} />;
  else if (subjects.isError)
    body = <LoadError what="the subjects" error={subjects.error} onRetry={subjects.refetch} />;
  else body = <Choice data={subjects.data} />;

  return (
    <section
      aria-labelledby="learner-subjects"
      className="rounded-lg border bg-background p-5 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="learner-subjects" className="text-base font-semibold">
          Subjects
        </h2>
        {isAdmin && subjects.data ? (
          <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {subjects.data.current ? 'Change' : 'Choose'}
          </Button>
        ) : null}
      </div>
      {body}
      {isAdmin && subjects.data ? (
        <ChangeDialog
          open={changing}
          onOpenChange={setChanging}
          studentId={student.id}
          name={`${student.first_name} ${student.last_name}`}
          current={subjects.data.current}
        />
      ) : null}
    </section>
  );
}

function Choice({ data }: { data: LearnerSubjects }) {
  const { current, history } = data;
  if (!current)
    return (
      <p className="text-sm text-muted-foreground">
        No pathway or combination chosen yet. The learner takes the class's subjects until one is.
      </p>
    );
  const facts = [
    { label: 'Pathway', value: current.pathway_name },
    { label: 'Combination', value: current.combination_name },
    { label: 'Mathematics', value: MATHEMATICS_LABELS[current.mathematics] },
    { label: 'Language', value: LANGUAGE_LABELS[current.language] },
    { label: 'From', value: current.from },
  ];
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
        {facts.map((f) => (
          <div key={f.label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className="break-words font-medium">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="mb-1 text-xs text-muted-foreground">Takes</h3>
        <ul className="flex flex-wrap gap-1.5" aria-label="Subjects taken">
          {current.subjects.map((s) => (
            <li key={s.id} className="rounded-full border px-2.5 py-0.5 text-xs">
              {s.name}
            </li>
          ))}
        </ul>
      </div>
      {history.length > 1 ? (
        <div>
          <h3 className="mb-1 text-xs text-muted-foreground">History</h3>
          <ol className="space-y-1" aria-label="History of choices">
            {history.map((h) => (
              <li key={`${h.from}-${h.set_at}`} className="text-sm">
                From {h.from}: {h.pathway_name}, {h.combination_name},{' '}
                {MATHEMATICS_LABELS[h.mathematics]}, {LANGUAGE_LABELS[h.language]}
                <span className="text-muted-foreground">
                  {' '}
                  · set by {h.set_by_name ?? 'a removed user'} on {h.set_at.slice(0, 10)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

type FormValues = {
  pathway: string;
  combination: string;
  mathematics: string;
  language: string;
  from: string;
};

function ChangeDialog({
  open,
  onOpenChange,
  studentId,
  name,
  current,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  studentId: number;
  name: string;
  current: LearnerSubjects['current'];
}) {
  const pathways = usePathways();
  const combinations = useCombinations();
  const save = useSaveLearnerSubjects(studentId);
  const form = useForm<FormValues, unknown, z.output<typeof learnerSubjectsBody>>({
    resolver: zodResolver(learnerSubjectsBody) as never,
    defaultValues: {
      pathway: current ? String(current.pathway) : '',
      combination: current ? String(current.combination) : '',
      mathematics: current?.mathematics ?? '',
      language: current?.language ?? 'KIS',
      from: todayIn(),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useSaveForm({
    form,
    create: (values: LearnerSubjectsBody) => save.mutateAsync(values),
    toasts: {
      created: { title: 'Subjects saved', description: `${name}'s subjects are saved` },
      notCreated: {
        title: 'Subjects not saved',
        description: (err) => errorMessage(err, 'The subjects could not be saved'),
      },
    },
    onSaved: () => onOpenChange(false),
  });
  const pathway = form.watch('pathway');
  const ofPathway = (combinations.data ?? []).filter((c) => String(c.pathway) === pathway);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${name}: subjects`}
      description="A change counts from its date; marks already entered stay."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label="Pathway" error={errors.pathway?.message}>
          <Select
            {...form.register('pathway', {
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                const chosen = pathways.data?.pathways.find((p) => String(p.id) === e.target.value);
                form.setValue('combination', '');
                if (chosen)
                  form.setValue('mathematics', chosen.core_mathematics ? 'core' : 'essential');
              },
            })}
          >
            <option value="">Choose…</option>
            {(pathways.data?.pathways ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Combination" error={errors.combination?.message}>
          <Select {...form.register('combination')} disabled={!pathway}>
            <option value="">{pathway ? 'Choose…' : 'Pathway first'}</option>
            {ofPathway.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.subjects.map((s) => s.name).join(', ')})
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Mathematics" error={errors.mathematics?.message}>
            <Select {...form.register('mathematics')}>
              <option value="">Choose…</option>
              {MATHEMATICS_CHOICES.map((m) => (
                <option key={m} value={m}>
                  {MATHEMATICS_LABELS[m]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Language" error={errors.language?.message}>
            <Select {...form.register('language')}>
              {LANGUAGE_CHOICES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_LABELS[l]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label="From" error={errors.from?.message}>
          <Input type="date" {...form.register('from')} />
        </Field>
        <FormFooter busy={isSubmitting} submitLabel="Save" onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}
