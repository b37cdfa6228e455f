import {
  type AnalysisInput,
  type AnalysisStudent,
  analysisSummary,
  computeAnalysis,
  type GradedMark,
  type StudentExamResult,
} from '@shule/shared/results/analysis';
import { type Band, bandOf } from '@shule/shared/results/bands';
import { combineMarks } from '@shule/shared/results/combined';
import { isNumericMark, type Mark } from '@shule/shared/results/marks';
import type { MeritList, MeritListRow, SubjectResult } from '@shule/shared/results/merit-list';
import type { ReportSummary } from '@shule/shared/results/report-cards';
import { roundHalfUp } from '@shule/shared/results/rounding';
import {
  comparableMean,
  compareRankKeys,
  competitionRanksOfNumbers,
  type GradingScheme,
  type GradingSchemeName,
  gradingScheme,
  rankKey,
  type StudentOutcome,
  type SubjectMarkInput,
  subjectMarkInput,
} from '@shule/shared/results/scheme';
import { compareKnecOrder } from '@shule/shared/results/subject-groups';
import { withSubjectsTaken } from '@shule/shared/results/subjects-taken';
import type {
  ClassRow,
  ExamRow,
  MarksColumn,
  PreviousMarksColumn,
  StudentSittingRow,
  SubjectWithBands,
} from './queries';
import type { ExamResults, ResultsScope } from './types';

/**
 * Exam results computed at read time from the rows of queries.ts: every number of a merit list,
 * report form or analysis comes from the marks and the school's bands, here, by the pure rules
 * of packages/shared/src/results (which subjects count, the mean grade, combining a combined
 * exam's papers, competition ranks, the analysis). The one file of the module that calls them;
 * nothing here reads the database.
 */

/** A combined exam's student: their marks in each component, and the subjects rescaled. */
export interface ComponentMarks {
  /** Subject id → mark, one record per component in the order of `exam.components`. */
  marks: Record<string, Mark>[];
  /** Subject ids whose combined mark left out a component (X or no mark). */
  rescaled: Set<string>;
}

interface StudentMarks {
  id: number;
  admissionNumber: string;
  name: string;
  classId: number;
  entryExam: string | null;
  entryIndexNumber: string | null;
  entryMarks: number | null;
  marks: Record<string, Mark>;
  /** A combined exam's: what `marks` were combined from. */
  components: ComponentMarks | null;
  /** The subjects a senior-school learner takes (their own seven); null for everyone else. */
  takes: number[] | null;
}

interface PreviousExamMarks {
  exam: { id: number; name: string } | null;
  /** Student id → subject id → mark. */
  marks: Map<number, Record<string, Mark>>;
}

/**
 * A student's marks from the `marks` column: an ordinary exam's as they are, a combined exam's
 * combined from its components' (read side by side, in the order of `components`).
 */
function marksOf(column: MarksColumn, components: readonly { weight: number }[]) {
  if (!Array.isArray(column)) return { marks: column ?? {}, components: null };
  const marks = column.map((m) => m ?? {});
  const combined = combineMarks(marks.map((m, i) => ({ weight: components[i]!.weight, marks: m })));
  return { marks: combined.marks, components: { marks, rescaled: combined.rescaled } };
}

const previousMarksOf = (column: PreviousMarksColumn) =>
  Array.isArray(column)
    ? combineMarks(column.map((c) => ({ weight: c.weight, marks: c.marks ?? {} }))).marks
    : (column ?? {});

/** The students with their marks in the exam (combined if it is), and the previous exam's. */
export function studentsOf(rows: StudentSittingRow[], exam: ExamRow) {
  const previousMarks = new Map<number, Record<string, Mark>>();
  const students = rows.map((r): StudentMarks => {
    const { marks, components } = marksOf(r.marks, exam.components);
    if (r.previous_id !== null) previousMarks.set(r.id, previousMarksOf(r.previous_marks));
    return {
      id: r.id,
      admissionNumber: r.admission_number,
      name: r.name,
      classId: r.class_id,
      entryExam: r.entry_exam,
      entryIndexNumber: r.entry_index_number,
      entryMarks: r.entry_marks,
      marks,
      components,
      takes: r.takes,
    };
  });
  const first = rows[0];
  const previous: PreviousExamMarks = {
    exam: first?.previous_id != null ? { id: first.previous_id, name: first.previous_name! } : null,
    marks: previousMarks,
  };
  return { students, previous };
}

/**
 * The bands of the overall mean mark (average and cbc): for each school grade, the band most
 * subjects give it, since bands are set per subject.
 */
