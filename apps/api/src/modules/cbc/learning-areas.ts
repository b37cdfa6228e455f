import {
  type createLearningAreaBody,
  type createStrandBody,
  defaultLearningAreas,
  type LearningArea,
  learningAreaTakenMessage,
  type Strand,
  strandTakenMessage,
} from '@shule/shared/cbc';
import { isSeniorLevel } from '@shule/shared/senior';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { learningAreas, levels, strands } from '../../db/schema/index';
import { deleteInSchool, findInSchool, ofSchool } from '../../db/school-rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict } from '../../errors';

async function selectLearningAreas(db: Db | Tx, where: SQL): Promise<LearningArea[]> {
  return db
    .select({
      id: learningAreas.id,
      name: learningAreas.name,
      level: learningAreas.levelId,
      strands: count(strands.id),
    })
    .from(learningAreas)
    .leftJoin(strands, eq(strands.learningAreaId, learningAreas.id))
    .where(where)
    .groupBy(learningAreas.id)
    .orderBy(asc(learningAreas.id));
}

/**
 * Gives a senior-school level a learning area for each of the school's senior subjects (or only
 * `subjectIds`), core first, linked to its subject. A learning area the school already named
 * like the subject is linked to it rather than doubled.
 */
async function addSubjectAreas(tx: Tx, schoolId: number, levelId: number, subjectIds?: number[]) {
  const only =
    subjectIds === undefined
      ? sql``
      : sql`and s.id in (${sql.join(
          subjectIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  await tx.execute(sql`
    update learning_areas a set subject_id = s.id
    from senior_subjects ss join subjects s on s.id = ss.subject_id
    where ss.school_id = ${schoolId} ${only} and a.level_id = ${levelId} and a.subject_id is null
      and a.name = s.name
      and not exists (select 1 from learning_areas b
                      where b.level_id = ${levelId} and b.subject_id = s.id)`);
  await tx.execute(sql`
    insert into learning_areas (school_id, level_id, name, subject_id)
    select ${schoolId}, ${levelId}, s.name, s.id
    from senior_subjects ss join subjects s on s.id = ss.subject_id
    where ss.school_id = ${schoolId} ${only}
    order by (ss.kind = 'core') desc, ss.id
    on conflict do nothing`);
}

/**
 * Gives every senior-school level of the school on CBC a learning area for these senior
 * subjects (all of them when not given): called when subjects join senior school.
 */
export async function addSeniorSubjectAreas(tx: Tx, schoolId: number, subjectIds?: number[]) {
  if (subjectIds?.length === 0) return;
  const rows = await tx
    .select({ id: levels.id, name: levels.name })
    .from(levels)
    .where(and(eq(levels.schoolId, schoolId), eq(levels.curriculum, 'cbc')));
  for (const level of rows.filter((l) => isSeniorLevel(l.name))) {
    await addSubjectAreas(tx, schoolId, level.id, subjectIds);
  }
}

/**
 * A subject's new name on the learning areas linked to it, where the level has no other learning
 * area of that name (then the school's own name stays).
 */
export async function renameSubjectAreas(
  tx: Tx,
  schoolId: number,
  subjectId: number,
  name: string,
) {
  await tx.execute(sql`
    update learning_areas a set name = ${name}
    where a.school_id = ${schoolId} and a.subject_id = ${subjectId} and a.name <> ${name}
      and not exists (select 1 from learning_areas b
                      where b.level_id = a.level_id and b.name = ${name})`);
}

/**
 * Gives a CBC level the learning areas its grade band starts with, skipping names it has (a
 * senior-school level: its senior subjects). Called when a level is made on CBC or moved onto
 * it, and when the school asks for them again.
 */
export async function addDefaultLearningAreas(tx: Tx, schoolId: number, levelId: number) {
  const [level] = await tx
    .select({ name: levels.name })
    .from(levels)
    .where(ofSchool(levels, schoolId, levelId));
  if (level && isSeniorLevel(level.name)) {
    await addSubjectAreas(tx, schoolId, levelId);
    return;
  }
  const names = level ? defaultLearningAreas(level.name) : [];
  if (names.length === 0) return;
  await tx
    .insert(learningAreas)
    .values(names.map((name) => ({ schoolId, levelId, name })))
    .onConflictDoNothing({ target: [learningAreas.levelId, learningAreas.name] });
}

/** GET /api/cbc/learning_areas/?level=: in the order they were added (the report's order). */
export async function listLearningAreas(db: Db, schoolId: number, levelId: number) {
  await findInSchool(db, schoolId, levels, levelId, 'Level');
  return {
    learning_areas: await selectLearningAreas(
      db,
      and(eq(learningAreas.schoolId, schoolId), eq(learningAreas.levelId, levelId))!,
    ),
  };
}

/** POST /api/cbc/levels/{id}/default_learning_areas/ */
export async function restoreDefaultLearningAreas(db: Db, schoolId: number, levelId: number) {
  await db.transaction(async (tx) => {
    await findInSchool(tx, schoolId, levels, levelId, 'Level');
    await addDefaultLearningAreas(tx, schoolId, levelId);
  });
  return listLearningAreas(db, schoolId, levelId);
}

async function getLearningArea(db: Db | Tx, schoolId: number, id: number) {
  const [area] = await selectLearningAreas(db, ofSchool(learningAreas, schoolId, id));
  return area!;
}

/** Runs a write that may hit a name the level already has: 409 in words. */
async function namingConflict<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message);
    throw err;
  }
}

/** POST /api/cbc/learning_areas/ */
export async function createLearningArea(
  db: Db,
  schoolId: number,
  body: z.output<typeof createLearningAreaBody>,
) {
  await findInSchool(db, schoolId, levels, body.level, 'Level');
  const [created] = await namingConflict(
    () =>
      db
        .insert(learningAreas)
        .values({ schoolId, levelId: body.level, name: body.name })
        .returning({ id: learningAreas.id }),
    learningAreaTakenMessage(body.name),
  );
  return getLearningArea(db, schoolId, created!.id);
}

/** PATCH /api/cbc/learning_areas/{id}/: a rename. */
export async function renameLearningArea(db: Db, schoolId: number, id: number, name: string) {
  await findInSchool(db, schoolId, learningAreas, id, 'Learning area');
  await namingConflict(
    () => db.update(learningAreas).set({ name }).where(eq(learningAreas.id, id)),
    learningAreaTakenMessage(name),
  );
  return getLearningArea(db, schoolId, id);
}

/** DELETE /api/cbc/learning_areas/{id}/: its strands go with it (the screen asks first). */
export async function deleteLearningArea(db: Db, schoolId: number, id: number) {
  await deleteInSchool(db, schoolId, learningAreas, id, 'Learning area');
}

const strandColumns = {
  id: strands.id,
  learning_area: strands.learningAreaId,
  strand: strands.name,
  sub_strand: strands.subStrand,
};
const answerStrand = (row: { sub_strand: string } & Omit<Strand, 'sub_strand'>): Strand => ({
  ...row,
  sub_strand: row.sub_strand === '' ? null : row.sub_strand,
});

/** GET /api/cbc/strands/?learning_area= */
export async function listStrands(db: Db, schoolId: number, learningAreaId: number) {
  await findInSchool(db, schoolId, learningAreas, learningAreaId, 'Learning area');
  const rows = await db
    .select(strandColumns)
    .from(strands)
    .where(eq(strands.learningAreaId, learningAreaId))
    .orderBy(asc(strands.id));
  return { strands: rows.map(answerStrand) };
}

/** POST /api/cbc/strands/ */
export async function createStrand(
  db: Db,
  schoolId: number,
  body: z.output<typeof createStrandBody>,
) {
  const learningAreaId = body.learning_area;
  await findInSchool(db, schoolId, learningAreas, learningAreaId, 'Learning area');
  const [row] = await namingConflict(
    () =>
      db
        .insert(strands)
        .values({ schoolId, learningAreaId, name: body.strand, subStrand: body.sub_strand ?? '' })
        .returning(strandColumns),
    strandTakenMessage,
  );
  return answerStrand(row!);
}

/** DELETE /api/cbc/strands/{id}/ */
export async function deleteStrand(db: Db, schoolId: number, id: number) {
  await deleteInSchool(db, schoolId, strands, id, 'Strand');
}
