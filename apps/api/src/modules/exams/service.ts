import {
  combinedHasScoresMessage,
  combinedWithItselfMessage,
  componentIsCombinedMessage,
  componentNotFoundMessage,
  type createExamBody,
  type Exam,
  type ExamComponent,
  examHasScoresMessage,
  examStatus,
  partOfCombinedMessage,
  type updateExamBody,
} from '@shule/shared/exams';
import type { GradingSchemeName } from '@shule/shared/results/scheme';
import { todayIn } from '@shule/shared/school-time';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { datesAfterChange } from '../../date-ranges';
import type { Db, Tx } from '../../db/client';
import {
  classes,
  examClasses,
  examComponents,
  examScores,
  exams,
  terms,
} from '../../db/schema/index';
import { findInSchool, ofSchool } from '../../db/school-rows';
import { conflict, invalid, notFound } from '../../errors';

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
  components: sql<ExamComponent[]>`coalesce((
    select json_agg(json_build_object('exam', c.component_exam_id, 'weight', c.weight)
                    order by ce.start_date, ce.id)
    from exam_components c join exams ce on ce.id = c.component_exam_id
    where c.exam_id = "exams"."id"
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

/**
 * The exams a combined exam will take its marks from, when `input.components` is given: the
 * caller's school's ordinary exams, not the exam itself (400 on `components` otherwise),
 * share-locked so that none is deleted or made combined meanwhile. `exam` is the exam being
 * changed: one with marks entered, or one another exam combines, cannot become combined (409).
 */
async function assertComponents(
  tx: Tx,
  schoolId: number,
  input: ExamInput,
  exam?: { id: number; name: string },
): Promise<ExamComponent[] | undefined> {
  if (input.components === undefined) return undefined;
  const components = input.components ?? [];
  if (components.length === 0) return components;
  if (exam && components.some((c) => c.exam === exam.id)) {
    throw invalid('components', combinedWithItselfMessage);
  }
  const found = await tx
    .select({
      id: exams.id,
      name: exams.name,
      combined: sql<boolean>`exists (select 1 from exam_components c where c.exam_id = ${exams.id})`,
    })
    .from(exams)
    .where(
      and(
        inArray(
          exams.id,
          components.map((c) => c.exam),
        ),
        eq(exams.schoolId, schoolId),
      ),
    )
    .for('share');
  if (found.length !== components.length) throw invalid('components', componentNotFoundMessage);
  const combined = found.find((e) => e.combined);
  if (combined) throw invalid('components', componentIsCombinedMessage(combined.name));
  if (exam) {
    const [scores] = await tx
      .select({ n: count() })
      .from(examScores)
      .where(eq(examScores.examId, exam.id));
    if (scores && scores.n > 0) throw conflict(combinedHasScoresMessage(exam.name, scores.n));
    await assertNotAComponent(tx, exam);
  }
  return components;
}

/** 409 "… is part of combined exam X" when a combined exam takes marks from `exam`. */
async function assertNotAComponent(tx: Tx, exam: { id: number; name: string }) {
  const [combined] = await tx
    .select({ name: exams.name })
    .from(examComponents)
    .innerJoin(exams, eq(exams.id, examComponents.examId))
    .where(eq(examComponents.componentExamId, exam.id))
    .orderBy(exams.startDate, exams.id)
    .limit(1);
  if (combined) throw conflict(partOfCombinedMessage(exam.name, combined.name));
}

/** Replaces the exams a combined exam takes its marks from, when `components` is given. */
async function setExamComponents(
  tx: Tx,
  schoolId: number,
  examId: number,
  components?: ExamComponent[],
) {
  if (components === undefined) return;
  await tx.delete(examComponents).where(eq(examComponents.examId, examId));
  if (components.length > 0) {
    await tx.insert(examComponents).values(
      components.map((c) => ({
        schoolId,
        examId,
        componentExamId: c.exam,
        weight: c.weight,
      })),
    );
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
    const components = await assertComponents(tx, schoolId, input);
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
    await setExamComponents(tx, schoolId, created!.id, components);
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
    const components = await assertComponents(tx, schoolId, input, existing);
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
    await setExamComponents(tx, schoolId, examId, components);
    return selectExam(tx, examId, today);
  });
}

/**
 * DELETE /grades/exams/{id}/: refused (409) while a combined exam takes marks from it or it has
 * scores. The exam is locked first, so a score or a combined exam naming it at the same moment
 * waits for us (their foreign key checks need the row).
 */
export const deleteExam = (db: Db, schoolId: number, examId: number) =>
  db.transaction(async (tx) => {
    const exam = await findInSchool(tx, schoolId, exams, examId, 'Exam', {
      columns: { id: exams.id, name: exams.name },
      lock: 'update',
    });
    await assertNotAComponent(tx, exam);
    const [scores] = await tx
      .select({ n: count() })
      .from(examScores)
      .where(eq(examScores.examId, examId));
    if (scores && scores.n > 0) throw conflict(examHasScoresMessage(exam.name, scores.n));
    await tx.delete(exams).where(ofSchool(exams, schoolId, examId));
  });
