import type { AttendanceCounts } from '@shule/shared/attendance';
import type { MeritListRow } from '@shule/shared/results/merit-list';
import type { ReportCard } from '@shule/shared/results/report-cards';
import type { GradingSchemeName } from '@shule/shared/results/scheme';
import { isSeniorLevel } from '@shule/shared/senior';
import { reportTeachersCell } from '@shule/shared/teaching';
import type { Db } from '../../db/client';
import { DomainError, notFound } from '../../errors';
import { feeBalancesOf } from '../fees/index';
import { kjseaBaselines } from '../senior/index';
import { subjectTeachersOn } from '../teaching/index';
import { summaryOf, trendMeansOf } from './compute';
import {
  selectMarksIn,
  selectNextTermStart,
  selectReportStudents,
  selectTermAttendance,
  selectYearExams,
  upsertReportRemarks,
} from './queries';
import { examResults } from './service';
import type { ExamResults } from './types';

/**
 * Report forms: one card per student of a class, built from the exam's results (examResults:
 * positions in the stream and in the level), the previous exam's, the student's means over the
 * year's exams, the kept remarks and the next term's opening date. The queries (queries.ts)
 * are a handful per exam of the year, whatever the size of the class.
 */

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

/**
 * Each student's mean in each exam of the year up to this one (in date order) that anyone of
 * the class sat, in the measure of this exam's scheme: the exams already ranked (this one, the
 * previous) give their rows' means, the others are graded from one query of the class's marks
 * in them.
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
  const rankedIds = new Set(ranked.map(([id]) => id));
  const others = yearExams.filter((e) => !rankedIds.has(e.id)).map((e) => e.id);
  const marks =
    others.length === 0 || listed.length === 0
      ? []
      : await selectMarksIn(db, schoolId, others, studentId === undefined ? listed : [studentId]);
  return trendMeansOf(results, yearExams, ranked, marks);
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
  const senior = cards.filter((c) => isSeniorLevel(c.student.level));
  if (senior.length > 0) {
    const baselines = await kjseaBaselines(
      db,
      schoolId,
      senior.map((c) => c.student.id),
    );
    for (const card of senior) {
      const baseline = baselines.get(card.student.id);
      if (baseline) card.kjsea = baseline;
    }
  }
  return cards;
}

type ReportStudent = Awaited<ReturnType<typeof selectReportStudents>>[number];

/** What every card of a class reads beside its own row. */
interface FormContext {
  results: ExamResults;
  previous: ExamResults | null;
  previousRows: Map<number, MeritListRow>;
  person: Map<number, ReportStudent>;
  trend: { id: number; name: string; means: Map<number, number | null> }[];
  attendance: Map<number, AttendanceCounts>;
  teacherOf: Awaited<ReturnType<typeof subjectTeachersOn>>;
  opens: string | null;
  /** A school grade's comment, by grade code: the default remarks. */
  comments: Map<string, string>;
  level: string | null;
  title: string;
}

/** The students of the list who are to have a card, by name; 404 for one student without marks. */
function cardRows(results: ExamResults, person: Map<number, ReportStudent>, studentId?: number) {
  const rows = results.list.rows
    .filter((r) => person.has(r.student_id))
    .sort((a, b) => a.name.localeCompare(b.name) || a.student_id - b.student_id);
  if (studentId !== undefined && rows.length === 0) {
    const named = person.get(studentId);
    if (!named) throw notFound('Student');
    throw new DomainError(`${named.name} has no marks in ${results.exam.name}`, 404);
  }
  return rows;
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
  const { exam, list } = results;
  const listedIds = list.rows.map((r) => r.student_id);
  const sittingClasses = [...new Set(list.rows.map((r) => r.class.id))];
  const [people, yearExams, opens, attendance, teacherOf] = await Promise.all([
    selectReportStudents(db, schoolId, examId, classId, listedIds, studentId),
    selectYearExams(db, schoolId, exam, list.exam.grading_scheme),
    selectNextTermStart(db, schoolId, exam),
    selectTermAttendance(db, schoolId, examId, classId, listedIds, studentId),
    subjectTeachersOn(db, schoolId, sittingClasses, exam.startDate),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const rows = cardRows(results, person, studentId);
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
  const listedClass = results.rankedClasses.find((c) => c.id === classId);
  const form: FormContext = {
    results,
    previous,
    previousRows,
    person,
    trend,
    attendance,
    teacherOf,
    opens,
    comments: gradeComments(results),
    level: listedClass?.level ?? null,
    title: reportTitle(listedClass?.level ?? listedClass?.name ?? list.scope.name, exam),
  };
  return rows.map((row) => cardOf(row, form));
}

/** Each school grade's comment, as the first subject with one gives it. */
function gradeComments(results: ExamResults) {
  const comments = new Map<string, string>();
  for (const subject of results.subjects.values()) {
    for (const band of subject.bands) {
      if (band.comment && !comments.has(band.code)) comments.set(band.code, band.comment);
    }
  }
  return comments;
}

/** The subject lines of a card, in the list's column order. */
function subjectLines(row: MeritListRow, form: FormContext): ReportCard['subjects'] {
  const { results } = form;
  const parts = results.componentMarks.get(row.student_id);
  const before = form.previousRows.get(row.student_id);
  const beforeMarks = new Map(before?.subjects.map((s) => [s.subject, s.mark]));
  return results.list.subjects.flatMap((column) => {
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
        teacher: reportTeachersCell(form.teacherOf(row.class.id, column.id)),
      },
    ];
  });
}

function cardOf(row: MeritListRow, form: FormContext) {
  const { results, previous } = form;
  const { exam, school, list } = results;
  const who = form.person.get(row.student_id)!;
  const before = form.previousRows.get(row.student_id);
  const fallback = defaultRemarks(row, (grade) => form.comments.get(grade) ?? null);
  const card: ReportCard = {
    student: {
      id: row.student_id,
      name: row.name,
      admission_number: row.admission_number,
      class: row.class,
      level: form.level,
      // Printed as uploaded: no consent to photos on forms is asked for yet.
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
    title: form.title,
    ranks: list.exam.ranks,
    components: exam.components.map((c) => ({
      exam: { id: c.id, name: c.name },
      weight: c.weight,
    })),
    summary: summaryOf(results, row),
    previous_exam: before ? list.previous_exam : null,
    previous: before && previous ? summaryOf(previous, before) : null,
    subjects: subjectLines(row, form),
    trend: form.trend.map((e) => ({
      exam: e.id,
      name: e.name,
      mean: e.means.get(row.student_id) ?? null,
    })),
    remarks: {
      class_teacher: who.classTeacher ?? fallback.class_teacher,
      principal: who.principal ?? fallback.principal,
    },
    next_term_opens: form.opens,
    // Money is an admin's to see: reportCards adds it for them (modules/fees/access.ts).
    fee_balance_cents: null,
    attendance: form.attendance.get(row.student_id) ?? NO_ATTENDANCE,
  };
  return { card, defaults: fallback };
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
  await upsertReportRemarks(db, schoolId, examId, studentId, {
    classTeacher: kept(changes.class_teacher),
    principal: kept(changes.principal),
  });
  const now = (field: 'class_teacher' | 'principal') => {
    const sent = changes[field];
    return sent === undefined ? card.remarks[field] : sent || defaults[field];
  };
  return { class_teacher: now('class_teacher'), principal: now('principal') };
}
