import { type AttendanceCounts, attendanceRate } from '@shule/shared/attendance';
import type { Band } from '@shule/shared/results/bands';
import type { Mark } from '@shule/shared/results/marks';
import type { ResultsSubject } from '@shule/shared/results/merit-list';
import type { GradingSchemeName } from '@shule/shared/results/scheme';
import type { School } from '@shule/shared/schools';
import { subjectGroup } from '@shule/shared/subjects';
import { and, asc, eq, gt, inArray, min, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPreparedRows, queryRows } from '../../db/raw-rows';
import {
  classes,
  examScores,
  exams,
  reportRemarks,
  schools,
  students,
  teachers,
  terms,
} from '../../db/schema/index';
import { notFound } from '../../errors';

/**
 * The results module's reads and writes of the database. Exam results come from two queries
 * whatever the size of the school: side by side the exam, the classes and the subjects with
 * their bands, then the students with their marks beside the previous exam with its marks.
 * Nothing here grades or ranks: compute.ts does, from these rows.
 */

/** A school grade's band of marks and comment, as one subject grades it. */
export interface SubjectBand extends Band {
  comment: string | null;
}

export interface SubjectWithBands extends ResultsSubject {
  bands: SubjectBand[];
}

export interface ExamRow {
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

export interface ExamComponent {
  id: number;
  name: string;
  weight: number;
}

export interface ClassRow {
  id: number;
  name: string;
  level: string | null;
}

interface ExamAndSchoolRow {
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
}

const examAndSchoolQuery = (schoolId: number, examId: number) => sql`
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
    where e.id = ${examId} and e.school_id = ${schoolId}`;

/**
 * The exam with its school, and the school's classes and subjects (each with its bands: each
 * grade's marks, points and comment): one query, the first of a list.
 */
export async function selectExamAndSchool(db: Db, schoolId: number, examId: number) {
  const [row] = await queryPreparedRows<ExamAndSchoolRow>(db, examAndSchoolQuery(schoolId, examId));
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

/**
 * How a query's `marks` column holds a student's marks in an exam: an ordinary exam's as they
 * are, a combined exam's one record per component (in the order of `components`).
 */
export type MarksColumn = Record<string, Mark> | (Record<string, Mark> | null)[] | null;

/** How the previous exam's marks arrive: an ordinary exam's, or each component's with its weight. */
export type PreviousMarksColumn =
  | Record<string, Mark>
  | { weight: number; marks: Record<string, Mark> | null }[]
  | null;

export interface StudentSittingRow {
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
  previous_marks: PreviousMarksColumn;
  /** The subjects a senior-school learner took on the exam's date; null for everyone else. */
  takes: number[] | null;
}

/** One sitting per exam whose marks are this one's (x0, x1 … in date order). */
const sittingsOf = (exam: ExamRow) => markedExamIds(exam).map((_, i) => sql.raw(`x${i}`));

/** The class a student sat the exam in: a combined exam's latest component's. */
const satInOf = (sittings: SQL[]) =>
  sql`coalesce(${sql.join(sittings.map((x) => sql`${x}.class_id`).reverse(), sql`, `)})`;

/** The students listed for `classIds`, each with the class they are listed in and their marks. */
function placedQuery(schoolId: number, exam: ExamRow, classIds: number[]) {
  const sat = markedExamIds(exam);
  const classes = idList(classIds);
  const sittings = sittingsOf(exam);
  const satIn = satInOf(sittings);
  const marks =
    exam.components.length > 0
      ? sql`json_build_array(${sql.join(
          sittings.map((x) => sql`${x}.marks`),
          sql`, `,
        )})`
      : sql`x0.marks`;
  return sql`
      select s.id, coalesce(${satIn}, s.class_id) as class_id, ${marks} as marks
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
      where coalesce(${satIn}, case when s.is_active then s.class_id end) in (${classes})`;
}

/** The latest exam before `exam` of its kind (combined or not) in which a placed student has marks. */
function previousQuery(schoolId: number, exam: ExamRow) {
  const hasMarks =
    exam.components.length > 0
      ? sql`select 1 from exam_components ec
                  join exam_sittings x on x.exam_id = ec.component_exam_id
                  join placed p on p.id = x.student_id
                  where ec.exam_id = e.id`
      : sql`select 1 from exam_sittings x join placed p on p.id = x.student_id
                  where x.exam_id = e.id`;
  return sql`
      select e.id, e.name from exams e
      where e.school_id = ${schoolId}
        and (e.start_date, e.id) < (${exam.startDate}::date, ${exam.id})
        and exists (${hasMarks})
      order by e.start_date desc, e.id desc
      limit 1`;
}

/** A senior-school learner's choice as it stood on `date`: the latest from then or before. */
const choiceOnDate = (date: string) => sql`
      select sc.combination_id, sc.mathematics, sc.language from senior_choices sc
      where sc.student_id = p.id and sc.from_date <= ${date}::date
      order by sc.from_date desc, sc.id desc limit 1`;

/**
 * The subjects of the choice `ch`: its combination's electives and the core subjects a learner
 * of its mathematics and language takes (takesCoreSubject in packages/shared/src/senior.ts);
 * null without a choice. A learner who changed combination since keeps the exam's subjects.
 */
const takenSubjects = (schoolId: number) => sql`
      case when ch.combination_id is not null then (
        select array_agg(t.subject_id order by t.subject_id) from (
          select cs.subject_id from senior_combination_subjects cs
          where cs.combination_id = ch.combination_id
          union
          select ss.subject_id from senior_subjects ss
          where ss.school_id = ${schoolId} and ss.kind = 'core'
            and (ss.core_option is null
                 or ss.core_option in ('mathematics:' || ch.mathematics, 'language:' || ch.language))
        ) t) end`;

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
export async function selectStudentsAndPrevious(
  db: Db,
  schoolId: number,
  exam: ExamRow,
  classIds: number[],
): Promise<StudentSittingRow[]> {
  if (classIds.length === 0) return [];
  const combined = exam.components.length > 0;
  const previousMarks = combined
    ? sql`(select json_agg(json_build_object('weight', ec.weight, 'marks', x.marks))
                      from exam_components ec
                      left join exam_sittings x
                        on x.exam_id = ec.component_exam_id and x.student_id = p.id
                      where ec.exam_id = pe.id)`
    : sql`px.marks`;
  return queryPreparedRows<StudentSittingRow>(
    db,
    sql`
    with placed as materialized (${placedQuery(schoolId, exam, classIds)}),
    previous as (${previousQuery(schoolId, exam)})
    select s.id, s.admission_number, s.first_name || ' ' || s.last_name as name, p.class_id,
           s.entry_exam, s.entry_index_number, s.entry_marks, p.marks,
           pe.id as previous_id, pe.name as previous_name,
           ${previousMarks} as previous_marks,
           ${takenSubjects(schoolId)} as takes
    from placed p
    join students s on s.id = p.id
    left join lateral (${choiceOnDate(exam.startDate)}) ch on true
    left join previous pe on true
    ${combined ? sql`` : sql`left join exam_sittings px on px.exam_id = pe.id and px.student_id = p.id`}`,
  );
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

/** Whether the user leads class `classId` of the school as its class teacher. */
export async function leadsClass(db: Db, schoolId: number, classId: number, userId: number) {
  const [led] = await db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(teachers, eq(teachers.id, classes.classTeacherId))
    .where(
      and(eq(classes.id, classId), eq(classes.schoolId, schoolId), eq(teachers.userId, userId)),
    );
  return led !== undefined;
}

// ── Report forms ─────────────────────────────────────────────────────────────────────────────

/**
 * The students of a report form's class with their photo and kept remarks: those listed in the
 * exam (where they sat it) and those in the class now, to tell "no marks" from "not here".
 */
export function selectReportStudents(
  db: Db,
  schoolId: number,
  examId: number,
  classId: number,
  listedIds: number[],
  studentId?: number,
) {
  return db
    .select({
      id: students.id,
      name: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      photo: students.profilePhoto,
      classTeacher: reportRemarks.classTeacher,
      principal: reportRemarks.principal,
    })
    .from(students)
    .leftJoin(
      reportRemarks,
      and(eq(reportRemarks.studentId, students.id), eq(reportRemarks.examId, examId)),
    )
    .where(
      and(
        eq(students.schoolId, schoolId),
        listedIds.length === 0
          ? eq(students.classId, classId)
          : or(eq(students.classId, classId), inArray(students.id, listedIds)),
        studentId === undefined ? undefined : eq(students.id, studentId),
      ),
    );
}

/** The exams of the exam's academic year up to it, in date order, each with its scheme. */
export function selectYearExams(
  db: Db,
  schoolId: number,
  exam: ExamRow,
  scheme: GradingSchemeName,
): Promise<{ id: number; name: string; scheme: GradingSchemeName }[]> {
  if (exam.yearId === null) return Promise.resolve([{ id: exam.id, name: exam.name, scheme }]);
  return db
    .select({
      id: exams.id,
      name: exams.name,
      scheme: sql<GradingSchemeName>`coalesce(${exams.gradingScheme}, ${schools.gradingScheme})`,
    })
    .from(exams)
    .innerJoin(terms, eq(terms.id, exams.termId))
    .innerJoin(schools, eq(schools.id, exams.schoolId))
    .where(
      and(
        eq(exams.schoolId, schoolId),
        eq(terms.academicYearId, exam.yearId),
        sql`(${exams.startDate}, ${exams.id}) <= (${exam.startDate}::date, ${exam.id})`,
      ),
    )
    .orderBy(asc(exams.startDate), asc(exams.id));
}

/** The start of the first term after the exam's, if the exam has a term. */
export async function selectNextTermStart(db: Db, schoolId: number, exam: ExamRow) {
  if (exam.termEndDate === null) return null;
  const [row] = await db
    .select({ opens: min(terms.startDate) })
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), gt(terms.startDate, exam.termEndDate)));
  return row?.opens ?? null;
}

