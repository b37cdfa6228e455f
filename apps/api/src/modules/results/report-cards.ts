import { type AttendanceCounts, attendanceRate } from '@shule/shared/attendance';
import { isNumericMark, type Mark } from '@shule/shared/results/marks';
import type { MeritListRow } from '@shule/shared/results/merit-list';
import type { ReportCard, ReportSummary } from '@shule/shared/results/report-cards';
import {
  comparableMean,
  type GradingScheme,
  type GradingSchemeName,
  gradingScheme,
  type SubjectMarkInput,
  subjectMarkInput,
} from '@shule/shared/results/scheme';
import { reportTeachersCell } from '@shule/shared/teaching';
import { and, asc, eq, gt, inArray, min, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { examScores, exams, reportRemarks, schools, students, terms } from '../../db/schema/index';
import { DomainError, notFound } from '../../errors';
import { feeBalancesOf } from '../fees/index';
import { subjectTeachersOn } from '../teaching/index';
import { type ExamResults, examResults } from './service';

/**
 * Report forms (KENYA.md "Report form"): one card per student of a class, built from the exam's
 * results (examResults: positions in the stream and in the level), the previous exam's, the
 * student's means over the year's exams, the kept remarks and the next term's opening date.
 * The queries are a handful per exam of the year, whatever the size of the class.
 */

const KCSE_TOTAL_POINTS = 84;

/** The remarks a form carries until someone writes their own: from the mean grade's comment. */
export function defaultRemarks(
  row: Pick<MeritListRow, 'mean_grade' | 'status' | 'reason'>,
  commentOf: (grade: string) => string | null,
): ReportCard['remarks'] {
  if (row.status !== 'complete') {
    const why = row.reason ? sentence(row.reason) : 'The result is not complete.';
    return { class_teacher: why, principal: '' };
  }
  const comment = row.mean_grade ? commentOf(row.mean_grade) : null;
  if (!comment) return { class_teacher: '', principal: '' };
  return {
    class_teacher: sentence(comment),
    principal: `${sentence(comment)} Mean grade ${row.mean_grade}.`,
  };
}

/** "Good" → "Good."; text that already ends a sentence is kept. */
const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** "ACADEMIC REPORT FORM · Form 4 · End term · 2026 Term 3" */
export function reportTitle(
  levelOrClass: string,
  exam: { name: string; termName: string | null; yearName: string | null },
) {
  const term = [exam.yearName, exam.termName].filter(Boolean).join(' ');
  return ['ACADEMIC REPORT FORM', levelOrClass, exam.name, term].filter(Boolean).join(' · ');
}

/** A subject's deviation: this mark less the previous when both are numbers. */
const markDeviation = (now: unknown, before: unknown) =>
  typeof now === 'number' && typeof before === 'number'
    ? Math.round((now - before) * 100) / 100
    : null;

/** The summary boxes of a row of results. */
function summaryOf(results: ExamResults, row: MeritListRow): ReportSummary {
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

/**
 * Each student's mean in each exam of the year up to this one (in date order) that anyone of
 * the class sat, all in the measure of this exam's scheme so that one chart compares like with
 * like. Exams already ranked (this one, the previous) give their rows' means; the others are
 * graded here, each by its own scheme and the subjects' bands, from one query of the class's
 * marks in them, without ranking a level nobody looks at.
 */
async function trendMeans(
  db: Db,
  schoolId: number,
  studentId: number | undefined,
  results: ExamResults,
  yearExams: { id: number; name: string; scheme: GradingSchemeName }[],
  ranked: (readonly [number, Map<number, MeritListRow>])[],
) {
  // The students of this exam's list (the class they sat it in), wherever they are now.
  const listed = results.list.rows.map((r) => r.student_id);
  const charted = gradingScheme(results.list.exam.grading_scheme);
  const rowsOf = new Map(ranked);
  const others = yearExams.filter((e) => !rowsOf.has(e.id)).map((e) => e.id);
  const marks =
    others.length === 0 || listed.length === 0
      ? []
      : await db
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
              inArray(examScores.examId, others),
              inArray(examScores.studentId, studentId === undefined ? listed : [studentId]),
            ),
          );
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

/** The results of `examId` for the class, or null when the class does not sit it. */
async function classResults(db: Db, schoolId: number, examId: number, classId: number) {
  try {
    return await examResults(db, schoolId, examId, { classId });
  } catch (error) {
    if (error instanceof DomainError && error.status === 400) return null;
    throw error;
  }
}

const rowsById = (results: ExamResults | null) =>
  new Map((results?.list.rows ?? []).map((r) => [r.student_id, r]));

/**
 * The report cards of exam `examId` for class `classId` (or only student `studentId` of it), in
 * the order of the students' names: 404 for an exam or class of another school, a student not
 * in the class or one without marks in the exam.
 */
export async function reportCards(
  db: Db,
  schoolId: number,
  examId: number,
  classId: number,
  studentId?: number,
  { withFees = false }: { withFees?: boolean } = {},
): Promise<ReportCard[]> {
  const cards = (await buildReportCards(db, schoolId, examId, classId, studentId)).map(
    (c) => c.card,
  );
  if (withFees && cards.length > 0) {
    const balances = await feeBalancesOf(
      db,
      schoolId,
      cards.map((c) => c.student.id),
    );
    for (const card of cards) card.fee_balance_cents = balances.get(card.student.id) ?? null;
  }
  return cards;
}

/** The cards, each with the remarks it would carry without kept ones. */
async function buildReportCards(
  db: Db,
  schoolId: number,
  examId: number,
  classId: number,
  studentId?: number,
): Promise<{ card: ReportCard; defaults: ReportCard['remarks'] }[]> {
  const results = await examResults(db, schoolId, examId, { classId });
  const { exam, school, list } = results;
  const listedIds = list.rows.map((r) => r.student_id);
  const sittingClasses = [...new Set(list.rows.map((r) => r.class.id))];
  const [people, yearExams, nextTerm, attendance, teacherOf] = await Promise.all([
    db
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
          // Listed where they sat the exam; in the class now, to tell "no marks" from "not here".
          listedIds.length === 0
            ? eq(students.classId, classId)
            : or(eq(students.classId, classId), inArray(students.id, listedIds)),
          studentId === undefined ? undefined : eq(students.id, studentId),
        ),
      ),
    // The exams of this exam's academic year up to it, for the trend.
    exam.yearId === null
      ? Promise.resolve([{ id: exam.id, name: exam.name, scheme: list.exam.grading_scheme }])
      : db
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
          .orderBy(asc(exams.startDate), asc(exams.id)),
    exam.termEndDate === null
      ? Promise.resolve([{ opens: null }])
      : db
          .select({ opens: min(terms.startDate) })
          .from(terms)
          .where(and(eq(terms.schoolId, schoolId), gt(terms.startDate, exam.termEndDate))),
    termAttendance(db, schoolId, examId, classId, listedIds, studentId),
    subjectTeachersOn(db, schoolId, sittingClasses, exam.startDate),
  ]);

  const person = new Map(people.map((p) => [p.id, p]));
  const rows = list.rows
    .filter((r) => person.has(r.student_id))
    .sort((a, b) => a.name.localeCompare(b.name) || a.student_id - b.student_id);
  if (studentId !== undefined && rows.length === 0) {
    const named = person.get(studentId);
    if (!named) throw notFound('Student');
    throw new DomainError(`${named.name} has no marks in ${exam.name}`, 404);
  }
  if (rows.length === 0) return [];

  // The previous exam's results, ranked as this exam's are, for the boxes and deviations.
  const previous = list.previous_exam
    ? await classResults(db, schoolId, list.previous_exam.id, classId)
    : null;
  const previousRows = rowsById(previous);
  const trend = await trendMeans(db, schoolId, studentId, results, yearExams, [
    [exam.id, rowsById(results)],
    ...(previous ? [[previous.exam.id, previousRows] as const] : []),
  ]);

  const comments = new Map<string, string>();
  for (const subject of results.subjects.values()) {
    for (const band of subject.bands) {
      if (band.comment && !comments.has(band.code)) comments.set(band.code, band.comment);
    }
  }
  const listedClass = results.rankedClasses.find((c) => c.id === classId);
  const title = reportTitle(listedClass?.level ?? listedClass?.name ?? list.scope.name, {
    name: exam.name,
    termName: exam.termName,
    yearName: exam.yearName,
  });
  const opens = nextTerm[0]?.opens ?? null;
  const components = exam.components.map((c) => ({
    exam: { id: c.id, name: c.name },
    weight: c.weight,
  }));

  return rows.map((row) => {
    const who = person.get(row.student_id)!;
    const before = previousRows.get(row.student_id);
    const beforeMarks = new Map(before?.subjects.map((s) => [s.subject, s.mark]));
    const fallback = defaultRemarks(row, (grade) => comments.get(grade) ?? null);
    const parts = results.componentMarks.get(row.student_id);
    const card: ReportCard = {
      student: {
        id: row.student_id,
        name: row.name,
        admission_number: row.admission_number,
        class: row.class,
        level: listedClass?.level ?? null,
        // Printed as uploaded for now: a parent's consent to photos on forms comes with the trust issue.
        photo: who.photo,
      },
      school: {
        name: school.name,
        postal_address: school.postal_address,
        phone_number: school.phone_number,
        email: school.email,
        motto: school.motto,
        logo: school.logo,
      },
      exam: { id: exam.id, name: exam.name, term: exam.termName, year: exam.yearName },
      title,
      ranks: list.exam.ranks,
      components,
      summary: summaryOf(results, row),
      previous_exam: before ? list.previous_exam : null,
      previous: before && previous ? summaryOf(previous, before) : null,
      subjects: list.subjects.flatMap((column) => {
        const result = row.subjects.find((s) => s.subject === column.id);
        if (!result) return [];
        const bands = results.subjects.get(column.id)?.bands ?? [];
        return [
          {
            subject: column.id,
            name: column.name,
            code: column.code,
            mark: result.mark,
            component_marks: parts?.marks.map((m) => m[column.id] ?? null) ?? [],
            rescaled: parts?.rescaled.has(String(column.id)) ?? false,
            deviation: markDeviation(result.mark, beforeMarks.get(column.id)),
            grade: result.grade,
            points: result.points,
            position: result.position,
            entries: column.entries,
            comment: bands.find((b) => b.code === result.grade)?.comment ?? null,
            // Who taught the subject to the class the student sat the exam in.
            teacher: reportTeachersCell(teacherOf(row.class.id, column.id)),
          },
        ];
      }),
      trend: trend.map((e) => ({
        exam: e.id,
        name: e.name,
        mean: e.means.get(row.student_id) ?? null,
      })),
      remarks: {
        class_teacher: who.classTeacher ?? fallback.class_teacher,
        principal: who.principal ?? fallback.principal,
      },
      next_term_opens: opens,
      // Money is an admin's to see: reportCards adds it for them (modules/fees/access.ts).
      fee_balance_cents: null,
      attendance: attendance.get(row.student_id) ?? NO_ATTENDANCE,
    };
    return { card, defaults: fallback };
  });
}

