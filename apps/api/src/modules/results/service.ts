import { classSitsExam } from '@shule/shared/exams';
import type { GradedMark, StudentExamResult } from '@shule/shared/results/analysis';
import { type Band, bandOf } from '@shule/shared/results/bands';
import { combineMarks } from '@shule/shared/results/combined';
import { isNumericMark, type Mark } from '@shule/shared/results/marks';
import {
  examNotSatMessage,
  type MeritList,
  type MeritListRow,
  noSuchLevelMessage,
  type ResultsSubject,
  resultsForbiddenMessage,
  type SubjectResult,
} from '@shule/shared/results/merit-list';
import { roundHalfUp } from '@shule/shared/results/rounding';
import {
  comparableMean,
  compareRankKeys,
  competitionRanks,
  competitionRanksOfNumbers,
  type GradingSchemeName,
  gradingScheme,
  rankKey,
  type StudentOutcome,
  type SubjectMarkInput,
} from '@shule/shared/results/scheme';
import { compareKnecOrder } from '@shule/shared/results/subject-groups';
import type { School } from '@shule/shared/schools';
import { subjectGroup } from '@shule/shared/subjects';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { queryPreparedRows } from '../../db/raw-rows';
import { classes, teachers } from '../../db/schema/index';
import { DomainError, forbidden, invalid, notFound } from '../../errors';

/**
 * Exam results: every number of a merit list or report form is computed here, at read time,
 * from the marks and the school's bands (DESIGN.md §5), in a constant number of queries
 * whatever the size of the school: side by side the exam, the classes and the subjects with
 * their bands, then the students with their marks beside the previous exam with its marks. The
 * rule itself (which subjects count, the mean grade) is the grading scheme's, in
 * packages/shared/src/results.
 */

/** One class (stream), or every stream of a level. */
export type ResultsScope = { classId: number } | { level: string };

/** A school grade's band of marks and comment, as one subject grades it. */
interface SubjectBand extends Band {
  comment: string | null;
}

interface SubjectWithBands extends ResultsSubject {
  bands: SubjectBand[];
}

interface ExamRow {
  id: number;
  name: string;
  startDate: string;
  scheme: GradingSchemeName;
  termId: number | null;
  termName: string | null;
  termEndDate: string | null;
  yearId: number | null;
  yearName: string | null;
  sittingClasses: number[];
  sittingLevels: string[];
  /** The exams a combined exam takes its marks from, in date order; none for an ordinary exam. */
  components: ExamComponent[];
}

interface ExamComponent {
  id: number;
  name: string;
  weight: number;
}

/** A combined exam's student: their marks in each component, and the subjects rescaled. */
export interface ComponentMarks {
  /** Subject id → mark, one record per component in the order of `exam.components`. */
  marks: Record<string, Mark>[];
  /** Subject ids whose combined mark left out a component (X or no mark). */
  rescaled: Set<string>;
}

interface ClassRow {
  id: number;
  name: string;
  level: string | null;
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
}

/** The results of an exam for a scope, with what a printed form needs beside the list. */
export interface ExamResults {
  list: MeritList;
  school: School;
  exam: ExamRow;
  /** The classes ranked together (the level's, or the one class without a level). */
  rankedClasses: ClassRow[];
  /** Subjects by id, each with its bands (grade code, points, marks, the grade's comment). */
  subjects: Map<number, SubjectWithBands>;
  /** Each student's outcome under the exam's scheme, by student id. */
  outcomes: Map<number, StudentOutcome>;
  /** The bands of an overall mean mark (one per school grade). */
  meanBands: Band[];
  /** The previous exam's graded marks and outcome of each student of the ranked classes. */
  previous: Map<number, StudentExamResult>;
  /** A combined exam's component marks, by student id; empty for an ordinary exam. */
  componentMarks: Map<number, ComponentMarks>;
}

// ── Queries ──────────────────────────────────────────────────────────────────────────────────

