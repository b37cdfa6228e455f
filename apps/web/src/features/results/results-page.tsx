import type { Exam } from '@shule/shared/exams';
import { classSitsExam } from '@shule/shared/exams';
import type { ExamAnalysis } from '@shule/shared/results/analysis';
import { analysisFileName } from '@shule/shared/results/analysis';
import { analysisTables } from '@shule/shared/results/analysis-tables';
import { GRADING_SCHEME_LABELS } from '@shule/shared/results/scheme';
import { isSeniorLevel } from '@shule/shared/senior';
import { BarChart3, NotebookPen } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton, SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useClasses } from '../../lib/queries/classes';
import { useExams } from '../../lib/queries/exams';
import { useIsAdmin } from '../../lib/roles';
import { AnalysisTableCard } from './analysis-table';
import { DownloadPdfButton } from './download-pdf-button';
import { useAnalysis, useDownloadAnalysisPdf } from './get-analysis';
import type { MeritListScope } from './get-merit-list';
import { ResultsSmsButton } from './results-sms-button';
import { SeniorAnalysisSection } from './senior-analysis-section';

// Chart.js loads after the tables' data, and only on this screen.
const AnalysisCharts = lazy(async () => ({
  default: (await import('./analysis-charts')).AnalysisCharts,
}));

type SchoolClass = { id: number; name: string; level: string | null };

/** ?level=Form%204 or ?class=12; null for neither. */
function scopeOf(params: URLSearchParams): MeritListScope | null {
  const level = params.get('level')?.trim();
  if (level) return { level };
  const classId = Number(params.get('class'));
  return Number.isInteger(classId) && classId > 0 ? { class: classId } : null;
}

const scopeValue = (scope: MeritListScope | null) =>
  scope === null ? '' : 'class' in scope ? `class:${scope.class}` : `level:${scope.level}`;

/** The levels and the streams that sit an exam: a level's streams are analysed together. */
function scopesOf(exam: Exam | undefined, classes: readonly SchoolClass[]) {
  const sitting = exam ? classes.filter((c) => classSitsExam(exam, c)) : [];
  const levels = [...new Set(sitting.flatMap((c) => (c.level ? [c.level] : [])))].sort();
  const streams = [...sitting].sort(
    (a, b) => (a.level ?? '').localeCompare(b.level ?? '') || a.name.localeCompare(b.name),
  );
  return { levels, streams };
}

/**
 * Results (/results?exam=&level=|class=): the analysis a staff meeting goes through after an
 * exam. Pick an exam (combined ones too) and a level or a stream; the charts, then each table
 * with its CSV, and the whole analysis as an A4 PDF.
 */