function meanBandsOf(subjects: Iterable<SubjectWithBands>): Band[] {
  const votes = new Map<string, Map<string, { band: Band; n: number }>>();
  for (const subject of subjects) {
    for (const band of subject.bands) {
      const key = `${band.min}-${band.max}`;
      const ofGrade = votes.get(band.code) ?? new Map();
      const seen = ofGrade.get(key);
      ofGrade.set(key, { band, n: (seen?.n ?? 0) + 1 });
      votes.set(band.code, ofGrade);
    }
  }
  return [...votes.values()].map(
    (ofGrade) => [...ofGrade.values()].sort((a, b) => b.n - a.n)[0]!.band,
  );
}

/** Subject id → the grading rule's input for a mark in that subject. */
type SubjectInputs = [subjectId: number, inputOf: (mark: Mark) => SubjectMarkInput][];

/**
 * A level's list grades thousands of marks, most of them whole: each subject's input for each
 * whole mark from 0 to 100 (its band's grade and points) is made once, when first met, and
 * shared by the students who have it, as the rules only read their inputs. By subject id, the
 * order a student's marks are listed in.
 */
function subjectInputs(subjects: Map<number, SubjectWithBands>): SubjectInputs {
  return [...subjects]
    .sort(([a], [b]) => a - b)
    .map(([id, subject]) => {
      const inputOf = (mark: Mark): SubjectMarkInput => {
        const band = isNumericMark(mark) ? bandOf(mark, subject.bands) : null;
        return {
          subjectId: subject.id,
          code: subject.code,
          name: subject.name,
          group: subject.group,
          mark,
          grade: band?.code ?? null,
          points: band?.points ?? null,
        };
      };
      const ofWholeMark: SubjectMarkInput[] = [];
      const inputOfMark = (mark: Mark) => {
        if (typeof mark !== 'number' || !Number.isInteger(mark) || mark < 0 || mark > 100) {
          return inputOf(mark);
        }
        ofWholeMark[mark] ??= inputOf(mark);
        return ofWholeMark[mark];
      };
      return [id, inputOfMark];
    });
}

const gradedMark = (input: SubjectMarkInput): GradedMark => ({
  subject: input.subjectId,
  mark: input.mark,
  grade: input.grade,
  points: input.points,
});

function outcomeOf(
  marks: Record<string, Mark>,
  subjects: SubjectInputs,
  schemeName: GradingSchemeName,
  meanBands: Band[],
) {
  const inputs: SubjectMarkInput[] = [];
  for (const [subjectId, inputOf] of subjects) {
    const mark = marks[subjectId];
    if (mark !== undefined) inputs.push(inputOf(mark));
  }
  return { inputs, outcome: gradingScheme(schemeName).outcome(inputs, meanBands) };
}

type RankKey = ReturnType<typeof rankKey> | null;

/** A student who sat the exam, with their graded marks, outcome and rank key. */
interface Graded {
  student: StudentMarks;
  inputs: SubjectMarkInput[];
  outcome: StudentOutcome;
  key: RankKey;
}

/**
 * `graded`'s indices in the list's order: by rank key (higher first, none last), then by name,
 * then by id. One sort serves the rows and every position: equal keys sit side by side in it.
 */
function listOrder(graded: Graded[]) {
  return graded
    .map((_, i) => i)
    .sort((i, j) => {
      const a = graded[i]!;
      const b = graded[j]!;
      return (
        compareRankKeys(a.key, b.key) ||
        a.student.name.localeCompare(b.student.name) ||
        a.student.id - b.student.id
      );
    });
}

/**
 * Positions by competition ranking (1, 2, 2, 4; no key, no place), in the level (or the lone
 * class) and in each stream of `ranked`, by index of `graded`: read along `order`, where a key
 * equal to the one before it shares its place.
 */
function placesOf(graded: Graded[], order: number[], ranked: ClassRow[]) {
  const levelPlaces = new Array<number | null>(graded.length).fill(null);
  const streamPlaces = new Array<number | null>(graded.length).fill(null);
  const streamSizes = new Map(ranked.map((c) => [c.id, 0]));
  const lastInStream = new Map<number, number>();
  let levelSize = 0;
  let last: number | undefined;
  const sharesPlace = (before: number | undefined, key: number[]) =>
    before !== undefined && compareRankKeys(graded[before]!.key, key) === 0;
  for (const i of order) {
    const { key, student } = graded[i]!;
    if (key === null) continue;
    levelSize += 1;
    levelPlaces[i] = sharesPlace(last, key) ? levelPlaces[last!]! : levelSize;
    last = i;
    const size = streamSizes.get(student.classId);
    if (size === undefined) continue;
    streamSizes.set(student.classId, size + 1);
    const before = lastInStream.get(student.classId);
    streamPlaces[i] = sharesPlace(before, key) ? streamPlaces[before!]! : size + 1;
    lastInStream.set(student.classId, i);
  }
  return { levelPlaces, streamPlaces, streamSizes, levelSize };
}

