import {
  type applyCbcScaleBody,
  CBC_SCALE_CONFLICT_MESSAGE,
  type createGradeBody,
  type Grade,
  gradeCodeTakenMessage,
  KCSE_SCALE_CONFLICT_MESSAGE,
  type updateGradeBody,
} from '@shule/shared/grades';
import { CBC_SCALE_GRADES, type ScaleGrade } from '@shule/shared/grading-scales';
import { KCSE_SCALE } from '@shule/shared/kcse';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { grades, schools, subjectGrades, subjects } from '../../db/schema/index';
import { deleteInSchool, findInSchool, ofSchool, takenInSchool } from '../../db/school-rows';
import { conflict } from '../../errors';
import { addBandsForGrade, lockSchoolGrading } from '../subject-grades/index';

const gradeColumns = {
  id: grades.id,
  name: grades.name,
  code: grades.code,
  points: grades.points,
  comments: grades.comments,
  school: grades.schoolId,
};

/** GET /grades/grades/: most points first, then by code. */
export function listGrades(db: Db, schoolId: number): Promise<Grade[]> {
  return db
    .select(gradeColumns)
    .from(grades)
    .where(eq(grades.schoolId, schoolId))
    .orderBy(sql`${grades.points} desc nulls last`, asc(grades.code), desc(grades.id));
}

async function assertCodeFree(tx: Tx, schoolId: number, code: string, exceptId?: number) {
  if (await takenInSchool(tx, schoolId, grades, eq(grades.code, code), exceptId)) {
    throw conflict(gradeCodeTakenMessage(code));
  }
}

/** POST /grades/grades/: the grade and an empty band for it in every subject, together. */
export function createGrade(db: Db, schoolId: number, input: z.output<typeof createGradeBody>) {
  return db.transaction(async (tx): Promise<Grade> => {
    await lockSchoolGrading(tx, schoolId);
    await assertCodeFree(tx, schoolId, input.code);
    const [grade] = await tx
      .insert(grades)
      .values({
        schoolId,
        name: input.name,
        code: input.code,
        points: input.points ?? null,
        comments: input.comments ?? null,
      })
      .returning(gradeColumns);
    await addBandsForGrade(tx, schoolId, grade!.id);
    return grade!;
  });
}

/** PATCH /grades/grades/{id}/ */
export function updateGrade(
  db: Db,
  schoolId: number,
  gradeId: number,
  input: z.output<typeof updateGradeBody>,
) {
  return db.transaction(async (tx): Promise<Grade> => {
    await findInSchool(tx, schoolId, grades, gradeId, 'Grade', { lock: 'update' });
    if (input.code !== undefined) await assertCodeFree(tx, schoolId, input.code, gradeId);
    const [grade] = await tx
      .update(grades)
      .set({
        name: input.name,
        code: input.code,
        points: input.points,
        comments: input.comments,
      })
      .where(ofSchool(grades, schoolId, gradeId))
      .returning(gradeColumns);
    return grade!;
  });
}

/** DELETE /grades/grades/{id}/: its bands go with it (scores keep their marks, not grades). */
export const deleteGrade = (db: Db, schoolId: number, gradeId: number) =>
  deleteInSchool(db, schoolId, grades, gradeId, 'Grade');

/**
 * A one-click scale on a school with no grades: its grades and their default bands for every
 * subject, and the school's grading scheme, in one transaction. The school is locked (see
 * lockSchoolGrading) so that two clicks at once cannot both apply it.
 */
function applyScale(
  db: Db,
  schoolId: number,
  scale: readonly ScaleGrade[],
  { scheme, conflictMessage }: { scheme: 'kcse' | 'cbc'; conflictMessage: string },
) {
  return db.transaction(async (tx): Promise<Grade[]> => {
    await lockSchoolGrading(tx, schoolId);
    const [existing] = await tx
      .select({ n: count() })
      .from(grades)
      .where(eq(grades.schoolId, schoolId));
    if ((existing?.n ?? 0) > 0) throw conflict(conflictMessage);

    const created = await tx
      .insert(grades)
      .values(
        scale.map((k) => ({
          schoolId,
          name: k.name,
          code: k.code,
          points: k.points,
          comments: k.comments,
        })),
      )
      .returning(gradeColumns);

    const schoolSubjects = await tx
      .select({ id: subjects.id })
      .from(subjects)
      .where(eq(subjects.schoolId, schoolId));
    if (schoolSubjects.length > 0) {
      const bandOf = new Map(scale.map((k) => [k.code, k]));
      await tx.insert(subjectGrades).values(
        schoolSubjects.flatMap((subject) =>
          created.map((grade) => ({
            schoolId,
            subjectId: subject.id,
            gradeId: grade.id,
            minScore: bandOf.get(grade.code)!.min_score,
            maxScore: bandOf.get(grade.code)!.max_score,
          })),
        ),
      );
    }
    await tx.update(schools).set({ gradingScheme: scheme }).where(eq(schools.id, schoolId));
    return created.sort((a, b) => (b.points ?? 0) - (a.points ?? 0));
  });
}

/** POST /grades/grades/kcse/: the twelve KCSE grades; the school then grades by KCSE's rule. */
export const applyKcseScale = (db: Db, schoolId: number) =>
  applyScale(db, schoolId, KCSE_SCALE, {
    scheme: 'kcse',
    conflictMessage: KCSE_SCALE_CONFLICT_MESSAGE,
  });

/** POST /grades/grades/cbc/: KJSEA's eight levels or the four-level rubric; no positions. */
export const applyCbcScale = (
  db: Db,
  schoolId: number,
  { scale }: z.output<typeof applyCbcScaleBody>,
) =>
  applyScale(db, schoolId, CBC_SCALE_GRADES[scale], {
    scheme: 'cbc',
    conflictMessage: CBC_SCALE_CONFLICT_MESSAGE,
  });