export function ResultsPage() {
  const [params, setParams] = useSearchParams();
  const exams = useExams();
  const classes = useClasses();
  const isAdmin = useIsAdmin();
  const sorted = useMemo(
    () =>
      [...(exams.data ?? [])].sort(
        (a, b) => b.start_date.localeCompare(a.start_date) || b.id - a.id,
      ),
    [exams.data],
  );
  const chosenExam = Number(params.get('exam'));
  const exam = sorted.find((e) => e.id === chosenExam) ?? sorted[0];
  const { levels, streams } = scopesOf(exam, classes.data ?? []);
  const scope =
    scopeOf(params) ??
    (levels[0] ? { level: levels[0] } : streams[0] ? { class: streams[0].id } : null);
  const analysis = useAnalysis(exam?.id ?? null, scope);
  const pdf = useDownloadAnalysisPdf(exam?.id ?? null, scope);

  const choose = (next: { exam?: number; scope?: string }) => {
    const examId = next.exam ?? exam?.id;
    const value = next.scope ?? (next.exam === undefined ? scopeValue(scope) : '');
    const search = new URLSearchParams();
    if (examId) search.set('exam', String(examId));
    const [kind, ...rest] = value.split(':');
    if (kind === 'level' || kind === 'class') search.set(kind, rest.join(':'));
    setParams(search, { replace: true });
  };

  const downloadPdf = (data: ExamAnalysis) =>
    pdf.mutate(`${analysisFileName(data)}.pdf`, {
      onError: (err) =>
        toast({
          title: 'The PDF could not be made',
          description: errorMessage(err),
          variant: 'destructive',
        }),
    });

  const hasEntries = (analysis.data?.overall.summary.entries ?? 0) > 0;
  // The classes of the level or the stream shown: their parents can be sent the results.
  const scopeClassIds =
    scope === null
      ? []
      : 'class' in scope
        ? [scope.class]
        : streams.filter((c) => c.level === scope.level).map((c) => c.id);
  const actions =
    analysis.data && hasEntries ? (
      <>
        {isAdmin && exam ? (
          <ResultsSmsButton
            examId={exam.id}
            examName={exam.name}
            scopeName={analysis.data.scope.name}
            classIds={scopeClassIds}
          />
        ) : null}
        <DownloadPdfButton pending={pdf.isPending} onClick={() => downloadPdf(analysis.data)} />
      </>
    ) : null;

  const breadcrumb = [{ label: 'Dashboard', to: '/dashboard' }, { label: 'Results' }];
  if (exams.isPending || classes.isPending) {
    return (
      <div>
        <PageHeader title="Results" breadcrumb={breadcrumb} />
        <div className="space-y-4">
          <Skeleton className="h-10 w-full max-w-xl" />
          <SkeletonRows rows={6} />
        </div>
      </div>
    );
  }
  if (exams.isError || classes.isError) {
    return (
      <div>
        <PageHeader title="Results" breadcrumb={breadcrumb} />
        <LoadError
          what={exams.isError ? 'the exams' : 'the classes'}
          error={exams.error ?? classes.error}
          onRetry={() => (exams.isError ? exams.refetch() : classes.refetch())}
        />
      </div>
    );
  }
  if (!exam) {
    return (
      <div>
        <PageHeader title="Results" breadcrumb={breadcrumb} />
        <EmptyState
          icon={<NotebookPen className="h-10 w-10" />}
          title="No exams yet"
          hint="Create an exam and enter its marks: its analysis appears here."
          action={
            <Link to="/exams" className={buttonClass('primary')}>
              Go to Exams
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div>
      <PageHeader title="Results" breadcrumb={breadcrumb} actions={actions} />
      <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <Field label="Exam">
          <Select value={exam.id} onChange={(e) => choose({ exam: Number(e.target.value) })}>
            {sorted.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
                {e.components.length > 0 ? ' (combined)' : ''} · {e.start_date.slice(0, 4)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Level or stream">
          <Select
            value={scopeValue(scope)}
            onChange={(e) => choose({ scope: e.target.value })}
            disabled={levels.length === 0 && streams.length === 0}
          >
            {levels.length > 0 ? (
              <optgroup label="Levels (all streams)">
                {levels.map((level) => (
                  <option key={level} value={`level:${level}`}>
                    {level}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {streams.length > 0 ? (
              <optgroup label="Streams">
                {streams.map((c) => (
                  <option key={c.id} value={`class:${c.id}`}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </Select>
        </Field>
      </div>
      {scope === null ? (
        <EmptyState
          icon={<BarChart3 className="h-10 w-10" />}
          title="No class sits this exam"
          hint="Add classes on the Classes page, or choose the classes that sit the exam on the Exams page."
        />
      ) : analysis.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-6 w-72 max-w-full" />
          <div className="grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-72" />
            <Skeleton className="h-72" />
          </div>
          <SkeletonRows rows={6} />
        </div>
      ) : analysis.isError ? (
        <LoadError what="the analysis" error={analysis.error} onRetry={analysis.refetch} />
      ) : !hasEntries ? (
        <EmptyState
          icon={<BarChart3 className="h-10 w-10" />}
          title="No marks entered for this exam yet"
          hint={`The analysis fills in as marks for ${analysis.data.scope.name} are saved on the grading screen.`}
          action={
            <Link to={`/exams/${exam.id}`} className={buttonClass('primary')}>
              Enter marks
            </Link>
          }
        />
      ) : (
        <AnalysisView
          analysis={analysis.data}
          seniorLevel={
            isAdmin && 'level' in scope && isSeniorLevel(scope.level) ? scope.level : null
          }
        />
      )}
    </div>
  );
}

function AnalysisView({
  analysis,
  seniorLevel,
}: {
  analysis: ExamAnalysis;
  /** A Grade 10-12 level shown to an admin: its groups and combinations follow. */
  seniorLevel: string | null;
}) {
  const tables = useMemo(() => analysisTables(analysis), [analysis]);
  const fileName = analysisFileName(analysis);
  const when = [analysis.exam.year, analysis.exam.term].filter(Boolean).join(' ');
  const s = analysis.overall.summary;
  const measure = analysis.measure === 'mean_points' ? 'mean points' : 'mean mark';
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h2 className="text-lg font-medium">
          {analysis.scope.name} · {analysis.exam.name}
          {when ? ` · ${when}` : ''}
        </h2>
        <p className="text-sm text-muted-foreground">
          {GRADING_SCHEME_LABELS[analysis.exam.grading_scheme]} · {s.entries} entries · mean grade{' '}
          <strong className="text-foreground" data-testid="analysis-mean-grade">
            {s.mean_grade ?? '–'}
          </strong>
          {analysis.previous_exam
            ? ` · DEV: change in ${measure} since ${analysis.previous_exam.name}`
            : ' · No previous exam to compare with'}
        </p>
        <p className="text-xs text-muted-foreground">
          X: absent or a required subject missing · Y: withheld for an irregularity · neither is
          counted in a mean.
        </p>
      </div>
      <Suspense
        fallback={
          <div className="grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-80" />
            <Skeleton className="h-80" />
          </div>
        }
      >
        <AnalysisCharts analysis={analysis} />
      </Suspense>
      {tables.map((table) => (
        <AnalysisTableCard key={table.key} table={table} fileName={fileName} />
      ))}
      {seniorLevel ? (
        <SeniorAnalysisSection examId={analysis.exam.id} level={seniorLevel} fileName={fileName} />
      ) : null}
    </div>
  );
}
