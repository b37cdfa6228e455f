import { END_BEFORE_START_MESSAGE, isEndBeforeStart, todayIn } from '@shule/shared/date-status';
import {
  type createExamBody,
  type Exam,
  examHasScoresMessage,
  examStatus,
  type updateExamBody,
} from '@shule/shared/exams';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { examScores, exams } from '../../db/schema/index';
import { conflict, invalid, notFound } from '../../errors';

const examColumns = {
  id: exams.id,
  name: exams.name,
  start_date: exams.startDate,
  end_date: exams.endDate,
  is_completed: exams.isCompleted,
  school: exams.schoolId,
};

type ExamRow = Omit<Exam, 'is_ongoing' | 'status'>;
const withStatus = (row: ExamRow, today: string): Exam => {
  const { is_ongoing, status } = examStatus(row, today);
  return {
    id: row.id,
    name: row.name,
    start_date: row.start_date,
    end_date: row.end_date,
    is_completed: row.is_completed,
    is_ongoing,
    status,
    school: row.school,
  };
};

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
  const [row] = await db
    .select(examColumns)
    .from(exams)
    .where(and(eq(exams.id, examId), eq(exams.schoolId, schoolId)));
  if (!row) throw notFound('Exam');
  return withStatus(row, today);
}

/** POST /grades/exams/ */
export async function createExam(
  db: Db,
  schoolId: number,
  input: z.output<typeof createExamBody>,
  today = todayIn(),
) {
  const [row] = await db
    .insert(exams)
    .values({
      schoolId,
      name: input.name,
      startDate: input.start_date,
      endDate: input.end_date,
      isCompleted: input.is_completed ?? false,
    })
    .returning(examColumns);
  return withStatus(row!, today);
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
    const where = and(eq(exams.id, examId), eq(exams.schoolId, schoolId));
    const [existing] = await tx.select(examColumns).from(exams).where(where).for('update');
    if (!existing) throw notFound('Exam');
    const next = {
      start_date: input.start_date ?? existing.start_date,
      end_date: input.end_date ?? existing.end_date,
    };
    if (isEndBeforeStart(next)) throw invalid('end_date', END_BEFORE_START_MESSAGE);
    const [row] = await tx
      .update(exams)
      .set({
        name: input.name,
        startDate: input.start_date,
        endDate: input.end_date,
        isCompleted: input.is_completed,
      })
      .where(where)
      .returning(examColumns);
    return withStatus(row!, today);
  });
}

/**
 * DELETE /grades/exams/{id}/: refused (409) while the exam has scores. The row lock makes a
 * score save for this exam wait, so no score slips in between count and delete.
 */
export function deleteExam(db: Db, schoolId: number, examId: number) {
  return db.transaction(async (tx) => {
    const where = and(eq(exams.id, examId), eq(exams.schoolId, schoolId));
    const [exam] = await tx
      .select({ id: exams.id, name: exams.name })
      .from(exams)
      .where(where)
      .for('update');
    if (!exam) throw notFound('Exam');
    const [scores] = await tx
      .select({ n: count() })
      .from(examScores)
      .where(eq(examScores.examId, examId));
    if ((scores?.n ?? 0) > 0) throw conflict(examHasScoresMessage(exam.name, scores!.n));
    await tx.delete(exams).where(where);
  });
}
