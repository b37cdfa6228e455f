import { todayIn } from '@shule/shared/school-time';
import {
  type Combination,
  LANGUAGE_CHOICES,
  LANGUAGE_LABELS,
  MATHEMATICS_CHOICES,
  MATHEMATICS_LABELS,
  type Pathway,
} from '@shule/shared/senior';
import type { ClassSubjects } from '@shule/shared/senior-choices';
import { Upload, Users } from 'lucide-react';
import { cloneElement, useId } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input, Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useSaveForm } from '../../components/use-save-form';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useIsAdmin } from '../../lib/roles';
import { useCombinations, usePathways } from './senior-api';
import { useSaveStreamSubjects, useStreamSubjects } from './stream-subjects-api';

/** One learner's selects as the form holds them ('' when none is chosen). */
export interface StreamRow {
  student: number;
  pathway: string;
  combination: string;
  mathematics: string;
  language: string;
}
export interface StreamForm {
  from: string;
  students: StreamRow[];
  all: Omit<StreamRow, 'student'>;
}

const EMPTY = { pathway: '', combination: '', mathematics: '', language: '' };

export const rowOf = (learner: ClassSubjects['students'][number]): StreamRow =>
  learner.choice
    ? {
        student: learner.id,
        pathway: String(learner.choice.pathway),
        combination: String(learner.choice.combination),
        mathematics: learner.choice.mathematics,
        language: learner.choice.language,
      }
    : { student: learner.id, ...EMPTY };

/**
 * The rows to send: those with a pathway and combination chosen that differ from the learner's
 * current choice, each with its index on the screen (a refusal names the row sent).
 */
export function changedRows(data: ClassSubjects, rows: StreamRow[]) {
  return rows.flatMap((row, index) => {
    if (!row.pathway || !row.combination) return [];
    const was = rowOf(data.students[index]!);
    const same =
      was.pathway === row.pathway &&
      was.combination === row.combination &&
      was.mathematics === row.mathematics &&
      was.language === row.language;
    return same ? [] : [{ row, index }];
  });
}

/** A row's select is narrow: "Core", "Essential". */
const SHORT_MATHEMATICS = { core: 'Core', essential: 'Essential' } as const;

/** The mathematics a learner of this pathway takes unless the school allows otherwise. */
const mathematicsOf = (pathway: Pathway | undefined) =>
  pathway ? (pathway.core_mathematics ? 'core' : 'essential') : '';

/**
 * A Grade 10-12 stream's subjects: each learner's pathway, combination, mathematics and
 * language, set one by one or for the whole stream, saved together from a date.
 */
export function StreamSubjectsPage() {
  const classId = Number(useParams().id);
  const stream = useStreamSubjects(classId);
  const pathways = usePathways();
  const combinations = useCombinations();
  const isAdmin = useIsAdmin();
  const className = stream.data?.class.name ?? 'Class';

  let body: React.ReactNode;
  if (stream.isPending || pathways.isPending || combinations.isPending)
    body = <SkeletonRows rows={6} />;
  else if (stream.isError)
    body = <LoadError what="the stream" error={stream.error} onRetry={stream.refetch} />;
  else if (pathways.isError)
    body = <LoadError what="the pathways" error={pathways.error} onRetry={pathways.refetch} />;
  else if (combinations.isError)
    body = (
      <LoadError
        what="the combinations"
        error={combinations.error}
        onRetry={combinations.refetch}
      />
    );
  else if (!stream.data.senior)
    body = (
      <EmptyState
        title="Not a senior-school stream"
        hint={`Pathways and combinations are chosen in Grades 10-12. ${className} takes the class's subjects.`}
      />
    );
  else if (stream.data.students.length === 0)
    body = (
      <EmptyState
        icon={<Users className="h-10 w-10" />}
        title="No learners in this stream"
        hint="Learners admitted to the stream appear here."
      />
    );
  else if (combinations.data.length === 0)
    body = (
      <EmptyState
        title="No combinations yet"
        hint="An administrator adds the school's approved subject combinations first."
      />
    );
  else
    body = (
      <StreamForm
        key={stream.dataUpdatedAt}
        data={stream.data}
        pathways={pathways.data.pathways}
        combinations={combinations.data}
      />
    );

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={`${className}: subjects`}
        breadcrumb={[{ label: 'Classes', to: '/classes' }, { label: className }]}
        actions={
          isAdmin ? (
            <Link to="/senior/choices/import" className={buttonClass('outline')}>
              <Upload className="mr-2 h-4 w-4" aria-hidden="true" />
              Import choices
            </Link>
          ) : undefined
        }
      />
      {body}
    </div>
  );
}

