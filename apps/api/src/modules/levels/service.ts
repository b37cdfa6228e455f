import { defaultCurriculum, type Level, type UpdateLevelBody } from '@shule/shared/levels';
import { isSeniorLevel } from '@shule/shared/senior';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { classes, levels } from '../../db/schema/index';
import { findInSchool, ofSchool } from '../../db/school-rows';
import { addDefaultLearningAreas } from '../cbc/index';
import { addDefaultPathways } from '../senior/index';

/**
 * Makes the school's level of this name, on the curriculum its name suggests, unless it exists;
 * a new CBC level starts with its grade band's learning areas. Called whenever a class is given
 * a level, so every level a class names has a row.
 */
export async function ensureLevel(tx: Tx, schoolId: number, name: string | null | undefined) {
  if (!name) return;
  const curriculum = defaultCurriculum(name);
  const [created] = await tx
    .insert(levels)
    .values({ schoolId, name, curriculum })
    .onConflictDoNothing({ target: [levels.schoolId, levels.name] })
    .returning({ id: levels.id });
  // Pathways first: a senior level's learning areas are its senior subjects.
  if (created && isSeniorLevel(name)) await addDefaultPathways(tx, schoolId);
  if (created && curriculum === 'cbc') await addDefaultLearningAreas(tx, schoolId, created.id);
}

const byName = (a: Level, b: Level) =>
  a.name.localeCompare(b.name, 'en', { numeric: true }) || a.id - b.id;

/** The school's levels that have classes, with their class counts: one query. */
async function selectLevels(db: Db | Tx, where: SQL): Promise<Level[]> {
  const rows = await db
    .select({
      id: levels.id,
      name: levels.name,
      curriculum: levels.curriculum,
      classes: count(classes.id),
      school: levels.schoolId,
    })
    .from(levels)
    .innerJoin(classes, and(eq(classes.schoolId, levels.schoolId), eq(classes.level, levels.name)))
    .where(where)
    .groupBy(levels.id);
  return rows
    .map((row) => ({ ...row, curriculum: row.curriculum as Level['curriculum'] }))
    .sort(byName);
}

/** GET /api/levels/ */
export async function listLevels(db: Db, schoolId: number) {
  return { levels: await selectLevels(db, eq(levels.schoolId, schoolId)) };
}

/** PATCH /api/levels/{id}/: another school's level is 404. */
export async function updateLevel(
  db: Db,
  schoolId: number,
  levelId: number,
  body: UpdateLevelBody,
): Promise<Level> {
  return db.transaction(async (tx) => {
    const before = await findInSchool(tx, schoolId, levels, levelId, 'Level', {
      columns: { curriculum: levels.curriculum },
      lock: 'no key update',
    });
    await tx.update(levels).set({ curriculum: body.curriculum }).where(eq(levels.id, levelId));
    if (body.curriculum === 'cbc' && before.curriculum !== 'cbc') {
      await addDefaultLearningAreas(tx, schoolId, levelId);
    }
    const [level] = await selectLevels(tx, ofSchool(levels, schoolId, levelId));
    // A level whose classes have all moved on is still the school's: answer it with none.
    if (level) return level;
    const [row] = await tx
      .select({ id: levels.id, name: levels.name, school: levels.schoolId })
      .from(levels)
      .where(eq(levels.id, levelId));
    return { ...row!, curriculum: body.curriculum, classes: 0 };
  });
}