/** The marks of `studentIds` in `examIds`, one row a mark. */
export function selectMarksIn(db: Db, schoolId: number, examIds: number[], studentIds: number[]) {
  return db
    .select({
      examId: examScores.examId,
      studentId: examScores.studentId,
      subjectId: examScores.subjectId,
      score: examScores.score,
      markCode: examScores.markCode,
    })
    .from(examScores)
    .where(
      and(
        eq(examScores.schoolId, schoolId),
        inArray(examScores.examId, examIds),
        inArray(examScores.studentId, studentIds),
      ),
    );
}

type AttendanceRow = Omit<AttendanceCounts, 'rate'> & { student_id: number };

/**
 * Each student's register marks in the exam's term (the exam's own term, else the school's term
 * holding its start date), for the students of the class and those listed in the exam, in one
 * query for the whole class.
 */
export async function selectTermAttendance(
  db: Db,
  schoolId: number,
  examId: number,
  classId: number,
  listedIds: number[],
  studentId?: number,
): Promise<Map<number, AttendanceCounts>> {
  const rows = await queryRows<AttendanceRow>(
    db,
    sql`with term as (
      select t.start_date, t.end_date from exams e
      join terms t on t.school_id = e.school_id
        and (t.id = e.term_id or (e.term_id is null and e.start_date between t.start_date and t.end_date))
      where e.id = ${examId} and e.school_id = ${schoolId}
      order by t.start_date limit 1
    )
    select m.student_id,
      count(*)::int as recorded,
      (count(*) filter (where m.status = 'present'))::int as present,
      (count(*) filter (where m.status = 'absent'))::int as absent,
      (count(*) filter (where m.status = 'late'))::int as late,
      (count(*) filter (where m.status = 'excused'))::int as excused
    from attendance_marks m join term on m.date between term.start_date and term.end_date
    where m.school_id = ${schoolId}
      and m.student_id in (
        select s.id from students s where s.school_id = ${schoolId}
          and (s.class_id = ${classId}
            or s.id in (select jsonb_array_elements_text(${JSON.stringify(listedIds)}::jsonb)::int))
          ${studentId === undefined ? sql`` : sql`and s.id = ${studentId}`})
    group by m.student_id`,
  );
  return new Map(
    rows.map(({ student_id, ...c }) => [student_id, { ...c, rate: attendanceRate(c) }]),
  );
}

