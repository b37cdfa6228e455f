import { type ClassSummary, levelLabel } from '@shule/shared/cbc-term';
import { formatDateRange } from '@shule/shared/display-dates';
import type { Term } from '@shule/shared/terms';
import { BookOpen, CalendarDays, FileDown, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useClasses } from '../../lib/queries/classes';
import { useTerms } from '../../lib/queries/terms';
import { useIsAdmin } from '../../lib/roles';
import { useClassSummary, useDownloadProgressReports } from './term-api';

/** The term going on, else the last one begun, else the first: what a teacher means by "this term". */
function defaultTerm(terms: readonly Term[]): Term | undefined {
  const ongoing = terms.find((t) => t.status === 'Ongoing');
  if (ongoing) return ongoing;
  const begun = terms
    .filter((t) => t.status === 'Completed')
    .sort((a, b) => b.start_date.localeCompare(a.start_date));
  return begun[0] ?? terms[0];
}

const learners = (n: number) => (n === 1 ? '1 learner' : `${n} learners`);

/** A class's CBC term: per learning area, how many learners at each level and who needs help. */
export function ClassSummaryPage() {
  const classId = Number(useParams().id);
  const classes = useClasses();
  const terms = useTerms();
  const isAdmin = useIsAdmin();
  const [params, setParams] = useSearchParams();
  const cls = classes.data?.find((c) => c.id === classId);

  if (classes.isPending || terms.isPending) return <SkeletonRows rows={5} />;
  if (classes.isError)
    return <LoadError what="the classes" error={classes.error} onRetry={classes.refetch} />;
  if (terms.isError)
    return <LoadError what="the terms" error={terms.error} onRetry={terms.refetch} />;
  if (!cls)
    return (
      <EmptyState
        titleAs="h1"
        title="Class not found"
        hint="It may have been deleted."
        action={
          <Link to="/classes" className={buttonClass('outline')}>
            Back to classes
          </Link>
        }
      />
    );

  const chosen = Number(params.get('term'));
  const term = terms.data.find((t) => t.id === chosen) ?? defaultTerm(terms.data);
  const header = (actions?: ReactNode) => (
    <PageHeader
      title={`${cls.name}: CBC term summary`}
      breadcrumb={[{ label: 'Classes', to: '/classes' }, { label: cls.name }]}
      actions={actions}
    />
  );

  if (!term)
    return (
      <div className="mx-auto max-w-5xl">
        {header()}
        <EmptyState
          icon={<CalendarDays className="h-10 w-10" />}
          title="No terms set up yet"
          hint="A term's levels are read from the assessments dated in it. Set up the school's terms first."
          action={
            isAdmin ? (
              <Link to="/terms" className={buttonClass('outline')}>
                Set up terms
              </Link>
            ) : null
          }
        />
      </div>
    );

  return (
    <div className="mx-auto max-w-5xl">
      {header(<ProgressReportsButton classId={cls.id} className={cls.name} term={term} />)}
      <Field label="Term" className="mb-4 max-w-sm">
        <Select
          value={term.id}
          onChange={(e) => setParams({ term: e.target.value }, { replace: true })}
        >
          {terms.data.map((t) => (
            <option key={t.id} value={t.id}>
              {t.academic_year ? `${t.name} ${t.academic_year.name}` : t.name} (
              {formatDateRange(t.start_date, t.end_date)})
            </option>
          ))}
        </Select>
      </Field>
      <Summary classId={cls.id} term={term} />
    </div>
  );
}

function ProgressReportsButton({
  classId,
  className,
  term,
}: {
  classId: number;
  className: string;
  term: Term;
}) {
  const download = useDownloadProgressReports(classId, term.id);
  const onClick = () =>
    download.mutate(`progress-reports-${className}-${term.name}.pdf`, {
      onError: (err) =>
        toast({
          title: 'Progress reports not made',
          description: errorMessage(err),
          variant: 'destructive',
        }),
    });
  return (
    <Button onClick={onClick} disabled={download.isPending} aria-busy={download.isPending}>
      {download.isPending ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <FileDown className="h-4 w-4" aria-hidden="true" />
      )}
      {download.isPending ? 'Preparing PDF…' : 'Progress reports'}
    </Button>
  );
}

function Summary({ classId, term }: { classId: number; term: Term }) {
  const summary = useClassSummary(classId, term.id);
  if (summary.isPending) return <SkeletonRows rows={6} />;
  if (summary.isError)
    return <LoadError what="the term summary" error={summary.error} onRetry={summary.refetch} />;
  const data = summary.data;
  if (data.learning_areas.length === 0)
    return (
      <EmptyState
        icon={<BookOpen className="h-10 w-10" />}
        title="No learning areas"
        hint={
          data.class.level
            ? `${data.class.level} has no CBC learning areas. Add them from the Classes page, under Levels and curricula.`
            : 'Give the class a CBC level (Grade 8) to assess it by learning area.'
        }
      />
    );
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground">
        {learners(data.learners)} · {data.strand_rule_statement} Each learning area's overall level
        joins its strands and summative assessment.
      </p>
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Learning areas">
        {data.learning_areas.map((area) => (
          <li key={area.id}>
            <AreaCard area={area} learners={data.learners} />
          </li>
        ))}
      </ul>
    </>
  );
}

function AreaCard({
  area,
  learners: total,
}: {
  area: ClassSummary['learning_areas'][number];
  learners: number;
}) {
  const assessed = total - area.not_assessed;
  const headingId = `area-${area.id}`;
  return (
    <Card className="h-full p-4">
      <section aria-labelledby={headingId}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id={headingId} className="font-semibold">
            {area.name}
          </h2>
          <span className="text-sm text-muted-foreground">
            {assessed} of {total} assessed
          </span>
        </div>
        {assessed === 0 ? (
          <p className="text-sm text-muted-foreground">No levels recorded this term yet.</p>
        ) : (
          <ul className="space-y-1.5" aria-label={`Learners at each level in ${area.name}`}>
            {area.counts.map((c) => (
              <li key={c.level} className="grid grid-cols-[3rem_1fr_2rem] items-center gap-2">
                <span className="font-semibold tabular-nums">{c.level}</span>
                <span className="min-w-0">
                  <span className="block truncate text-xs text-muted-foreground">{c.words}</span>
                  <span className="mt-0.5 block h-1.5 overflow-hidden rounded-full bg-muted">
                    <span
                      className={`block h-full rounded-full ${c.level.startsWith('BE') ? 'bg-red-500' : 'bg-primary'}`}
                      style={{ width: `${assessed === 0 ? 0 : (c.count / assessed) * 100}%` }}
                    />
                  </span>
                </span>
                <span className="text-right tabular-nums">{c.count}</span>
              </li>
            ))}
          </ul>
        )}
        {area.not_assessed > 0 && assessed > 0 ? (
          <p className="mt-2 text-xs text-muted-foreground">
            Not assessed or absent: {area.not_assessed}
          </p>
        ) : null}
        {assessed === 0 ? null : (
          <div className="mt-3 border-t pt-3">
            <h3 className="text-sm font-medium">Below expectations</h3>
            {area.below_expectations.length === 0 ? (
              <p className="text-sm text-muted-foreground">No learner.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {area.below_expectations.map((l) => (
                  <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <Link
                      to={`/students/${l.id}`}
                      className="font-medium text-primary hover:underline"
                    >
                      {l.name}
                    </Link>
                    <span className="text-xs text-red-700">{levelLabel(l.level)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
    </Card>
  );
}
