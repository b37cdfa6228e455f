import type { Combination, SeniorSettings } from '@shule/shared/senior';
import type { AddSeniorSubjectBody, UpdatePathwayBody } from '@shule/shared/senior-setup';
import { SETUP_MESSAGES } from '@shule/shared/senior-setup';
import { and, asc, countDistinct, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  seniorChoices,
  seniorCombinationSubjects,
  seniorCombinations,
  seniorPathways,
  seniorSettings,
  seniorSubjects,
  seniorTracks,
  subjects,
} from '../../db/schema/index';
import { findInSchool, ofSchool } from '../../db/school-rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, invalid, notFound } from '../../errors';
import { recordAudit } from '../audit/index';
import { addSeniorSubjectAreas } from '../cbc/index';
import { readSeniorSettings } from './choices';
import { selectCombinations } from './pathways';

export interface Actor {
  userId: number;
  address: string | null;
}

/** The names of the school's combinations that hold any of these subjects. */
async function combinationsUsing(tx: Tx, schoolId: number, subjectIds: number[]) {
  if (subjectIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ name: seniorCombinations.name })
    .from(seniorCombinationSubjects)
    .innerJoin(
      seniorCombinations,
      eq(seniorCombinations.id, seniorCombinationSubjects.combinationId),
    )
    .where(
      and(
        eq(seniorCombinationSubjects.schoolId, schoolId),
        inArray(seniorCombinationSubjects.subjectId, subjectIds),
      ),
    )
    .orderBy(asc(seniorCombinations.name));
  return rows.map((r) => r.name);
}

/** PATCH /api/senior/pathways/{id}/ */
export async function updatePathway(db: Db, schoolId: number, id: number, body: UpdatePathwayBody) {
  try {
    const changed = await db
      .update(seniorPathways)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.core_mathematics === undefined ? {} : { coreMathematics: body.core_mathematics }),
      })
      .where(ofSchool(seniorPathways, schoolId, id))
      .returning({ id: seniorPathways.id });
    if (changed.length === 0) throw notFound('Pathway');
  } catch (error) {
    if (isUniqueViolation(error, 'senior_pathways_school_name_key')) {
      throw conflict(SETUP_MESSAGES.pathwayExists(body.name ?? ''));
    }
    throw error;
  }
}

/** POST /api/senior/tracks/: added last in its pathway. */
export async function createTrack(
  db: Db,
  schoolId: number,
  body: { pathway: number; name: string },
) {
  try {
    await db.transaction(async (tx) => {
      const pathway = await findInSchool(tx, schoolId, seniorPathways, body.pathway, 'Pathway', {
        lock: 'update',
      });
      const [last] = await tx
        .select({ position: max(seniorTracks.position) })
        .from(seniorTracks)
        .where(eq(seniorTracks.pathwayId, pathway.id));
      await tx.insert(seniorTracks).values({
        schoolId,
        pathwayId: pathway.id,
        name: body.name,
        position: (last?.position ?? -1) + 1,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'senior_tracks_pathway_name_key')) {
      throw conflict(SETUP_MESSAGES.trackExists(body.name));
    }
    throw error;
  }
}

/** PATCH /api/senior/tracks/{id}/ */
export async function renameTrack(db: Db, schoolId: number, id: number, name: string) {
  try {
    const changed = await db
      .update(seniorTracks)
      .set({ name })
      .where(ofSchool(seniorTracks, schoolId, id))
      .returning({ id: seniorTracks.id });
    if (changed.length === 0) throw notFound('Track');
  } catch (error) {
    if (isUniqueViolation(error, 'senior_tracks_pathway_name_key')) {
      throw conflict(SETUP_MESSAGES.trackExists(name));
    }
    throw error;
  }
}

/** DELETE /api/senior/tracks/{id}/: its electives leave senior school with it (the subjects stay). */
export async function deleteTrack(db: Db, schoolId: number, id: number) {
  await db.transaction(async (tx) => {
    const track = await findInSchool(tx, schoolId, seniorTracks, id, 'Track', {
      columns: { id: seniorTracks.id, name: seniorTracks.name },
      lock: 'update',
    });
    const electives = await tx
      .select({ subjectId: seniorSubjects.subjectId })
      .from(seniorSubjects)
      .where(eq(seniorSubjects.trackId, track.id))
      .for('update');
    const using = await combinationsUsing(
      tx,
      schoolId,
      electives.map((e) => e.subjectId),
    );
    if (using.length > 0) throw conflict(SETUP_MESSAGES.trackInUse(track.name, using));
    await tx.delete(seniorTracks).where(eq(seniorTracks.id, track.id));
  });
}

/** The school's subject of this code, made with this name when there is none (409 otherwise). */
async function newSubject(tx: Tx, schoolId: number, name: string, code: string) {
  const [made] = await tx
    .insert(subjects)
    .values({ schoolId, name, code })
    .onConflictDoNothing()
    .returning({ id: subjects.id });
  if (made) return made.id;
  const [taken] = await tx
    .select({ name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), eq(subjects.code, code)));
  throw invalid('code', SETUP_MESSAGES.codeTaken(code, taken?.name ?? 'another subject'));
}

/** POST /api/senior/subjects/ */
export async function addSeniorSubject(db: Db, schoolId: number, body: AddSeniorSubjectBody) {
  await db.transaction(async (tx) => {
    const trackId =
      body.kind === 'elective'
        ? (await findInSchool(tx, schoolId, seniorTracks, Number(body.track), 'Track')).id
        : null;
    const subjectId =
      body.subject === undefined
        ? await newSubject(tx, schoolId, body.name!, body.code!)
        : (await findInSchool(tx, schoolId, subjects, Number(body.subject), 'Subject')).id;
    const [added] = await tx
      .insert(seniorSubjects)
      .values({
        schoolId,
        subjectId,
        kind: body.kind,
        trackId,
        coreOption: body.kind === 'core' ? (body.core_option ?? null) : null,
      })
      .onConflictDoNothing()
      .returning({ id: seniorSubjects.id });
    if (!added) {
      const [subject] = await tx
        .select({ name: subjects.name })
        .from(subjects)
        .where(eq(subjects.id, subjectId));
      throw conflict(SETUP_MESSAGES.alreadySenior(subject!.name));
    }
    await addSeniorSubjectAreas(tx, schoolId, [subjectId]);
  });
}

/**
 * DELETE /api/senior/subjects/{subject id}/: the subject leaves senior school (it stays one of
 * the school's subjects), unless a combination holds it.
 */
export async function removeSeniorSubject(db: Db, schoolId: number, subjectId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: seniorSubjects.id, name: subjects.name })
      .from(seniorSubjects)
      .innerJoin(subjects, eq(subjects.id, seniorSubjects.subjectId))
      .where(and(eq(seniorSubjects.schoolId, schoolId), eq(seniorSubjects.subjectId, subjectId)))
      .for('update');
    if (!row) throw notFound('Senior-school subject');
    const using = await combinationsUsing(tx, schoolId, [subjectId]);
    if (using.length > 0) throw conflict(SETUP_MESSAGES.subjectInUse(row.name, using));
    await tx.delete(seniorSubjects).where(eq(seniorSubjects.id, row.id));
  });
}