/**
 * The class a student of the school is listed in for an exam: the one they sat it in (their
 * marks' class, the most of them; a combined exam's components), else their class now. It
 * decides who may see and write their form.
 */
export async function classOfStudent(db: Db, schoolId: number, examId: number, studentId: number) {
  const [row] = await db
    .select({
      classId: sql<number>`coalesce((
        select mode() within group (order by es.class_id) from exam_scores es
        where es.student_id = students.id and (es.exam_id = ${examId} or es.exam_id in (
          select c.component_exam_id from exam_components c where c.exam_id = ${examId}))
      ), students.class_id)`.mapWith(Number),
    })
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
  if (!row) throw notFound('Student');
  return row.classId;
}

/** Keeps a student's remarks on an exam's form; `undefined` leaves a remark as it is. */
export async function upsertReportRemarks(
  db: Db,
  schoolId: number,
  examId: number,
  studentId: number,
  remarks: { classTeacher: string | null | undefined; principal: string | null | undefined },
) {
  const set = { ...remarks, updatedAt: new Date() };
  await db
    .insert(reportRemarks)
    .values({ schoolId, examId, studentId, ...set })
    .onConflictDoUpdate({ target: [reportRemarks.examId, reportRemarks.studentId], set });
}

// ── The dashboard's latest results ───────────────────────────────────────────────────────────