/** A subject's positions among the level's numeric marks in it, in the order of `graded`. */
function subjectPlacesOf(graded: Graded[]) {
  const subjectMarks = new Map<number, (number | null)[]>();
  graded.forEach((c, i) => {
    for (const { subjectId, mark } of c.inputs) {
      if (!isNumericMark(mark)) continue;
      let marks = subjectMarks.get(subjectId);
      if (!marks) {
        marks = new Array<number | null>(graded.length).fill(null);
        subjectMarks.set(subjectId, marks);
      }
      marks[i] = mark;
    }
  });
  const places = new Map<number, (number | null)[]>();
  const entries = new Map<number, number>();
  for (const [subjectId, marks] of subjectMarks) {
    entries.set(subjectId, marks.filter((m) => m !== null).length);
    places.set(subjectId, competitionRanksOfNumbers(marks));
  }
  return { places, entries };
}

const entryOf = (student: StudentMarks): MeritListRow['entry'] =>
  student.entryExam || student.entryIndexNumber || student.entryMarks !== null
    ? { exam: student.entryExam, index_number: student.entryIndexNumber, marks: student.entryMarks }
    : null;

/** What one row of the list reads beside its student's own outcome; by index of `graded`. */
interface RowContext {
  scheme: GradingScheme;
  previousMeans: (number | null)[];
  subjectPlaces: Map<number, (number | null)[]>;
  places: ReturnType<typeof placesOf>;
  className: Map<number, string>;
}

/** The merit list row of `graded[i]`. */
function meritListRow({ student, outcome, inputs }: Graded, i: number, ctx: RowContext) {
  const current = comparableMean(ctx.scheme, outcome);
  const previous = ctx.previousMeans[i] ?? null;
  const deviation =
    current === null || previous === null ? null : roundHalfUp(current - previous, 2);
  const subjects: SubjectResult[] = inputs.map((input) => ({
    subject: input.subjectId,
    mark: input.mark,
    grade: input.grade,
    points: input.points,
    position: ctx.subjectPlaces.get(input.subjectId)?.[i] ?? null,
  }));
  const row: MeritListRow = {
    student_id: student.id,
    admission_number: student.admissionNumber,
    name: student.name,
    class: { id: student.classId, name: ctx.className.get(student.classId)! },
    entry: entryOf(student),
    subjects,
    subject_count: outcome.subjectCount,
    total_marks: outcome.totalMarks,
    mean_mark: outcome.meanMark,
    total_points: outcome.totalPoints,
    mean_points: outcome.meanPoints,
    mean_grade: outcome.meanGrade,
    deviation,
    class_position: ctx.places.streamPlaces[i] ?? null,
    class_size: ctx.places.streamSizes.get(student.classId) ?? 0,
    level_position: ctx.places.levelPlaces[i] ?? null,
    level_size: ctx.places.levelSize,
    status: outcome.status,
    incomplete: outcome.status !== 'complete',
    reason: outcome.reason,
  };
  return row;
}

/** The subjects any listed row has a mark in, in KNEC order, each with its entries in the level. */
function subjectColumns(
  rows: MeritListRow[],
  subjects: Map<number, SubjectWithBands>,
  entries: Map<number, number>,
): MeritList['subjects'] {
  const shown = new Set<number>();
  for (const row of rows) for (const result of row.subjects) shown.add(result.subject);
  return [...subjects.values()]
    .filter((s) => shown.has(s.id))
    .sort(compareKnecOrder)
    .map(({ bands: _, ...subject }) => ({ ...subject, entries: entries.get(subject.id) ?? 0 }));
}

/** What the results of an exam are computed from: the rows of queries.ts, the scope resolved. */
export interface ResultsInput {
  exam: ExamRow;
  subjects: Map<number, SubjectWithBands>;
  /** The classes ranked together, and those of them listed. */
  ranked: ClassRow[];
  listed: ClassRow[];
  rows: StudentSittingRow[];
  /** Positions on a list the school keeps to itself, though the scheme does not rank. */
  rankInternally?: boolean;
}

/**
 * The previous exam's outcome of each listed student (by index of `graded`; undefined for the
 * others): only a row's deviation and the analysis of the listed rows read it.
 */
