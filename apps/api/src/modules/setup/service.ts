import { type SetupState, setupStepRefusal, type UpdateSetupBody } from '@shule/shared/setup';
import type { SetupProgress } from '@shule/shared/setup-progress';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import {
  academicYears,
  classes,
  grades,
  schoolSetups,
  subjects,
  teachers,
  terms,
} from '../../db/schema/index';
import { invalid } from '../../errors';

/**
 * The setup wizard's progress (/setup). The wizard saves the year, the terms and the
 * classes through their own endpoints and the fees through the fee structure's; this module
 * keeps the step the school stands at and when it finished, and reads back what was saved, so
 * a reload resumes with the forms filled. A school without a row has not started: step 1.
 */

const yearColumns = {
  id: academicYears.id,
  name: academicYears.name,
  start_date: academicYears.startDate,
  end_date: academicYears.endDate,
};

/** What the wizard saved: the latest academic year, its terms by date, the classes by name. */
async function savedSetup(db: Db | Tx, schoolId: number) {
  const [year] = await db
    .select(yearColumns)
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .orderBy(desc(academicYears.startDate), desc(academicYears.id))
    .limit(1);
  const [yearTerms, schoolClasses] = await Promise.all([
    year
      ? db
          .select({
            id: terms.id,
            name: terms.name,
            start_date: terms.startDate,
            end_date: terms.endDate,
          })
          .from(terms)
          .where(and(eq(terms.schoolId, schoolId), eq(terms.academicYearId, year.id)))
          .orderBy(asc(terms.startDate), asc(terms.id))
      : [],
    db
      .select({ id: classes.id, name: classes.name, level: classes.level })
      .from(classes)
      .where(eq(classes.schoolId, schoolId))
      .orderBy(asc(classes.name), asc(classes.id)),
  ]);
  return { academic_year: year ?? null, terms: yearTerms, classes: schoolClasses };
}

/** Where a school's setup stands, without what was saved: the session's answer carries it. */
export async function setupProgress(db: Db | Tx, schoolId: number): Promise<SetupProgress> {
  const [row] = await db
    .select({ step: schoolSetups.step, finishedAt: schoolSetups.finishedAt })
    .from(schoolSetups)
    .where(eq(schoolSetups.schoolId, schoolId));
  return { step: row?.step ?? 1, finished_at: row?.finishedAt?.toISOString() ?? null };
}

/** How many grades, subjects and teachers the school has: what comes after the wizard. */
async function afterSetup(db: Db | Tx, schoolId: number): Promise<SetupState['after']> {
  const [row] = await queryRows<SetupState['after']>(
    db,
    sql`select
      (select count(*)::int from ${grades} where ${grades.schoolId} = ${schoolId}) as grades,
      (select count(*)::int from ${subjects} where ${subjects.schoolId} = ${schoolId}) as subjects,
      (select count(*)::int from ${teachers} where ${teachers.schoolId} = ${schoolId}) as teachers`,
  );
  return { grades: row?.grades ?? 0, subjects: row?.subjects ?? 0, teachers: row?.teachers ?? 0 };
}

/** GET /setup/ */
export async function getSetup(db: Db | Tx, schoolId: number): Promise<SetupState> {
  const [progress, saved, after] = await Promise.all([
    setupProgress(db, schoolId),
    savedSetup(db, schoolId),
    afterSetup(db, schoolId),
  ]);
  return { ...progress, ...saved, after };
}

/**
 * PUT /setup/ {step}: the step the user moved to. Back is always allowed; a step is refused
 * (400 on `step`) while what comes before it is missing: the wizard's own check, repeated here
 * so a stale tab cannot record a step whose data another tab removed.
 */
export function saveSetupStep(db: Db, schoolId: number, input: Pick<UpdateSetupBody, 'step'>) {
  return db.transaction(async (tx) => {
    const refusal = setupStepRefusal(input.step, await savedSetup(tx, schoolId));
    if (refusal) throw invalid('step', refusal);
    await tx
      .insert(schoolSetups)
      .values({ schoolId, step: input.step })
      .onConflictDoUpdate({
        target: schoolSetups.schoolId,
        set: { step: input.step, updatedAt: new Date() },
      });
    return getSetup(tx, schoolId);
  });
}

/**
 * POST /setup/finish/: the review's Finish Setup. Needs the year, a term and a class; the first
 * finish is kept (a second answers the same moment), and the dashboard stops offering setup.
 */
export function finishSetup(db: Db, schoolId: number) {
  return db.transaction(async (tx) => {
    const refusal = setupStepRefusal(6, await savedSetup(tx, schoolId));
    if (refusal) throw invalid('step', refusal);
    const now = new Date();
    await tx
      .insert(schoolSetups)
      .values({ schoolId, step: 6, finishedAt: now })
      .onConflictDoUpdate({
        target: schoolSetups.schoolId,
        set: {
          step: 6,
          // The first finish stands.
          finishedAt: sql`coalesce(${schoolSetups.finishedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        },
      });
    return getSetup(tx, schoolId);
  });
}
