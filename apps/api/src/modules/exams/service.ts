import { todayIn } from '@shule/shared/date-status';
import {
  type createExamBody,
  type Exam,
  examHasScoresMessage,
  examStatus,
  type updateExamBody,
} from '@shule/shared/exams';
import type { GradingSchemeName } from '@shule/shared/results/scheme';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { datesAfterChange } from '../../date-ranges';
import type { Db, Tx } from '../../db/client';
import { classes, examClasses, examScores, exams, terms } from '../../db/schema/index';
import { deleteUnlessUsed, findInSchool, ofSchool } from '../../db/school-rows';
import { notFound } from '../../errors';

const examColumns = {
  id: exams.id,
  name: exams.name,
  start_date: exams.startDate,
  end_date: exams.endDate,
  is_completed: exams.isCompleted,
  school: exams.schoolId,
  term: exams.termId,
  grading_scheme: sql<GradingSchemeName | null>`${exams.gradingScheme}`,
  levels: exams.levels,
  classes: sql<number[]>`coalesce((
    select json_agg(ec.class_id order by ec.class_id) from exam_classes ec where ec.exam_id = "exams"."id"
  ), '[]'::json)`,
};

type ExamRow = Omit<Exam, 'is_ongoing' | 'status'>;
const withStatus = (row: ExamRow, today: string): Exam => ({
  ...row,
  ...examStatus(row, today),
});

type ExamInput = z.output<typeof createExamBody> | z.output<typeof updateExamBody>;

/** The term and classes an exam names, all of the caller's school (404 otherwise), share-locked. */
async function assertOwnSittings(tx: Tx, schoolId: number, input: ExamInput) {
  if (input.term != null) {
    await findInSchool(tx, schoolId, terms, input.term, 'Term', { lock: 'share' });
  }
  const classIds = [...new Set(input.classes ?? [])];
  if (classIds.length > 0) {
    const found = await tx
      .select({ id: classes.id })
      .from(classes)
      .where(and(inArray(classes.id, classIds), eq(classes.schoolId, schoolId)))
      .for('share');
    if (found.length !== classIds.length) throw notFound('Class');
  }
  return classIds;
}

/** Replaces the classes that sit exam `examId`, when `classIds` is given. */
async function setExamClasses(tx: Tx, schoolId: number, examId: number, classIds?: number[]) {
  if (classIds === undefined) return;
  await tx.delete(examClasses).where(eq(examClasses.examId, examId));
  if (classIds.length > 0) {
    await tx.insert(examClasses).values(classIds.map((classId) => ({ schoolId, examId, classId })));
  }
}

const uniqueLevels = (levels?: string[]) => (levels ? [...new Set(levels)] : undefined);

/** GET /grades/exams/: the latest first. */
export async function listExams(db: Db, schoolId: number, today = todayIn()) {
  const rows = await db
    .select(examColumns)
    .from(exams)
    .where(eq(exams.schoolId, schoolId))
    .orderBy(desc(exams.startDate), desc(exams.id));
  return rows.map((row) => withStatus(row, today));
}

/** GET /grades/exams/{id}/ */
export async function getExam(db: Db, schoolId: number, examId: number, today = todayIn()) {
  const row = await findInSchool(db, schoolId, exams, examId, 'Exam', { columns: examColumns });
  return withStatus(row, today);
}

async function selectExam(tx: Tx, examId: number, today: string) {
  const [row] = await tx.select(examColumns).from(exams).where(eq(exams.id, examId));
  return withStatus(row!, today);
}

/** POST /grades/exams/ */
export async function createExam(
  db: Db,
  schoolId: number,
  input: z.output<typeof createExamBody>,
  today = todayIn(),
) {
  return db.transaction(async (tx) => {
    const classIds = await assertOwnSittings(tx, schoolId, input);
    const [created] = await tx
      .insert(exams)
      .values({
        schoolId,
        name: input.name,
        startDate: input.start_date,
        endDate: input.end_date,
        isCompleted: input.is_completed ?? false,
        termId: input.term ?? null,
        gradingScheme: input.grading_scheme ?? null,
        levels: uniqueLevels(input.levels) ?? [],
      })
      .returning({ id: exams.id });
    await setExamClasses(tx, schoolId, created!.id, classIds);
    return selectExam(tx, created!.id, today);
  });
}

/** PATCH /grades/exams/{id}/: the dates are checked as they will be after the change. */
export function updateExam(
  db: Db,
  schoolId: number,
  examId: number,
  input: z.output<typeof updateExamBody>,
  today = todayIn(),
) {
  return db.transaction(async (tx) => {
    const existing = await findInSchool(tx, schoolId, exams, examId, 'Exam', {
      columns: examColumns,
      lock: 'update',
    });
    datesAfterChange(existing, input); // 400 when the end would fall before the start
    const classIds = await assertOwnSittings(tx, schoolId, input);
    const changes = {
      name: input.name,
      startDate: input.start_date,
      endDate: input.end_date,
      isCompleted: input.is_completed,
      termId: input.term,
      gradingScheme: input.grading_scheme,
      levels: uniqueLevels(input.levels),
    };
    if (Object.values(changes).some((v) => v !== undefined)) {
      await tx
        .update(exams)
        .set(changes)
        .where(ofSchool(exams, schoolId, examId));
    }
    await setExamClasses(tx, schoolId, examId, input.classes && classIds);
    return selectExam(tx, examId, today);
  });
}

/** DELETE /grades/exams/{id}/: refused (409) while the exam has scores. */
export const deleteExam = (db: Db, schoolId: number, examId: number) =>
  deleteUnlessUsed(db, schoolId, exams, examId, 'Exam', {
    usedBy: examScores.examId,
    columns: { name: exams.name },
    inUseMessage: (exam, count) => examHasScoresMessage(exam.name, count),
  });
