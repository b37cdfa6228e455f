import type { ExamAnalysis, GroupSummary, StudentChange, SubjectSummary } from './analysis';
import { formatMark } from './merit-list-columns';

/**
 * The tables of an exam analysis in the layout a staff meeting reads (streams, subjects overall
 * and per stream, top students, most improved and dropped, value added), shared by the screen,
 * its CSV exports and the PDF so that the three never disagree.
 */

/** How a cell's value is shown: marks with 2 decimals, points with 3, deviations signed. */
export type AnalysisCellKind = 'text' | 'count' | 'mark' | 'points' | 'deviation';

export interface AnalysisColumn {
  head: string;
  /** What the head stands for, for a person who does not know the abbreviation. */
  title: string;
  kind: AnalysisCellKind;
}

export type AnalysisCell = string | number | null;

export interface AnalysisTable {
  /** Stable, for a file name and a React key: 'streams', 'subjects', 'subjects-12', … */
  key: string;
  title: string;
  columns: AnalysisColumn[];
  rows: { cells: AnalysisCell[]; total?: boolean }[];
  /** Said instead of an empty table. */
  empty: string;
}

/** A cell as shown and printed: '46.67', '5.444', '+1.66', '' for nothing. */
export function formatAnalysisCell(kind: AnalysisCellKind, value: AnalysisCell): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (kind === 'mark') return value.toFixed(2);
  if (kind === 'points') return value.toFixed(3);
  if (kind === 'deviation') {
    const shown = Number(value.toFixed(3));
    if (shown === 0) return '0';
    return shown > 0 ? `+${shown}` : String(shown);
  }
  return formatMark(value);
}

/** A column is right-aligned unless it holds text. */
export const alignOf = (kind: AnalysisCellKind) => (kind === 'text' ? 'left' : 'right');

const col = (head: string, title: string, kind: AnalysisCellKind): AnalysisColumn => ({
  head,
  title,
  kind,
});

/** The measure's mean: mean points under the KCSE rules, the mean mark otherwise. */
const measureHead = (a: ExamAnalysis) =>
  a.measure === 'mean_points' ? 'mean points' : 'mean mark';

function summaryColumns(a: ExamAnalysis, first: AnalysisColumn[]): AnalysisColumn[] {
  const versus = a.previous_exam ? a.previous_exam.name : 'the previous exam';
  return [
    ...first,
    col('ENTRIES', 'Entries', 'count'),
    col('MN MKS', 'Mean mark', 'mark'),
    col('MN PTS', 'Mean points', 'points'),
    col('GR', 'Mean grade', 'text'),
    ...a.grades.map((g) =>
      col(g, g === 'X' ? 'Absent (X)' : g === 'Y' ? 'Withheld (Y)' : g, 'count'),
    ),
    col('PREV', `${versus}: ${measureHead(a)}`, a.measure === 'mean_points' ? 'points' : 'mark'),
    col('DEV', `Deviation of the ${measureHead(a)} from ${versus}`, 'deviation'),
  ];
}

function summaryCells(a: ExamAnalysis, s: GroupSummary): AnalysisCell[] {
  return [
    s.entries,
    s.mean_mark,
    s.mean_points,
    s.mean_grade,
    ...a.grades.map((g) => s.grade_counts[g] ?? 0),
    s.previous_mean,
    s.deviation,
  ];
}

function subjectTable(
  a: ExamAnalysis,
  key: string,
  title: string,
  subjects: readonly SubjectSummary[],
): AnalysisTable {
  const ranked = [...subjects].sort(
    (x, y) =>
      (x.rank ?? Infinity) - (y.rank ?? Infinity) || x.subject.code.localeCompare(y.subject.code),
  );
  return {
    key,
    title,
    columns: [
      ...summaryColumns(a, [
        col('RANK', 'Rank of the subject by its mean', 'count'),
        col('SUBJECT', 'Subject', 'text'),
      ]),
      col('TEACHER', 'Subject teacher', 'text'),
    ],
    rows: ranked.map((s) => ({
      cells: [s.rank, `${s.subject.code} ${s.subject.name}`, ...summaryCells(a, s), s.teacher],
    })),
    empty: 'No subject has marks.',
  };
}

const studentColumns = (a: ExamAnalysis) => [
  col('ADM NO', 'Admission number', 'text'),
  col('NAME', 'Name', 'text'),
  ...(a.scope.kind === 'level' ? [col('STREAM', 'Stream', 'text')] : []),
];