/**
 * The latest exam with marks (by start date, then id; a combined exam once a component has
 * marks) and the classes that sit it, by level and name.
 */
export async function selectLatestExam(db: Db, schoolId: number) {
  const [row] = await queryRows<{
    id: number;
    scopes: { level: string | null; class_id: number; name: string }[] | null;
  }>(
    db,
    sql`
    select e.id,
           (select json_agg(json_build_object('level', c.level, 'class_id', c.id, 'name', c.name)
                            order by c.level, c.name)
            from classes c
            where c.school_id = e.school_id
              and (not exists (select 1 from exam_classes ec where ec.exam_id = e.id)
                     and coalesce(cardinality(e.levels), 0) = 0
                   or c.id in (select ec.class_id from exam_classes ec where ec.exam_id = e.id)
                   or c.level = any(e.levels))) as scopes
    from exams e
    where e.school_id = ${schoolId}
      and (exists (select 1 from exam_scores es where es.exam_id = e.id)
           or exists (select 1 from exam_components ec
                      join exam_scores es on es.exam_id = ec.component_exam_id
                      where ec.exam_id = e.id))
    order by e.start_date desc, e.id desc
    limit 1`,
  );
  return row ?? null;
}

// ── A student's exams ────────────────────────────────────────────────────────────────────────

export async function schoolHasStudent(db: Db, schoolId: number, studentId: number) {
  const [student] = await queryRows<{ id: number }>(
    db,
    sql`select ${students.id} as id from ${students}
      where ${students.id} = ${studentId} and ${students.schoolId} = ${schoolId}`,
  );
  return student !== undefined;
}

interface StudentExamRow {
  exam_id: number;
  exam_name: string;
  start_date: string;
  end_date: string;
  class_id: number;
  class_name: string;
  subjects_marked: number;
  mean_score: string | number | null;
}

/**
 * The exams the student has marks in, newest first, each with the class they sat it in (the
 * most of their marks'); with `ledBy`, only those of the classes that user leads.
 */
export function selectStudentExams(
  db: Db,
  schoolId: number,
  studentId: number,
  ledBy: number | null,
) {
  const ledOnly =
    ledBy === null
      ? sql``
      : sql` and exists (select 1 from ${teachers} t where t.id = c.class_teacher_id
        and t.user_id = ${ledBy})`;
  return queryRows<StudentExamRow>(
    db,
    sql`select s.exam_id, e.name as exam_name, e.start_date::text as start_date,
        e.end_date::text as end_date, s.class_id, c.name as class_name,
        s.subjects_marked, s.mean_score
      from (
        select ${examScores.examId} as exam_id,
          mode() within group (order by ${examScores.classId}) as class_id,
          count(*)::int as subjects_marked,
          round(avg(${examScores.score}), 1) as mean_score
        from ${examScores}
        where ${examScores.studentId} = ${studentId} and ${examScores.schoolId} = ${schoolId}
        group by ${examScores.examId}
      ) s
      join ${exams} e on e.id = s.exam_id and e.school_id = ${schoolId}
      join ${classes} c on c.id = s.class_id and c.school_id = ${schoolId}
      where true${ledOnly}
      order by e.start_date desc, e.id desc`,
  );
}

/** The school's classes by name, each with its level. */
export function selectClassesOf(db: Db, schoolId: number): Promise<ClassRow[]> {
  return db
    .select({ id: classes.id, name: classes.name, level: classes.level })
    .from(classes)
    .where(eq(classes.schoolId, schoolId))
    .orderBy(classes.name);
}