/**
 * The exam with its school, and the school's classes and subjects (each with its bands: each
 * grade's marks, points and comment): one query, the first of a list.
 */
async function selectExamAndSchool(db: Db, schoolId: number, examId: number) {
  const rows = await queryPreparedRows<{
    id: number;
    name: string;
    start_date: string;
    scheme: GradingSchemeName;
    term_id: number | null;
    term_name: string | null;
    term_end_date: string | null;
    year_id: number | null;
    year_name: string | null;
    sitting_classes: number[] | null;
    sitting_levels: string[];
    components: ExamComponent[] | null;
    school: School;
    classes: ClassRow[] | null;
    subjects:
      | {
          id: number;
          code: string;
          name: string;
          kcse_group: string | null;
          bands: SubjectBand[] | null;
        }[]
      | null;
  }>(
    db,
    sql`
    select e.id, e.name, e.start_date::text as start_date,
           coalesce(e.grading_scheme, s.grading_scheme) as scheme,
           t.id as term_id, t.name as term_name, t.end_date::text as term_end_date,
           y.id as year_id, y.name as year_name,
           (select json_agg(ec.class_id) from exam_classes ec where ec.exam_id = e.id) as sitting_classes,
           e.levels as sitting_levels,
           (select json_agg(json_build_object('id', ce.id, 'name', ce.name, 'weight', c.weight)
                            order by ce.start_date, ce.id)
            from exam_components c join exams ce on ce.id = c.component_exam_id
            where c.exam_id = e.id) as components,
           json_build_object(
             'id', s.id, 'name', s.name, 'postal_address', s.postal_address,
             'postal_code', s.postal_code, 'county', s.county, 'phone_number', s.phone_number,
             'email', s.email, 'website', s.website, 'motto', s.motto, 'logo', s.logo,
             'type', s.type, 'levels', s.levels,
             'grading_scheme', s.grading_scheme,
             'report_teacher_names', s.report_teacher_names) as school,
           (select json_agg(json_build_object('id', c.id, 'name', c.name, 'level', c.level))
            from classes c where c.school_id = s.id) as classes,
           (select json_agg(json_build_object(
                     'id', sub.id, 'code', sub.code, 'name', sub.name,
                     'kcse_group', sub.kcse_group,
                     'bands', (select json_agg(json_build_object(
                                        'code', g.code, 'points', g.points, 'min', sg.min_score,
                                        'max', sg.max_score, 'comment', g.comments)
                                      order by g.points desc nulls last, g.code)
                               from subject_grades sg join grades g on g.id = sg.grade_id
                               where sg.subject_id = sub.id
                                 and sg.min_score is not null and sg.max_score is not null)))
            from subjects sub where sub.school_id = s.id) as subjects
    from exams e
    join schools s on s.id = e.school_id
    left join terms t on t.id = e.term_id
    left join academic_years y on y.id = t.academic_year_id
    where e.id = ${examId} and e.school_id = ${schoolId}`,
  );
  const row = rows[0];
  if (!row) throw notFound('Exam');
  const exam: ExamRow = {
    id: row.id,
    name: row.name,
    startDate: row.start_date,
    scheme: row.scheme,
    termId: row.term_id,
    termName: row.term_name,
    termEndDate: row.term_end_date,
    yearId: row.year_id,
    yearName: row.year_name,
    sittingClasses: row.sitting_classes ?? [],
    sittingLevels: parseTextArray(row.sitting_levels),
    components: row.components ?? [],
  };
  const subjects = new Map(
    (row.subjects ?? []).map((r): [number, SubjectWithBands] => [
      r.id,
      {
        id: r.id,
        code: r.code,
        name: r.name,
        group: subjectGroup(r.kcse_group, r.code),
        bands: r.bands ?? [],
      },
    ]),
  );
  return { exam, school: row.school, classes: row.classes ?? [], subjects };
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The exams whose marks are this exam's: itself, or a combined exam's components. */
const markedExamIds = (exam: ExamRow) =>
  exam.components.length === 0 ? [exam.id] : exam.components.map((c) => c.id);

/** How a query's `marks` column holds a student's marks in `exam`. */
type MarksColumn = Record<string, Mark> | (Record<string, Mark> | null)[] | null;

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

/**
 * The students an exam's results list for `classIds`, each in the class they are listed in,
 * with their marks in the exam (subject id → mark); beside them the exam before this one (by
 * start date, then id) in which any of them has a mark, what each student's deviation is
 * measured against, with their marks in it. One query over exam_sittings (a row per student
 * who sat an exam: the class they sat it in and their marks), the students placed once:
 *
 * A student who sat the exam is listed in the class they sat it in (a combined exam: the class
 * they sat its latest component in), whatever their class or state now: a past exam keeps its
 * lists. A student without marks in it is listed in their current class, only while active.
 *
 * Like is compared with like: a combined exam's previous is the latest earlier combined exam
 * whose components have such marks, its marks combined; an ordinary exam's is an ordinary one
 * (a combined exam has no marks of its own).
 */
async function selectStudentsAndPrevious(
  db: Db,
  schoolId: number,
  exam: ExamRow,
  classIds: number[],
): Promise<{ students: StudentMarks[]; previous: PreviousExamMarks }> {
  const previousMarks = new Map<number, Record<string, Mark>>();
  if (classIds.length === 0)
    return { students: [], previous: { exam: null, marks: previousMarks } };
  const sat = markedExamIds(exam);
  const classes = idList(classIds);
  const combined = exam.components.length > 0;
  // One sitting per exam whose marks are this one's (x0, x1 … in date order).
  const sittings = sat.map((_, i) => sql.raw(`x${i}`));
  const satIn = sql`coalesce(${sql.join(
    sittings.map((x) => sql`${x}.class_id`).reverse(),
    sql`, `,
  )})`;
  const rows = await queryPreparedRows<{
    id: number;
    admission_number: string;
    name: string;
    class_id: number;
    entry_exam: string | null;
    entry_index_number: string | null;
    entry_marks: number | null;
    marks: MarksColumn;
    previous_id: number | null;
    previous_name: string | null;
    previous_marks:
      | Record<string, Mark>
      | { weight: number; marks: Record<string, Mark> | null }[]
      | null;
  }>(
    db,
    sql`
    with placed as materialized (
      select s.id, coalesce(${satIn}, s.class_id) as class_id,
             ${
               combined
                 ? sql`json_build_array(${sql.join(
                     sittings.map((x) => sql`${x}.marks`),
                     sql`, `,
                   )})`
                 : sql`x0.marks`
             } as marks
      from (select x.student_id as id from exam_sittings x
            where x.exam_id in (${idList(sat)}) and x.class_id in (${classes})
            union
            select s.id from students s
            where s.school_id = ${schoolId} and s.is_active and s.class_id in (${classes})) c
      join students s on s.id = c.id and s.school_id = ${schoolId}
      ${sql.join(
        sat.map(
          (examId, i) =>
            sql`left join exam_sittings ${sittings[i]} on ${sittings[i]}.exam_id = ${examId} and ${sittings[i]}.student_id = c.id`,
        ),
        sql` `,
      )}
      where coalesce(${satIn}, case when s.is_active then s.class_id end) in (${classes})),
    previous as (
      select e.id, e.name from exams e
      where e.school_id = ${schoolId}
        and (e.start_date, e.id) < (${exam.startDate}::date, ${exam.id})
        and exists (${
          combined
            ? sql`select 1 from exam_components ec
                  join exam_sittings x on x.exam_id = ec.component_exam_id
                  join placed p on p.id = x.student_id
                  where ec.exam_id = e.id`
            : sql`select 1 from exam_sittings x join placed p on p.id = x.student_id
                  where x.exam_id = e.id`
        })
      order by e.start_date desc, e.id desc
      limit 1)
    select s.id, s.admission_number, s.first_name || ' ' || s.last_name as name, p.class_id,
           s.entry_exam, s.entry_index_number, s.entry_marks, p.marks,
           pe.id as previous_id, pe.name as previous_name,
           ${
             combined
               ? sql`(select json_agg(json_build_object('weight', ec.weight, 'marks', x.marks))
                      from exam_components ec
                      left join exam_sittings x
                        on x.exam_id = ec.component_exam_id and x.student_id = p.id
                      where ec.exam_id = pe.id)`
               : sql`px.marks`
           } as previous_marks
    from placed p
    join students s on s.id = p.id
    left join previous pe on true
    ${combined ? sql`` : sql`left join exam_sittings px on px.exam_id = pe.id and px.student_id = p.id`}`,
  );
  const students = rows.map((r): StudentMarks => {
    const { marks, components } = marksOf(r.marks, exam.components);
    if (r.previous_id !== null) {
      const previous = r.previous_marks;
      previousMarks.set(
        r.id,
        Array.isArray(previous)
          ? combineMarks(previous.map((c) => ({ weight: c.weight, marks: c.marks ?? {} }))).marks
          : (previous ?? {}),
      );
    }
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
    };
  });
  const first = rows[0];
  return {
    students,
    previous: {
      exam:
        first?.previous_id != null ? { id: first.previous_id, name: first.previous_name! } : null,
      marks: previousMarks,
    },
  };
}

