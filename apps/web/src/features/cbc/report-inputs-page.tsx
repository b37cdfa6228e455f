import {
  type ProgressReportInputs,
  type RatingLevel,
  type RemarksForm,
  type ReportInputsResponse,
  remarksFormSchema,
  type SaveRatingsBody,
} from '@shule/shared/cbc-report-inputs';
import { defaultTerm } from '@shule/shared/terms';
import { ChevronLeft, ChevronRight, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Select, Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { useTerms } from '../../lib/queries/terms';
import { zodResolver } from '../../lib/zod-resolver';
import { RatingButtons } from './rating-buttons';
import { useReportInputs, useSaveRatings, useSaveRemarks } from './report-inputs-api';

type Learner = ReportInputsResponse['learners'][number];
type RatedName = SaveRatingsBody['entries'][number]['name'];

const ratedCount = (inputs: ProgressReportInputs) =>
  [...inputs.competencies, ...inputs.values].filter((r) => r.level !== null).length;

/**
 * The class teacher's part of a class's progress reports for a term, one learner at a time on a
 * phone: each core competency and value tapped on the four-level rubric (saved at each tap), and
 * the class teacher's and (an administrator's) head teacher's remarks.
 */
export function ReportInputsPage() {
  const classId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const terms = useTerms();
  const chosen = Number(search.get('term')) || undefined;
  const termId = chosen ?? (terms.data ? defaultTerm(terms.data)?.id : undefined);
  const inputs = useReportInputs(classId, termId);
  const className = inputs.data?.class.name;

  let body: React.ReactNode;
  if (terms.isPending || (termId !== undefined && inputs.isPending))
    body = <SkeletonRows rows={6} />;
  else if (terms.isError)
    body = <LoadError what="the terms" error={terms.error} onRetry={terms.refetch} />;
  else if (termId === undefined)
    body = (
      <EmptyState
        title="No terms yet"
        hint="Competencies, values and remarks are written for a term. An administrator adds the school's terms first."
        action={
          <Link to="/terms" className={buttonClass('outline')}>
            Terms
          </Link>
        }
      />
    );
  else if (inputs.isError)
    body = <LoadError what="the class's reports" error={inputs.error} onRetry={inputs.refetch} />;
  else if (inputs.data!.learners.length === 0)
    body = (
      <EmptyState
        icon={<Users className="h-10 w-10" />}
        title="No learners in this class"
        hint="Learners admitted to the class appear here."
      />
    );
  else body = <Learners data={inputs.data!} termId={termId} />;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={`${className ?? 'Class'}: competencies, values and remarks`}
        breadcrumb={[{ label: 'Classes', to: '/classes' }, { label: className ?? 'Class' }]}
      />
      {terms.data && terms.data.length > 0 ? (
        <Field label="Term" className="mb-4 max-w-xs">
          <Select
            value={termId ?? ''}
            onChange={(e) => setSearch({ term: e.target.value }, { replace: true })}
          >
            {terms.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {body}
    </div>
  );
}

function Learners({ data, termId }: { data: ReportInputsResponse; termId: number }) {
  const [index, setIndex] = useState(0);
  const at = Math.min(index, data.learners.length - 1);
  const learner = data.learners[at]!;
  const total = data.learners.length;
  return (
    <div className="space-y-4">
      {data.may_write.ratings ? null : (
        <Alert tone="info">
          Only the class teacher of {data.class.name} or an administrator can rate competencies and
          values and write the class teacher's remark.
        </Alert>
      )}
      <div className="flex items-end gap-2">
        <Field label="Learner" className="min-w-0 flex-1">
          <Select value={learner.id} onChange={(e) => setIndex(Number(e.target.selectedIndex))}>
            {data.learners.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({ratedCount(l.inputs)} of{' '}
                {l.inputs.competencies.length + l.inputs.values.length} rated)
              </option>
            ))}
          </Select>
        </Field>
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous learner"
          disabled={at === 0}
          onClick={() => setIndex(at - 1)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next learner"
          disabled={at === total - 1}
          onClick={() => setIndex(at + 1)}
        >
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Learner {at + 1} of {total}, admission number {learner.admission_number}
      </p>
      <LearnerRatings
        key={`${learner.id}:${termId}`}
        classId={data.class.id}
        termId={termId}
        learner={learner}
        mayRate={data.may_write.ratings}
      />
      <RemarksCard
        key={`remarks:${learner.id}:${termId}`}
        classId={data.class.id}
        termId={termId}
        learner={learner}
        mayWrite={data.may_write}
        onNext={at < total - 1 ? () => setIndex(at + 1) : undefined}
      />
    </div>
  );
}

function LearnerRatings({
  classId,
  termId,
  learner,
  mayRate,
}: {
  classId: number;
  termId: number;
  learner: Learner;
  mayRate: boolean;
}) {
  const save = useSaveRatings(classId);
  // The level tapped shows at once; the saved answer replaces it, a failure puts it back.
  const [pending, setPending] = useState<Record<string, RatingLevel | null>>({});
  const rate = (name: string, level: RatingLevel | null) => {
    setPending((was) => ({ ...was, [name]: level }));
    save.mutate(
      { term: termId, entries: [{ student: learner.id, name: name as RatedName, level }] },
      {
        onError: (err) =>
          toast({
            title: 'Not saved',
            description: errorMessage(err, `${name} could not be saved`),
            variant: 'destructive',
          }),
        onSettled: () => setPending(({ [name]: _done, ...rest }) => rest),
      },
    );
  };
  const shown = (r: { name: string; level: string | null }) =>
    r.name in pending ? pending[r.name]! : r.level;
  const group = (title: string, items: { name: string; level: string | null }[]) => (
    <Card className="space-y-4 p-4">
      <h2 className="text-base font-semibold">{title}</h2>
      {items.map((r) => (
        <RatingButtons
          key={r.name}
          label={r.name}
          value={shown(r)}
          disabled={!mayRate}
          onChange={(level) => rate(r.name, level)}
        />
      ))}
    </Card>
  );
  return (
    <>
      <h2 className="sr-only">{learner.name}</h2>
      {group('Core competencies', learner.inputs.competencies)}
      {group('Values', learner.inputs.values)}
    </>
  );
}

function RemarksCard({
  classId,
  termId,
  learner,
  mayWrite,
  onNext,
}: {
  classId: number;
  termId: number;
  learner: Learner;
  mayWrite: ReportInputsResponse['may_write'];
  onNext?: () => void;
}) {
  const save = useSaveRemarks(classId);
  const form = useForm<RemarksForm, unknown, RemarksForm>({
    resolver: zodResolver(remarksFormSchema),
    defaultValues: {
      class_teacher_remark: learner.inputs.class_teacher_remark ?? '',
      head_teacher_remark: learner.inputs.head_teacher_remark ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useSaveForm({
    form,
    create: (values) =>
      save.mutateAsync({
        term: termId,
        entries: [
          {
            student: learner.id,
            ...(mayWrite.ratings ? { class_teacher_remark: values.class_teacher_remark } : {}),
            ...(mayWrite.head_teacher_remark
              ? { head_teacher_remark: values.head_teacher_remark }
              : {}),
          },
        ],
      }),
    toasts: {
      created: { title: 'Remarks saved', description: `${learner.name}'s remarks saved` },
      notCreated: {
        title: 'Remarks not saved',
        description: (err) => errorMessage(err, 'The remarks could not be saved'),
      },
    },
    onSaved: () => onNext?.(),
  });
  const mayWriteAny = mayWrite.ratings || mayWrite.head_teacher_remark;
  return (
    <Card className="p-4">
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 className="text-base font-semibold">Remarks</h2>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label="Class teacher's remark" error={errors.class_teacher_remark?.message}>
          <Textarea
            rows={3}
            readOnly={!mayWrite.ratings}
            {...form.register('class_teacher_remark')}
          />
        </Field>
        <Field
          label="Head teacher's remark"
          error={errors.head_teacher_remark?.message}
          hint={mayWrite.head_teacher_remark ? undefined : 'Written by the head teacher'}
        >
          <Textarea
            rows={3}
            readOnly={!mayWrite.head_teacher_remark}
            {...form.register('head_teacher_remark')}
          />
        </Field>
        {mayWriteAny ? (
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
              {isSubmitting ? '... Loading' : onNext ? 'Save and next learner' : 'Save remarks'}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