const studentCells = (
  a: ExamAnalysis,
  s: { admission_number: string; name: string; class: { name: string } },
) => [s.admission_number, s.name, ...(a.scope.kind === 'level' ? [s.class.name] : [])];

function changeTable(
  a: ExamAnalysis,
  key: string,
  title: string,
  changes: readonly StudentChange[],
  empty: string,
): AnalysisTable {
  const kind = a.measure === 'mean_points' ? 'points' : 'mark';
  const short = a.measure === 'mean_points' ? 'MN PTS' : 'MN MKS';
  return {
    key,
    title,
    columns: [
      ...studentColumns(a),
      col(`PREV ${short}`, `${a.previous_exam?.name ?? 'Previous exam'}: ${measureHead(a)}`, kind),
      col(short, `This exam: ${measureHead(a)}`, kind),
      col('GR', 'Mean grade', 'text'),
      col('DEV', 'Deviation', 'deviation'),
    ],
    rows: changes.map((c) => ({
      cells: [...studentCells(a, c), c.previous_mean, c.mean, c.mean_grade, c.deviation],
    })),
    empty,
  };
}

/** Every table of the analysis, in the order of the screen and the PDF. */
export function analysisTables(a: ExamAnalysis): AnalysisTable[] {
  const isLevel = a.scope.kind === 'level';
  const noPrevious = a.previous_exam
    ? `No student has a result in both this exam and ${a.previous_exam.name}.`
    : 'There is no earlier exam with marks to compare with.';
  const tables: AnalysisTable[] = [
    {
      key: 'streams',
      title: isLevel ? 'Streams' : a.scope.name,
      columns: summaryColumns(a, [col(isLevel ? 'STREAM' : 'CLASS', 'Stream', 'text')]),
      rows: [
        ...a.streams.map((s) => ({ cells: [s.class.name, ...summaryCells(a, s.summary)] })),
        ...(isLevel
          ? [{ cells: [a.scope.name, ...summaryCells(a, a.overall.summary)], total: true }]
          : []),
      ],
      empty: 'No student has marks in this exam.',
    },
    subjectTable(a, 'subjects', `Subjects: ${a.scope.name}`, a.overall.subjects),
  ];
  if (isLevel && a.streams.length > 1) {
    for (const stream of a.streams) {
      tables.push(
        subjectTable(
          a,
          `subjects-${stream.class.id}`,
          `Subjects: ${stream.class.name}`,
          stream.subjects,
        ),
      );
    }
  }
  tables.push(
    {
      key: 'top-students',
      title: 'Top students per subject',
      columns: [
        col('SUBJECT', 'Subject', 'text'),
        col('POS', 'Position in the subject', 'count'),
        ...studentColumns(a),
        col('MARK', 'Mark', 'count'),
        col('GR', 'Grade', 'text'),
      ],
      rows: a.top_students.flatMap((t) =>
        t.students.map((s) => ({
          cells: [t.subject.code, s.position, ...studentCells(a, s), s.mark, s.grade],
        })),
      ),
      empty: 'No subject has marks.',
    },
    changeTable(a, 'most-improved', 'Most improved', a.most_improved, noPrevious),
    changeTable(a, 'most-dropped', 'Most dropped', a.most_dropped, noPrevious),
    {
      key: 'value-added',
      title: 'Value added (entry marks against this exam)',
      columns: [
        ...studentColumns(a),
        col('ENTRY', 'Entry marks', 'count'),
        col('ENTRY POS', 'Position by entry marks', 'count'),
        col('POS', 'Position in this exam', 'count'),
        col('VA', 'Places gained since entry', 'deviation'),
      ],
      rows: a.value_added.map((v) => ({
        cells: [...studentCells(a, v), v.entry_marks, v.entry_position, v.position, v.value_added],
      })),
      empty: 'No ranked student has entry marks recorded.',
    },
  );
  return tables;
}

/** "EXAM ANALYSIS · Form 4 · End Term · 2026 Term 3" */
export function analysisTitle(a: Pick<ExamAnalysis, 'exam' | 'scope'>): string {
  const when = [a.exam.year, a.exam.term].filter(Boolean).join(' ');
  return ['EXAM ANALYSIS', a.scope.name, a.exam.name, when].filter(Boolean).join(' · ');
}
