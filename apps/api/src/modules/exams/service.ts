import { todayIn } from '@shule/shared/date-status';
import {
  type createExamBody,
  type Exam,
  examHasScoresMessage,
  examStatus,
  type updateExamBody,
} from '@shule/shared/exams';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { datesAfterChange } from '../../date-ranges';
import type { Db } from '../../db/client';
import { examScores, exams } from '../../db/schema/index';
import { deleteUnlessUsed, findInSchool, ofSchool } from '../../db/school-rows';

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
  const row = await findInSchool(db, schoolId, exams, examId, 'Exam', { columns: examColumns });
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
    const existing = await findInSchool(tx, schoolId, exams, examId, 'Exam', {
      columns: examColumns,
      lock: 'update',
    });
    datesAfterChange(existing, input); // 400 when the end would fall before the start
    const [row] = await tx
      .update(exams)
      .set({
        name: input.name,
        startDate: input.start_date,
        endDate: input.end_date,
        isCompleted: input.is_completed,
      })
      .where(ofSchool(exams, schoolId, examId))
      .returning(examColumns);
    return withStatus(row!, today);
  });
}

/** DELETE /grades/exams/{id}/: refused (409) while the exam has scores. */
export const deleteExam = (db: Db, schoolId: number, examId: number) =>
  deleteUnlessUsed(db, schoolId, exams, examId, 'Exam', {
    usedBy: examScores.examId,
    columns: { name: exams.name },
    inUseMessage: (exam, count) => examHasScoresMessage(exam.name, count),
  });
