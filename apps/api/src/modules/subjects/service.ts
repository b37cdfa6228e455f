import {
  type createSubjectBody,
  type Subject,
  subjectCodeTakenMessage,
  subjectGroup,
  subjectHasScoresMessage,
  type updateSubjectBody,
} from '@shule/shared/subjects';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { classes, examScores, subjectClasses, subjects } from '../../db/schema/index';
import { deleteUnlessUsed, findInSchool, ofSchool, takenInSchool } from '../../db/school-rows';
import { conflict, notFound } from '../../errors';
import { renameSubjectAreas } from '../cbc/index';
import { addBandsForSubject, lockSchoolGrading } from '../subject-grades/index';

/** Subjects with their class ids, aggregated in SQL: one query for the whole list. */
async function selectSubjects(db: Db | Tx, where: SQL): Promise<Subject[]> {
  const rows = await db
    .select({
      id: subjects.id,
      name: subjects.name,
      code: subjects.code,
      description: subjects.description,
      classes: sql<number[]>`coalesce(
        json_agg(${subjectClasses.classId} order by ${subjectClasses.classId})
          filter (where ${subjectClasses.classId} is not null),
        '[]'::json)`,
      kcseGroup: subjects.kcseGroup,
      school: subjects.schoolId,
    })
    .from(subjects)
    .leftJoin(subjectClasses, eq(subjectClasses.subjectId, subjects.id))
    .where(where)
    .groupBy(subjects.id)
    .orderBy(asc(subjects.name), asc(subjects.id));
  return rows.map(({ kcseGroup, ...row }) => ({
    ...row,
    group: subjectGroup(kcseGroup, row.code),
  }));
}

/** GET /grades/subjects/ */
export const listSubjects = (db: Db, schoolId: number) =>
  selectSubjects(db, eq(subjects.schoolId, schoolId));

/** GET /grades/subjects/{id}/ */
export async function getSubject(db: Db | Tx, schoolId: number, subjectId: number) {
  const [subject] = await selectSubjects(db, ofSchool(subjects, schoolId, subjectId));
  if (!subject) throw notFound('Subject');
  return subject;
}

async function assertCodeFree(tx: Tx, schoolId: number, code: string, exceptId?: number) {
  if (await takenInSchool(tx, schoolId, subjects, eq(subjects.code, code), exceptId)) {
    throw conflict(subjectCodeTakenMessage(code));
  }
}

/** The classes, all of the caller's school (404 otherwise), locked against deletion meanwhile. */
async function assertOwnClasses(tx: Tx, schoolId: number, classIds: number[]) {
  const unique = [...new Set(classIds)];
  if (unique.length === 0) return unique;
  const found = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(inArray(classes.id, unique), eq(classes.schoolId, schoolId)))
    .for('share');
  if (found.length !== unique.length) throw notFound('Class');
  return unique;
}

async function insertSubjectClasses(tx: Tx, schoolId: number, subjectId: number, ids: number[]) {
  if (ids.length === 0) return;
  await tx.insert(subjectClasses).values(ids.map((classId) => ({ schoolId, subjectId, classId })));
}

/** POST /grades/subjects/: the subject, its classes and its bands (one per grade), together. */
export function createSubject(db: Db, schoolId: number, input: z.output<typeof createSubjectBody>) {
  return db.transaction(async (tx) => {
    await lockSchoolGrading(tx, schoolId);
    await assertCodeFree(tx, schoolId, input.code);
    const classIds = await assertOwnClasses(tx, schoolId, input.classes ?? []);
    const [created] = await tx
      .insert(subjects)
      .values({
        schoolId,
        name: input.name,
        code: input.code,
        description: input.description ?? null,
        kcseGroup: input.group ?? null,
      })
      .returning({ id: subjects.id });
    await insertSubjectClasses(tx, schoolId, created!.id, classIds);
    await addBandsForSubject(tx, schoolId, created!.id);
    return getSubject(tx, schoolId, created!.id);
  });
}

/** PATCH /grades/subjects/{id}/: `classes`, when sent, replaces the subject's classes. */
export function updateSubject(
  db: Db,
  schoolId: number,
  subjectId: number,
  input: z.output<typeof updateSubjectBody>,
) {
  return db.transaction(async (tx) => {
    await findInSchool(tx, schoolId, subjects, subjectId, 'Subject', { lock: 'update' });
    if (input.code !== undefined) await assertCodeFree(tx, schoolId, input.code, subjectId);
    const { name, code, description, group } = input;
    if ([name, code, description, group].some((v) => v !== undefined)) {
      await tx
        .update(subjects)
        .set({ name, code, description, kcseGroup: group })
        .where(ofSchool(subjects, schoolId, subjectId));
    }
    if (name !== undefined) await renameSubjectAreas(tx, schoolId, subjectId, name);
    if (input.classes !== undefined) {
      const classIds = await assertOwnClasses(tx, schoolId, input.classes);
      await tx.delete(subjectClasses).where(eq(subjectClasses.subjectId, subjectId));
      await insertSubjectClasses(tx, schoolId, subjectId, classIds);
    }
    return getSubject(tx, schoolId, subjectId);
  });
}

/** DELETE /grades/subjects/{id}/: refused (409) while exam scores use the subject. */
export const deleteSubject = (db: Db, schoolId: number, subjectId: number) =>
  deleteUnlessUsed(db, schoolId, subjects, subjectId, 'Subject', {
    usedBy: examScores.subjectId,
    columns: { name: subjects.name },
    inUseMessage: (subject, count) => subjectHasScoresMessage(subject.name, count),
  });
