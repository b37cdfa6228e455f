import type { ExamAnalysis } from '@shule/shared/results/analysis';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { useIsAdmin } from '../../lib/roles';

// Only the pieces two bar charts use, so the rest of Chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const THIS_EXAM = '#166534';
const PREVIOUS_EXAM = '#94a3b8';
const NOT_GRADED = '#cbd5e1';

function BarChart({ config, label }: { config: ChartConfiguration<'bar'>; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative h-64 min-w-0">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

/** True when the exam's grades include a grade of the school's, not only X and Y. */
export const hasSchoolGrades = (a: Pick<ExamAnalysis, 'grades'>) =>
  a.grades.some((g) => g !== 'X' && g !== 'Y');

const measureName = (a: ExamAnalysis) =>
  a.measure === 'mean_points' ? 'Mean points' : 'Mean mark';

function chartsOf(analysis: ExamAnalysis) {
  const subjects = analysis.overall.subjects;
  const pick = (s: (typeof subjects)[number]) =>
    analysis.measure === 'mean_points' ? s.mean_points : s.mean_mark;
  const previousName = analysis.previous_exam?.name;
  const means: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels: subjects.map((s) => s.subject.code),
      datasets: [
        {
          label: analysis.exam.name,
          data: subjects.map(pick),
          backgroundColor: THIS_EXAM,
        },
        ...(previousName
          ? [
              {
                label: previousName,
                data: subjects.map((s) => s.previous_mean),
                backgroundColor: PREVIOUS_EXAM,
              },
            ]
          : []),
      ],
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      scales: {
        // Every subject's code under its bars, turned on a phone rather than skipped.
        x: { ticks: { autoSkip: false } },
        y: {
          beginAtZero: true,
          max: analysis.measure === 'mean_points' ? 12 : 100,
          title: { display: true, text: measureName(analysis) },
        },
      },
      plugins: { legend: { position: 'bottom' } },
    },
  };
  const grades = analysis.grades;
  const counts = grades.map((g) => analysis.overall.summary.grade_counts[g] ?? 0);
  const distribution: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels: grades,
      datasets: [
        {
          label: 'Students',
          data: counts,
          backgroundColor: grades.map((g) => (g === 'X' || g === 'Y' ? NOT_GRADED : THIS_EXAM)),
        },
      ],
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      scales: {
        // Every subject's code under its bars, turned on a phone rather than skipped.
        x: { ticks: { autoSkip: false } },
        y: {
          beginAtZero: true,
          ticks: { precision: 0 },
          title: { display: true, text: 'Students' },
        },
      },
      plugins: { legend: { display: false } },
    },
  };
  return { means, distribution };
}

/**
 * The two charts of the analysis: each subject's mean against the previous exam's, and how many
 * students got each mean grade. The numbers are in the tables below them.
 */
export function AnalysisCharts({ analysis }: { analysis: ExamAnalysis }) {
  const { means, distribution } = useMemo(() => chartsOf(analysis), [analysis]);
  const previousName = analysis.previous_exam?.name;
  const isAdmin = useIsAdmin();
  return (
    // min-w-0: a grid item as wide as its canvas would not let the chart shrink with the screen.
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-base">
            Subject {measureName(analysis).toLowerCase()}
            {previousName ? ` against ${previousName}` : ''}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <BarChart
            config={means}
            label={`Bar chart of each subject's ${measureName(analysis).toLowerCase()}${previousName ? ` beside ${previousName}'s` : ''}; the numbers are in the subjects table`}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-base">Grade distribution: {analysis.scope.name}</CardTitle>
        </CardHeader>
        <CardContent>
          {hasSchoolGrades(analysis) ? (
            <BarChart
              config={distribution}
              label={`Bar chart of how many students got each mean grade in ${analysis.scope.name}; the counts are in the streams table`}
            />
          ) : (
            <EmptyState
              title="No grades to count yet"
              hint="A mark gets a grade from its subject's grading bands, and no subject has any."
              action={
                isAdmin ? (
                  <Link to="/subjects" className={buttonClass('outline')}>
                    Set grading bands in Subjects
                  </Link>
                ) : undefined
              }
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