type AttendanceRow = Omit<AttendanceCounts, 'rate'> & { student_id: number };

/**
 * Each student's register marks in the exam's term (the exam's own term, else the school's term
 * holding its start date), for the students of the class and those listed in the exam, in one
 * query for the whole class.
 */
async function termAttendance(
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

const NO_ATTENDANCE: AttendanceCounts = {
  recorded: 0,
  present: 0,
  absent: 0,
  late: 0,
  excused: 0,
  rate: null,
};

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

/**
 * PUT /exams/{id}/report_cards/{student}/remarks/: keeps what was sent (an emptied remark goes
 * back to the default) and answers the remarks the form now carries. Only a student with a form
 * (marks in the exam) has remarks.
 */
export async function saveReportRemarks(
  db: Db,
  schoolId: number,
  examId: number,
  studentId: number,
  classId: number,
  changes: { class_teacher?: string; principal?: string },
): Promise<ReportCard['remarks']> {
  const [built] = await buildReportCards(db, schoolId, examId, classId, studentId);
  const { card, defaults } = built!;
  const kept = (value: string | undefined) => (value === undefined ? undefined : value || null);
  const set = {
    classTeacher: kept(changes.class_teacher),
    principal: kept(changes.principal),
    updatedAt: new Date(),
  };
  await db
    .insert(reportRemarks)
    .values({ schoolId, examId, studentId, ...set })
    .onConflictDoUpdate({ target: [reportRemarks.examId, reportRemarks.studentId], set });
  const now = (field: 'class_teacher' | 'principal') => {
    const sent = changes[field];
    return sent === undefined ? card.remarks[field] : sent || defaults[field];
  };
  return { class_teacher: now('class_teacher'), principal: now('principal') };
}