function StreamForm({
  data,
  pathways,
  combinations,
}: {
  data: ClassSubjects;
  pathways: Pathway[];
  combinations: Combination[];
}) {
  const isAdmin = useIsAdmin();
  const save = useSaveStreamSubjects(data.class.id);
  const form = useForm<StreamForm>({
    defaultValues: { from: todayIn(), students: data.students.map(rowOf), all: EMPTY },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'students', keyName: 'key' });
  const { isSubmitting } = form.formState;
  const { submit, failure } = useSaveForm({
    form,
    create: async (values: StreamForm) => {
      const changed = changedRows(data, values.students);
      if (changed.length === 0)
        throw new ApiError('Nothing has changed: choose a combination for a learner first', 400);
      try {
        return await save.mutateAsync({
          students: changed.map(({ row }) => ({
            student: row.student,
            pathway: Number(row.pathway),
            combination: Number(row.combination),
            mathematics: row.mathematics as 'core',
            language: row.language as 'KIS',
            from: values.from,
          })),
        });
      } catch (err) {
        // The refusal names the rows sent; the screen shows each on its own row.
        if (err instanceof ApiError && err.errors) {
          const errors: Record<string, string[]> = {};
          for (const [path, messages] of Object.entries(err.errors)) {
            const m = path.match(/^students\.(\d+)\.(\w+)$/);
            const at = m ? changed[Number(m[1])] : undefined;
            if (m && at) errors[`students.${at.index}.${m[2]}`] = messages;
            else errors[path] = messages;
          }
          throw new ApiError(err.message, err.status, err.code, errors);
        }
        throw err;
      }
    },
    toasts: {
      created: {
        title: 'Subjects saved',
        description: `${data.class.name}'s subjects are saved`,
      },
      notCreated: {
        title: 'Subjects not saved',
        description: (err) => errorMessage(err, 'The subjects could not be saved'),
      },
    },
    onSaved: () => {},
  });

  const setAll = () => {
    const all = form.getValues('all');
    if (!all.pathway) return;
    form.getValues('students').forEach((_, i) => {
      form.setValue(`students.${i}.pathway`, all.pathway, { shouldDirty: true });
      form.setValue(`students.${i}.combination`, all.combination, { shouldDirty: true });
      form.setValue(`students.${i}.mathematics`, all.mathematics, { shouldDirty: true });
      form.setValue(`students.${i}.language`, all.language || 'KIS', { shouldDirty: true });
      form.clearErrors(`students.${i}`);
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {isAdmin ? null : (
        <Alert tone="info">Only an administrator sets learners' pathways and combinations.</Alert>
      )}
      {isAdmin ? (
        <Card className="space-y-3 p-4">
          <h2 className="text-base font-semibold">Set all</h2>
          <p className="text-sm text-muted-foreground">
            Choose for the whole stream, then change the learners who differ.
          </p>
          <ChoiceSelects
            form={form}
            prefix="all"
            pathways={pathways}
            combinations={combinations}
            labelled
          />
          <div className="flex justify-end">
            <Button variant="outline" onClick={setAll} className="w-full sm:w-auto">
              Set all {data.students.length} learners
            </Button>
          </div>
        </Card>
      ) : null}

      <Card className="p-0">
        <div
          aria-hidden="true"
          className="hidden gap-2 border-b px-4 py-2 text-sm font-medium text-muted-foreground md:grid md:grid-cols-[minmax(9rem,1.3fr)_repeat(4,minmax(0,1fr))]"
        >
          <span>Learner</span>
          <span>Pathway</span>
          <span>Combination</span>
          <span>Mathematics</span>
          <span>Language</span>
        </div>
        <ul className="divide-y">
          {fields.map((field, i) => {
            const learner = data.students[i]!;
            const rowErrors = form.formState.errors.students?.[i];
            const refusal =
              rowErrors?.student?.message ??
              rowErrors?.pathway?.message ??
              rowErrors?.combination?.message ??
              rowErrors?.mathematics?.message ??
              rowErrors?.language?.message;
            return (
              <li
                key={field.key}
                className="space-y-2 px-4 py-3"
                aria-invalid={refusal ? true : undefined}
              >
                <div className="grid gap-2 md:grid-cols-[minmax(9rem,1.3fr)_repeat(4,minmax(0,1fr))] md:items-center">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{learner.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {learner.admission_number}
                      {learner.choice ? ` · from ${learner.choice.from}` : ' · no choice yet'}
                    </p>
                  </div>
                  <ChoiceSelects
                    form={form}
                    prefix={`students.${i}`}
                    pathways={pathways}
                    combinations={combinations}
                    learnerName={learner.name}
                    readOnly={!isAdmin}
                  />
                </div>
                {refusal ? (
                  <p role="alert" className="text-sm text-destructive">
                    {refusal}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Card>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {isAdmin ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-end">
          <Field label="From (the choices count from this date)" className="sm:w-72">
            <Input type="date" required {...form.register('from')} />
          </Field>
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? '... Loading' : 'Save'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * The four selects of a choice: a combination of the chosen pathway only, and the mathematics
 * the pathway takes when the pathway changes. Labelled on a phone (rows stack) and for screen
 * readers; the table's header names them on a wide screen.
 */
function ChoiceSelects({
  form,
  prefix,
  pathways,
  combinations,
  labelled = false,
  learnerName,
  readOnly = false,
}: {
  form: UseFormReturn<StreamForm>;
  prefix: 'all' | `students.${number}`;
  pathways: Pathway[];
  combinations: Combination[];
  labelled?: boolean;
  learnerName?: string;
  readOnly?: boolean;
}) {
  const id = useId();
  // Controlled, so a value set with its options (set all, a pathway's combinations) shows.
  const [pathway, combination, mathematics, language] = form.watch([
    `${prefix}.pathway`,
    `${prefix}.combination`,
    `${prefix}.mathematics`,
    `${prefix}.language`,
  ]);
  const ofPathway = combinations.filter((c) => String(c.pathway) === pathway);
  const field = (name: 'pathway' | 'combination' | 'mathematics' | 'language', label: string) => ({
    id: `${id}-${name}`,
    label,
    aria: learnerName ? `${label} of ${learnerName}` : label,
  });
  const selects = [
    {
      ...field('pathway', 'Pathway'),
      control: (
        <Select
          value={pathway}
          {...form.register(`${prefix}.pathway`, {
            onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
              const chosen = pathways.find((p) => String(p.id) === e.target.value);
              form.setValue(`${prefix}.combination`, '');
              form.setValue(`${prefix}.mathematics`, mathematicsOf(chosen));
              if (!form.getValues(`${prefix}.language`)) form.setValue(`${prefix}.language`, 'KIS');
            },
          })}
        >
          <option value="">Choose…</option>
          {pathways.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      ),
    },
    {
      ...field('combination', 'Combination'),
      control: (
        <Select value={combination} {...form.register(`${prefix}.combination`)} disabled={!pathway}>
          <option value="">{pathway ? 'Choose…' : 'Pathway first'}</option>
          {ofPathway.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      ),
    },
    {
      ...field('mathematics', 'Mathematics'),
      control: (
        <Select value={mathematics} {...form.register(`${prefix}.mathematics`)}>
          <option value="">Choose…</option>
          {MATHEMATICS_CHOICES.map((m) => (
            <option key={m} value={m}>
              {labelled ? MATHEMATICS_LABELS[m] : SHORT_MATHEMATICS[m]}
            </option>
          ))}
        </Select>
      ),
    },
    {
      ...field('language', 'Language'),
      control: (
        <Select value={language} {...form.register(`${prefix}.language`)}>
          <option value="">Choose…</option>
          {LANGUAGE_CHOICES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_LABELS[l]}
            </option>
          ))}
        </Select>
      ),
    },
  ];
  const wrap = labelled
    ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4'
    : 'contents max-md:grid max-md:grid-cols-2 max-md:gap-2';
  return (
    <div className={wrap}>
      {selects.map((s) => (
        <div key={s.id} className="min-w-0 space-y-1">
          <label
            htmlFor={s.id}
            className={
              labelled
                ? 'block text-sm font-medium'
                : 'block text-xs text-muted-foreground md:sr-only'
            }
          >
            {s.label}
          </label>
          {cloneSelect(s.control, s.id, s.aria, readOnly)}
        </div>
      ))}
    </div>
  );
}

const cloneSelect = (
  control: React.ReactElement<Record<string, unknown>>,
  id: string,
  aria: string,
  readOnly: boolean,
) =>
  cloneElement(control, {
    id,
    'aria-label': aria,
    ...(readOnly ? { disabled: true } : {}),
  });