function previousOutcomesOf(
  graded: Graded[],
  listedIds: Set<number>,
  previous: PreviousExamMarks,
  grade: (marks: Record<string, Mark>) => ReturnType<typeof outcomeOf>,
) {
  return graded.map(({ student }) => {
    const marks = listedIds.has(student.classId) ? previous.marks.get(student.id) : undefined;
    return marks === undefined ? undefined : grade(marks);
  });
}

/**
 * The merit list's rows (ranked, then the incomplete and withheld by name) and subject columns,
 * with what a report form and the analysis read beside them.
 */
/** The subjects anyone has a mark in (id → name): those the exam examined. */
function examinedSubjects(students: StudentMarks[], subjects: Map<number, SubjectWithBands>) {
  const examined = new Map<number, string>();
  for (const student of students) {
    for (const id of Object.keys(student.marks)) {
      const subject = subjects.get(Number(id));
      if (subject && !examined.has(subject.id)) examined.set(subject.id, subject.name);
    }
  }
  return examined;
}

export function computeResults({
  exam,
  subjects,
  ranked,
  listed,
  rows: sittings,
  rankInternally = false,
}: ResultsInput) {
  const { students, previous } = studentsOf(sittings, exam);
  const scheme = gradingScheme(exam.scheme);
  const ranks = scheme.ranks || rankInternally;
  const meanBands = meanBandsOf(subjects.values());
  const inputs = subjectInputs(subjects);
  const examined = students.some((s) => s.takes !== null)
    ? examinedSubjects(students, subjects)
    : new Map<number, string>();
  const grade = (marks: Record<string, Mark>, takes: number[] | null) => {
    const graded = outcomeOf(marks, inputs, exam.scheme, meanBands);
    if (takes === null) return graded;
    return {
      ...graded,
      outcome: withSubjectsTaken(graded.outcome, graded.inputs, takes, examined),
    };
  };
  const graded: Graded[] = [];
  for (const student of students) {
    // Sat: a mark in any subject (one the school no longer has too); most have graded inputs.
    const { inputs: marks, outcome } = grade(student.marks, student.takes);
    if (marks.length === 0 && Object.keys(student.marks).length === 0) continue;
    graded.push({ student, inputs: marks, outcome, key: ranks ? rankKey(scheme, outcome) : null });
  }
  const listedIds = new Set(listed.map((c) => c.id));
  const previousOutcomes = previousOutcomesOf(graded, listedIds, previous, (marks) =>
    grade(marks, null),
  );
  const order = listOrder(graded);
  const subjectPlaces = subjectPlacesOf(graded);
  const ctx: RowContext = {
    scheme,
    previousMeans: previousOutcomes.map((p) => (p ? comparableMean(scheme, p.outcome) : null)),
    subjectPlaces: subjectPlaces.places,
    places: placesOf(graded, order, ranked),
    className: new Map(ranked.map((c) => [c.id, c.name])),
  };
  const rows: MeritListRow[] = [];
  for (const i of order) {
    if (listedIds.has(graded[i]!.student.classId)) rows.push(meritListRow(graded[i]!, i, ctx));
  }
  let previousResults: Map<number, StudentExamResult> | undefined;
  return {
    rows,
    columns: subjectColumns(rows, subjects, subjectPlaces.entries),
    ranks,
    previousExam: previous.exam,
    outcomes: new Map(graded.map((c) => [c.student.id, c.outcome])),
    meanBands,
    componentMarks: new Map(
      students.flatMap((s) => (s.components ? [[s.id, s.components] as const] : [])),
    ),
    // Graded mark by mark only when read (the analysis): a merit list needs the means alone.
    get previous() {
      previousResults ??= new Map(
        graded.flatMap(({ student }, i) => {
          const p = previousOutcomes[i];
          return p ? [[student.id, { marks: p.inputs.map(gradedMark), outcome: p.outcome }]] : [];
        }),
      );
      return previousResults;
    },
  };
}

// ── Report forms ─────────────────────────────────────────────────────────────────────────────

/** The most points under the KCSE rules: seven subjects at 12. */
const KCSE_TOTAL_POINTS = 84;

/** The summary boxes of a row of results. */
export function summaryOf(results: ExamResults, row: MeritListRow): ReportSummary {
  const kcse = gradingScheme(results.list.exam.grading_scheme).rankBy === 'total_points';
  return {
    mean_grade: row.mean_grade,
    mean_mark: row.mean_mark,
    total_marks: row.total_marks,
    total_marks_of: 100 * row.subject_count,
    total_points: row.total_points,
    total_points_of: kcse ? KCSE_TOTAL_POINTS : topPointsOf(results, row),
    mean_points: row.mean_points,
    class_position: row.class_position,
    class_size: row.class_size,
    level_position: row.level_position,
    level_size: row.level_size,
    status: row.status,
    reason: row.reason,
  };
}

