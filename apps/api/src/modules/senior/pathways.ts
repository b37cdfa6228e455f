import {
  type Combination,
  combinationProblem,
  DEFAULT_CORE_SUBJECTS,
  DEFAULT_PATHWAYS,
  type PathwaysResponse,
} from '@shule/shared/senior';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  seniorCombinationSubjects,
  seniorCombinations,
  seniorPathways,
  seniorSubjects,
  seniorTracks,
  subjects,
} from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, invalid } from '../../errors';
import { addBandsForSubject } from '../subject-grades/index';
import { currentChoiceRows } from './choices';

/**
 * The school's subject of this name, made (with this code, or the code and a number when the
 * code is taken, and bands for the school's grades) when it has none: a Form 3 "Biology" is
 * Grade 10's Biology too.
 */
async function subjectNamed(tx: Tx, schoolId: number, name: string, code: string) {
  const [found] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), sql`lower(${subjects.name}) = lower(${name})`))
    .orderBy(asc(subjects.id))
    .limit(1);
  if (found) return found.id;
  for (let n = 0; ; n++) {
    const [made] = await tx
      .insert(subjects)
      .values({ schoolId, name, code: n === 0 ? code : `${code}${n + 1}` })
      .onConflictDoNothing()
      .returning({ id: subjects.id });
    if (made) {
      await addBandsForSubject(tx, schoolId, made.id);
      return made.id;
    }
  }
}

/**
 * Gives the school senior school's pathways, tracks, core subjects and electives, unless it has
 * pathways already (then they are the school's own, and are left as they are). Called when a
 * Grade 10-12 level is first made, and when the school asks for them.
 */