interface PreviousExamMarks {
  exam: { id: number; name: string } | null;
  /** Student id → subject id → mark. */
  marks: Map<number, Record<string, Mark>>;
}

/** text[] arrives as a JS array from both drivers, or as '{a,b}' text from some paths. */
function parseTextArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .slice(1, -1)
    .split(',')
    .map((v) => v.replace(/^"|"$/g, ''));
}

// ── Scope and who may see it ─────────────────────────────────────────────────────────────────

/**
 * The classes a scope ranks together, and those it lists: a class is ranked with the streams
 * of its level; a class without a level alone. Only classes that sit the exam count (an exam
 * that names none is sat by every class).
 */
function resolveScope(all: ClassRow[], exam: ExamRow, scope: ResultsScope) {
  const sitting = { classes: exam.sittingClasses, levels: exam.sittingLevels };
  const sits = (c: ClassRow) => classSitsExam(sitting, c);

  if ('classId' in scope) {
    const listed = all.find((c) => c.id === scope.classId);
    if (!listed) throw notFound('Class');
    if (!sits(listed)) throw invalid('class', examNotSatMessage(listed.name));
    const ranked =
      listed.level === null ? [listed] : all.filter((c) => c.level === listed.level && sits(c));
    return { listed: [listed], ranked, name: listed.name, level: listed.level };
  }
  const ofLevel = all.filter((c) => c.level === scope.level);
  if (ofLevel.length === 0) throw new DomainError(noSuchLevelMessage(scope.level), 404);
  const ranked = ofLevel.filter(sits);
  if (ranked.length === 0) throw invalid('level', examNotSatMessage(scope.level));
  return { listed: ranked, ranked, name: scope.level, level: scope.level };
}