/** PATCH /api/senior/combinations/{id}/ */
export async function updateCombination(
  db: Db,
  schoolId: number,
  id: number,
  body: { name?: string; capacity?: number | null },
): Promise<Combination> {
  try {
    return await db.transaction(async (tx) => {
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.capacity === undefined ? {} : { capacity: body.capacity }),
      };
      if (Object.keys(changes).length === 0) {
        await findInSchool(tx, schoolId, seniorCombinations, id, 'Combination');
      } else {
        const changed = await tx
          .update(seniorCombinations)
          .set(changes)
          .where(ofSchool(seniorCombinations, schoolId, id))
          .returning({ id: seniorCombinations.id });
        if (changed.length === 0) throw notFound('Combination');
      }
      const [combination] = await selectCombinations(tx, schoolId, id);
      return combination!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'senior_combinations_school_name_key')) {
      throw conflict(`A combination named ${body.name} already exists`);
    }
    throw error;
  }
}

/**
 * DELETE /api/senior/combinations/{id}/: refused while any learner's choice, current or past,
 * names it (the history would lose what it pointed at).
 */
export async function deleteCombination(db: Db, schoolId: number, id: number) {
  await db.transaction(async (tx) => {
    const combination = await findInSchool(tx, schoolId, seniorCombinations, id, 'Combination', {
      columns: { id: seniorCombinations.id, name: seniorCombinations.name },
      lock: 'update',
    });
    const [held] = await tx
      .select({ n: countDistinct(seniorChoices.studentId) })
      .from(seniorChoices)
      .where(eq(seniorChoices.combinationId, combination.id));
    if ((held?.n ?? 0) > 0) {
      throw conflict(SETUP_MESSAGES.combinationHeld(combination.name, held!.n));
    }
    await tx.delete(seniorCombinations).where(eq(seniorCombinations.id, combination.id));
  });
}

/** PUT /api/senior/settings/: recorded in the audit log when anything changed. */
export async function saveSeniorSettings(
  db: Db,
  schoolId: number,
  actor: Actor,
  body: SeniorSettings,
): Promise<SeniorSettings> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('senior_settings'), ${schoolId})`);
    const before = await readSeniorSettings(tx, schoolId);
    const values = {
      coreMathematicsFrom: body.core_mathematics_from,
      internalRanking: body.internal_ranking,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(seniorSettings)
      .values({ schoolId, ...values })
      .onConflictDoUpdate({ target: seniorSettings.schoolId, set: values });
    if (
      before.core_mathematics_from !== body.core_mathematics_from ||
      before.internal_ranking !== body.internal_ranking
    ) {
      await recordAudit(tx, {
        schoolId,
        actorUserId: actor.userId,
        action: 'senior_settings_changed',
        address: actor.address,
      });
    }
    return readSeniorSettings(tx, schoolId);
  });
}