export async function addDefaultPathways(tx: Tx, schoolId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('senior_pathways'), ${schoolId})`);
  const [any] = await tx
    .select({ id: seniorPathways.id })
    .from(seniorPathways)
    .where(eq(seniorPathways.schoolId, schoolId))
    .limit(1);
  if (any) return;
  for (const core of DEFAULT_CORE_SUBJECTS) {
    const subjectId = await subjectNamed(tx, schoolId, core.name, core.code);
    await tx
      .insert(seniorSubjects)
      .values({ schoolId, subjectId, kind: 'core', coreOption: core.option })
      .onConflictDoNothing();
  }
  for (const [p, pathway] of DEFAULT_PATHWAYS.entries()) {
    const [made] = await tx
      .insert(seniorPathways)
      .values({
        schoolId,
        name: pathway.name,
        coreMathematics: pathway.coreMathematics,
        position: p,
      })
      .returning({ id: seniorPathways.id });
    for (const [t, track] of pathway.tracks.entries()) {
      const [madeTrack] = await tx
        .insert(seniorTracks)
        .values({ schoolId, pathwayId: made!.id, name: track.name, position: t })
        .returning({ id: seniorTracks.id });
      for (const subject of track.subjects) {
        const subjectId = await subjectNamed(tx, schoolId, subject.name, subject.code);
        await tx
          .insert(seniorSubjects)
          .values({ schoolId, subjectId, kind: 'elective', trackId: madeTrack!.id })
          .onConflictDoNothing();
      }
    }
  }
}

/** GET /api/senior/pathways/: two queries. */
export async function listPathways(db: Db | Tx, schoolId: number): Promise<PathwaysResponse> {
  const tracks = await db
    .select({
      pathwayId: seniorPathways.id,
      pathwayName: seniorPathways.name,
      coreMathematics: seniorPathways.coreMathematics,
      trackId: seniorTracks.id,
      trackName: seniorTracks.name,
    })
    .from(seniorPathways)
    .leftJoin(seniorTracks, eq(seniorTracks.pathwayId, seniorPathways.id))
    .where(eq(seniorPathways.schoolId, schoolId))
    .orderBy(
      asc(seniorPathways.position),
      asc(seniorPathways.id),
      asc(seniorTracks.position),
      asc(seniorTracks.id),
    );
  const senior = await db
    .select({
      id: subjects.id,
      name: subjects.name,
      code: subjects.code,
      trackId: seniorSubjects.trackId,
      option: seniorSubjects.coreOption,
    })
    .from(seniorSubjects)
    .innerJoin(subjects, eq(subjects.id, seniorSubjects.subjectId))
    .where(eq(seniorSubjects.schoolId, schoolId))
    .orderBy(asc(subjects.name));
  const pathways = new Map<number, PathwaysResponse['pathways'][number]>();
  for (const row of tracks) {
    let pathway = pathways.get(row.pathwayId);
    if (!pathway) {
      pathway = {
        id: row.pathwayId,
        name: row.pathwayName,
        core_mathematics: row.coreMathematics,
        tracks: [],
      };
      pathways.set(row.pathwayId, pathway);
    }
    if (row.trackId !== null) {
      pathway.tracks.push({
        id: row.trackId,
        name: row.trackName!,
        subjects: senior
          .filter((s) => s.trackId === row.trackId)
          .map(({ id, name, code }) => ({ id, name, code })),
      });
    }
  }
  const coreOrder = (option: string | null) => (option === null ? 0 : 1);
  return {
    pathways: [...pathways.values()],
    core: senior
      .filter((s) => s.trackId === null)
      .sort((a, b) => coreOrder(a.option) - coreOrder(b.option))
      .map(({ id, name, code, option }) => ({
        id,
        name,
        code,
        option: option as PathwaysResponse['core'][number]['option'],
      })),
  };
}

/** The school's electives among `subjectIds`, each with its pathway (null: not an elective). */
async function electivesOf(tx: Tx, schoolId: number, subjectIds: number[]) {
  const rows = await tx
    .select({
      subjectId: subjects.id,
      name: subjects.name,
      pathwayId: seniorPathways.id,
      pathwayName: seniorPathways.name,
    })
    .from(subjects)
    .leftJoin(seniorSubjects, eq(seniorSubjects.subjectId, subjects.id))
    .leftJoin(seniorTracks, eq(seniorTracks.id, seniorSubjects.trackId))
    .leftJoin(seniorPathways, eq(seniorPathways.id, seniorTracks.pathwayId))
    .where(and(eq(subjects.schoolId, schoolId), inArray(subjects.id, subjectIds)));
  const byId = new Map(rows.map((r) => [r.subjectId, r]));
  return subjectIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw invalid('subjects', 'Subject not found');
    return row;
  });
}

/** POST /api/senior/combinations/: refused (400 on `subjects`) when it breaks a rule. */
export async function createCombination(
  db: Db,
  schoolId: number,
  body: { pathway: number; subjects: number[]; capacity?: number | null; name?: string | null },
): Promise<Combination> {
  let name = body.name?.trim() ?? '';
  try {
    return await db.transaction(async (tx) => {
      const pathway = await findInSchool(tx, schoolId, seniorPathways, body.pathway, 'Pathway', {
        columns: { id: seniorPathways.id, name: seniorPathways.name },
      });
      const electives = await electivesOf(tx, schoolId, body.subjects);
      const problem = combinationProblem(pathway, electives);
      if (problem) throw invalid('subjects', problem);
      const codes = await tx
        .select({ id: subjects.id, code: subjects.code })
        .from(subjects)
        .where(inArray(subjects.id, body.subjects));
      const codeOf = new Map(codes.map((c) => [c.id, c.code]));
      name ||= body.subjects.map((id) => codeOf.get(id)).join('/');
      const [made] = await tx
        .insert(seniorCombinations)
        .values({ schoolId, pathwayId: pathway.id, name, capacity: body.capacity ?? null })
        .returning({ id: seniorCombinations.id });
      await tx
        .insert(seniorCombinationSubjects)
        .values(
          body.subjects.map((subjectId) => ({ schoolId, combinationId: made!.id, subjectId })),
        );
      const [combination] = await selectCombinations(tx, schoolId, made!.id);
      return combination!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'senior_combinations_school_name_key')) {
      throw conflict(`A combination named ${name} already exists`);
    }
    throw error;
  }
}

/** The school's combinations (or one), with their subjects and current learners: two queries. */
export async function selectCombinations(
  db: Db | Tx,
  schoolId: number,
  id?: number,
): Promise<Combination[]> {
  const where = and(
    eq(seniorCombinations.schoolId, schoolId),
    id === undefined ? undefined : eq(seniorCombinations.id, id),
  );
  const rows = await db
    .select({
      id: seniorCombinations.id,
      name: seniorCombinations.name,
      pathway: seniorCombinations.pathwayId,
      pathway_name: seniorPathways.name,
      capacity: seniorCombinations.capacity,
      learners: sql<number>`(select count(*)::int from (${currentChoiceRows(schoolId)}) cur
        where cur.combination_id = ${seniorCombinations.id})`,
    })
    .from(seniorCombinations)
    .innerJoin(seniorPathways, eq(seniorPathways.id, seniorCombinations.pathwayId))
    .where(where)
    .orderBy(asc(seniorPathways.position), asc(seniorCombinations.name));
  const subjectRows = await db
    .select({
      combinationId: seniorCombinationSubjects.combinationId,
      id: subjects.id,
      name: subjects.name,
      code: subjects.code,
    })
    .from(seniorCombinationSubjects)
    .innerJoin(
      seniorCombinations,
      eq(seniorCombinations.id, seniorCombinationSubjects.combinationId),
    )
    .innerJoin(subjects, eq(subjects.id, seniorCombinationSubjects.subjectId))
    .where(where)
    .orderBy(asc(subjects.name));
  return rows.map((row) => ({
    ...row,
    subjects: subjectRows
      .filter((s) => s.combinationId === row.id)
      .map(({ id: subjectId, name, code }) => ({ id: subjectId, name, code })),
  }));
}