/**
 * Admins see every class's results; a teacher only those of the class they lead (teaching
 * assignments come with the teachers issue), so a level's list is an admin's.
 */
export async function assertMaySeeResults(db: Db, request: FastifyRequest, scope: ResultsScope) {
  if (request.user.roles.includes('admin')) return;
  if (!request.user.roles.includes('teacher') || !('classId' in scope)) {
    throw forbidden(resultsForbiddenMessage);
  }
  const [led] = await db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(teachers, eq(teachers.id, classes.classTeacherId))
    .where(
      and(
        eq(classes.id, scope.classId),
        eq(classes.schoolId, request.schoolId()),
        eq(teachers.userId, request.user.id),
      ),
    );
  if (!led) throw forbidden(resultsForbiddenMessage);
}

// ── Computing ────────────────────────────────────────────────────────────────────────────────

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
 * whole mark from 0 to 100 (its band's grade and points) is made once and shared by the
 * students who have it, as the rules only read their inputs. By subject id, the order a
 * student's marks are listed in.
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
      const ofWholeMark = Array.from({ length: 101 }, (_, mark) => inputOf(mark));
      const inputOfMark = (mark: Mark) =>
        typeof mark === 'number' && Number.isInteger(mark) && mark >= 0 && mark <= 100
          ? ofWholeMark[mark]!
          : inputOf(mark);
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

/**
 * The results of exam `examId` for `scope`: the merit list of the contract (rows ranked, then
 * the incomplete and withheld by name), and what a report form needs beside it.
 */
export async function examResults(
  db: Db,
  schoolId: number,
  examId: number,
  scope: ResultsScope,
): Promise<ExamResults> {
  const {
    exam,
    school,
    classes: allClasses,
    subjects,
  } = await selectExamAndSchool(db, schoolId, examId);
  const resolved = resolveScope(allClasses, exam, scope);
  const rankedIds = resolved.ranked.map((c) => c.id);
  const { students, previous } = await selectStudentsAndPrevious(db, schoolId, exam, rankedIds);
  const previousExam = previous.exam;

  const scheme = gradingScheme(exam.scheme);
  const meanBands = meanBandsOf(subjects.values());
  const inputs = subjectInputs(subjects);
  const sat = students.filter((s) => Object.keys(s.marks).length > 0);
  const computed = sat.map((student) => ({
    student,
    ...outcomeOf(student.marks, inputs, exam.scheme, meanBands),
  }));
  const outcomes = new Map(computed.map((c) => [c.student.id, c.outcome]));
  const previousOutcomes = new Map(
    [...previous.marks].map(([studentId, marks]) => [
      studentId,
      outcomeOf(marks, inputs, exam.scheme, meanBands),
    ]),
  );
  const previousMeans = new Map(
    [...previousOutcomes].map(([studentId, { outcome }]) => [
      studentId,
      comparableMean(scheme, outcome),
    ]),
  );
  let previousResults: Map<number, StudentExamResult> | undefined;

  // Positions: in the level (or the lone class), and in each stream.
  const keys = computed.map((c) => (scheme.ranks ? rankKey(scheme, c.outcome) : null));
  const levelPlaces = competitionRanks(keys);
  const streamPlaces = new Map<number, number | null>();
  const streamSizes = new Map<number, number>();
  const inStreams = new Map(resolved.ranked.map((c): [number, number[]] => [c.id, []]));
  computed.forEach((c, i) => {
    inStreams.get(c.student.classId)?.push(i);
  });
  for (const [classId, inStream] of inStreams) {
    const places = competitionRanks(inStream.map((i) => keys[i]!));
    inStream.forEach((i, j) => {
      streamPlaces.set(computed[i]!.student.id, places[j]!);
    });
    streamSizes.set(classId, inStream.filter((i) => keys[i] !== null).length);
  }
  const levelSize = keys.filter((k) => k !== null).length;

  // A subject's positions among the level's numeric marks in it, in the order of `computed`.
  const subjectMarks = new Map<number, (number | null)[]>();
  computed.forEach((c, i) => {
    for (const { subjectId, mark } of c.inputs) {
      if (!isNumericMark(mark)) continue;
      let marks = subjectMarks.get(subjectId);
      if (!marks) {
        marks = new Array<number | null>(computed.length).fill(null);
        subjectMarks.set(subjectId, marks);
      }
      marks[i] = mark;
    }
  });
  const subjectPlaces = new Map<number, (number | null)[]>();
  const subjectEntries = new Map<number, number>();
  for (const [subjectId, marks] of subjectMarks) {
    subjectEntries.set(subjectId, marks.filter((m) => m !== null).length);
    subjectPlaces.set(subjectId, competitionRanksOfNumbers(marks));
  }

  const className = new Map(resolved.ranked.map((c) => [c.id, c.name]));
  const listedIds = new Set(resolved.listed.map((c) => c.id));
  const rows: MeritListRow[] = computed.flatMap((c, i) => {
    const { student, outcome, inputs } = c;
    if (!listedIds.has(student.classId)) return [];
    const current = comparableMean(gradingScheme(exam.scheme), outcome);
    const previous = previousMeans.get(student.id) ?? null;
    const deviation =
      current === null || previous === null ? null : roundHalfUp(current - previous, 2);
    const subjectResults: SubjectResult[] = inputs.map((input) => ({
      subject: input.subjectId,
      mark: input.mark,
      grade: input.grade,
      points: input.points,
      position: subjectPlaces.get(input.subjectId)?.[i] ?? null,
    }));
    return [
      {
        student_id: student.id,
        admission_number: student.admissionNumber,
        name: student.name,
        class: { id: student.classId, name: className.get(student.classId)! },
        entry:
          student.entryExam || student.entryIndexNumber || student.entryMarks !== null
            ? {
                exam: student.entryExam,
                index_number: student.entryIndexNumber,
                marks: student.entryMarks,
              }
            : null,
        subjects: subjectResults,
        subject_count: outcome.subjectCount,
        total_marks: outcome.totalMarks,
        mean_mark: outcome.meanMark,
        total_points: outcome.totalPoints,
        mean_points: outcome.meanPoints,
        mean_grade: outcome.meanGrade,
        deviation,
        class_position: streamPlaces.get(student.id) ?? null,
        class_size: streamSizes.get(student.classId) ?? 0,
        level_position: levelPlaces[i] ?? null,
        level_size: levelSize,
        status: outcome.status,
        incomplete: outcome.status !== 'complete',
        reason: outcome.reason,
      },
    ];
  });
  const keyOf = new Map(computed.map((c, i) => [c.student.id, keys[i]!]));
  rows.sort(
    (a, b) =>
      compareRankKeys(keyOf.get(a.student_id)!, keyOf.get(b.student_id)!) ||
      a.name.localeCompare(b.name) ||
      a.student_id - b.student_id,
  );

  const shownSubjects = new Set<number>();
  for (const row of rows) for (const result of row.subjects) shownSubjects.add(result.subject);
  const columns = [...subjects.values()]
    .filter((s) => shownSubjects.has(s.id))
    .sort(compareKnecOrder)
    .map(({ bands: _, ...subject }) => ({
      ...subject,
      entries: subjectEntries.get(subject.id) ?? 0,
    }));

  return {
    list: {
      exam: {
        id: exam.id,
        name: exam.name,
        term: exam.termName,
        year: exam.yearName,
        grading_scheme: exam.scheme,
        ranks: scheme.ranks,
      },
      scope: {
        kind: 'classId' in scope ? 'class' : 'level',
        name: resolved.name,
        level: resolved.level,
        class_id: 'classId' in scope ? scope.classId : null,
      },
      previous_exam: previousExam,
      subjects: columns,
      rows,
    },
    school,
    exam,
    rankedClasses: resolved.ranked,
    subjects,
    outcomes,
    meanBands,
    componentMarks: new Map(
      students.flatMap((s) => (s.components ? [[s.id, s.components] as const] : [])),
    ),
    // Graded mark by mark only when read (the analysis): a merit list needs the means alone.
    get previous() {
      previousResults ??= new Map(
        [...previousOutcomes].map(([studentId, { inputs, outcome }]) => [
          studentId,
          { marks: inputs.map(gradedMark), outcome },
        ]),
      );
      return previousResults;
    },
  };
}

/** GET /exams/{id}/merit_list/ */
export async function meritList(db: Db, schoolId: number, examId: number, scope: ResultsScope) {
  return (await examResults(db, schoolId, examId, scope)).list;
}