/** Outside the KCSE rules: the best points of each subject sat, added up (null if a band has none). */
function topPointsOf(results: ExamResults, row: MeritListRow) {
  let total = 0;
  for (const s of row.subjects) {
    if (!isNumericMark(s.mark)) continue;
    const points = results.subjects.get(s.subject)?.bands.map((b) => b.points);
    if (!points?.length || points.some((p) => p === null)) return null;
    total += Math.max(...(points as number[]));
  }
  return total;
}

/** The mean a trend charts: points when `scheme` is a KCSE rule, else the mark. */
const meanOfRow = (scheme: GradingScheme, row: MeritListRow) =>
  comparableMean(scheme, {
    status: row.status,
    meanPoints: row.mean_points,
    meanMark: row.mean_mark,
  });

/** One mark of a student in an exam, as exam_scores holds it. */
interface ScoreRow {
  examId: number;
  studentId: number;
  subjectId: number;
  score: number | null;
  markCode: string | null;
}

/**
 * Each student's mean in each exam of the year up to this one (in date order) that anyone of
 * the class sat, all in the measure of this exam's scheme so that one chart compares like with
 * like. Exams already ranked (this one, the previous) give their rows' means; the others are
 * graded from `marks`, each by its own scheme and the subjects' bands, without ranking a level
 * nobody looks at.
 */
export function trendMeansOf(
  results: ExamResults,
  yearExams: { id: number; name: string; scheme: GradingSchemeName }[],
  ranked: (readonly [number, Map<number, MeritListRow>])[],
  marks: ScoreRow[],
) {
  const charted = gradingScheme(results.list.exam.grading_scheme);
  const rowsOf = new Map(ranked);
  const inputs = new Map<number, Map<number, SubjectMarkInput[]>>();
  for (const m of marks) {
    const subject = results.subjects.get(m.subjectId);
    if (!subject) continue;
    const mark = (m.score ?? m.markCode) as Mark;
    const ofExam = inputs.get(m.examId) ?? new Map<number, SubjectMarkInput[]>();
    const ofStudent = ofExam.get(m.studentId) ?? [];
    ofStudent.push(subjectMarkInput(subject, mark, subject.bands));
    ofExam.set(m.studentId, ofStudent);
    inputs.set(m.examId, ofExam);
  }
  return yearExams.flatMap((e) => {
    const rows = rowsOf.get(e.id);
    if (rows) {
      if (rows.size === 0) return [];
      const means = new Map([...rows].map(([id, row]) => [id, meanOfRow(charted, row)]));
      return [{ ...e, means }];
    }
    const ofExam = inputs.get(e.id);
    if (!ofExam) return [];
    const scheme = gradingScheme(e.scheme);
    const means = new Map(
      [...ofExam].map(([id, subjects]) => {
        // Mean bands grade only the mean, which a trend does not show.
        const o = scheme.outcome(subjects, []);
        return [id, comparableMean(charted, o)];
      }),
    );
    return [{ ...e, means }];
  });
}

// ── The analysis ─────────────────────────────────────────────────────────────────────────────

/** What the shared computation reads of an exam's results for a scope. */
function analysisInput(results: ExamResults, scope: ResultsScope): AnalysisInput {
  const { list } = results;
  const streams =
    'classId' in scope
      ? results.rankedClasses.filter((c) => c.id === scope.classId)
      : results.rankedClasses;
  const students: AnalysisStudent[] = list.rows.map((row) => ({
    student_id: row.student_id,
    admission_number: row.admission_number,
    name: row.name,
    class_id: row.class.id,
    entry_marks: row.entry?.marks ?? null,
    position: row.level_position,
    current: { marks: row.subjects, outcome: results.outcomes.get(row.student_id)! },
    previous: results.previous.get(row.student_id) ?? null,
  }));
  return {
    scheme: results.exam.scheme,
    meanBands: results.meanBands,
    subjects: list.subjects.map((s) => ({ ...s, bands: results.subjects.get(s.id)?.bands ?? [] })),
    streams: streams.map((c) => ({ id: c.id, name: c.name })),
    students,
  };
}

/** The analysis of an exam's results for a scope: per stream and subject, top students, trends. */
export const analysisOf = (results: ExamResults, scope: ResultsScope) =>
  computeAnalysis(analysisInput(results, scope));

/** The dashboard's summary of an exam's results for a scope: entries, means and deviation. */
export const analysisSummaryOf = (results: ExamResults, scope: ResultsScope) =>
  analysisSummary(analysisInput(results, scope));
