import {
  type BandToCheck,
  bandProblems,
  type batchUpdateBandsBody,
  type SubjectGradeItem,
} from '@shule/shared/grades';
import { scaleDefaultBand } from '@shule/shared/grading-scales';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { grades, schools, subjectGrades, subjects } from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { invalid, notFound } from '../../errors';

/**
 * A subject's grading bands: one subject_grades row per grade of the school. Rows are created
 * here when a grade or a subject is created, so every subject always has one per grade.
 */

/**
 * Serialises the creation of grades and subjects within one school, so that a grade and a
 * subject created at the same moment each see the other and no subject misses a band.
 * NO KEY UPDATE does not block the inserts elsewhere that merely reference the school.
 */
export async function lockSchoolGrading(tx: Tx, schoolId: number) {
  await tx
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .for('no key update');
}

/** A new grade gets an empty band in every subject of the school. */
export async function addBandsForGrade(tx: Tx, schoolId: number, gradeId: number) {
  await tx.execute(sql`
    insert into ${subjectGrades} (school_id, subject_id, grade_id)
    select ${subjects.schoolId}, ${subjects.id}, ${gradeId} from ${subjects}
    where ${subjects.schoolId} = ${schoolId}
    on conflict do nothing`);
}

/**
 * A new subject gets a band for every grade of the school: the default band for a grade that
 * is still a grade of a one-click scale (see scaleDefaultBand), an empty band for any other.
 */
export async function addBandsForSubject(tx: Tx, schoolId: number, subjectId: number) {
  const schoolGrades = await tx
    .select({ id: grades.id, code: grades.code, points: grades.points })
    .from(grades)
    .where(eq(grades.schoolId, schoolId));
  if (schoolGrades.length === 0) return;
  await tx.insert(subjectGrades).values(
    schoolGrades.map((grade) => {
      const band = scaleDefaultBand(grade);
      return {
        schoolId,
        subjectId,
        gradeId: grade.id,
        minScore: band?.min_score ?? null,
        maxScore: band?.max_score ?? null,
      };
    }),
  );
}

const itemColumns = {
  id: subjectGrades.id,
  subjectId: subjectGrades.subjectId,
  gradeId: grades.id,
  gradeName: grades.name,
  gradeCode: grades.code,
  minScore: subjectGrades.minScore,
  maxScore: subjectGrades.maxScore,
};

type ItemRow = {
  id: number;
  subjectId: number;
  gradeId: number;
  gradeName: string;
  gradeCode: string;
  minScore: number | null;
  maxScore: number | null;
};

const toItem = (row: ItemRow): SubjectGradeItem => ({
  id: row.id,
  grade: { id: row.gradeId, name: row.gradeName, code: row.gradeCode },
  min_score: row.minScore,
  max_score: row.maxScore,
});

/** Bands in the order of their grades: most points first, then by code. */
function selectItems(db: Db | Tx, where: SQL) {
  return db
    .select(itemColumns)
    .from(subjectGrades)
    .innerJoin(grades, eq(grades.id, subjectGrades.gradeId))
    .where(where)
    .orderBy(
      asc(subjectGrades.subjectId),
      sql`${grades.points} desc nulls last`,
      asc(grades.code),
      desc(grades.id),
    );
}

/** GET /grades/subject_grades/?subject= */
export async function listBands(db: Db, schoolId: number, subjectId: number) {
  await findInSchool(db, schoolId, subjects, subjectId, 'Subject');
  const rows = await selectItems(
    db,
    and(eq(subjectGrades.subjectId, subjectId), eq(subjectGrades.schoolId, schoolId))!,
  );
  return rows.map(toItem);
}

/**
 * PATCH /grades/subject_grades/batch_update/: all the changes or none. Each subject's bands are
 * checked as they will be after the change (the bands not sent included), under a lock on the
 * subject so that two saves at once cannot together produce an overlap.
 */
export async function batchUpdateBands(
  db: Db,
  schoolId: number,
  { updates }: z.output<typeof batchUpdateBandsBody>,
): Promise<SubjectGradeItem[]> {
  if (updates.length === 0) return [];
  const ids = updates.map((u) => u.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) throw invalid('updates', `Band ${duplicate} is sent more than once`);

  return db.transaction(async (tx) => {
    const targets = await tx
      .select({ id: subjectGrades.id, subjectId: subjectGrades.subjectId })
      .from(subjectGrades)
      .where(and(inArray(subjectGrades.id, ids), eq(subjectGrades.schoolId, schoolId)));
    if (targets.length !== ids.length) throw notFound('Subject grade');

    const subjectIds = [...new Set(targets.map((t) => t.subjectId))];
    const lockedSubjects = await tx
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .where(inArray(subjects.id, subjectIds))
      .orderBy(asc(subjects.id))
      .for('update');

    const current = await selectItems(
      tx,
      and(inArray(subjectGrades.subjectId, subjectIds), eq(subjectGrades.schoolId, schoolId))!,
    );
    const changes = new Map(updates.map((u) => [u.id, u]));
    const after = current.map((row) => {
      const change = changes.get(row.id);
      return change ? { ...row, minScore: change.min_score, maxScore: change.max_score } : row;
    });

    for (const subject of lockedSubjects) {
      const bands: BandToCheck[] = after
        .filter((row) => row.subjectId === subject.id)
        .map((row) => ({
          grade: { id: row.gradeId, name: row.gradeName, code: row.gradeCode },
          min_score: row.minScore,
          max_score: row.maxScore,
        }));
      const [problem] = bandProblems(bands);
      if (problem) {
        const message =
          lockedSubjects.length > 1 ? `${subject.name}: ${problem.message}` : problem.message;
        throw invalid('updates', message);
      }
    }

    const values = sql.join(
      updates.map((u) => sql`(${u.id}::int, ${u.min_score}::int, ${u.max_score}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${subjectGrades} as sg
      set min_score = v.min_score, max_score = v.max_score
      from (values ${values}) as v(id, min_score, max_score)
      where sg.id = v.id and sg.school_id = ${schoolId}`);

    return after.filter((row) => changes.has(row.id)).map(toItem);
  });
}
