import {
  nextLevelOf,
  notOfLevelMessage,
  type PromotionPreview,
  type PromotionResult,
  type promotionBody,
  promotionMessage,
  suggestTargets,
  targetNotEmptyMessage,
  targetOfSameLevelMessage,
} from '@shule/shared/promotion';
import { noSuchLevelMessage } from '@shule/shared/results/merit-list';
import { todayIn } from '@shule/shared/school-time';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { classes, students } from '../../db/schema/index';
import { conflict, DomainError, invalid, notFound } from '../../errors';
import { recordAudit } from '../audit/index';
import { dropSubjectsNotTaught, type StudentActor } from '../students/index';

interface ClassWithCount {
  id: number;
  name: string;
  level: string | null;
  students: number;
}

/** Every class of the school with its active students counted (erased ones are not), one query. */
async function classesWithCounts(db: Db | Tx, schoolId: number): Promise<ClassWithCount[]> {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      level: classes.level,
      students: sql<number>`count(${students.id})`.mapWith(Number),
    })
    .from(classes)
    .leftJoin(
      students,
      and(eq(students.classId, classes.id), eq(students.isActive, true), isNull(students.erasedAt)),
    )
    .where(eq(classes.schoolId, schoolId))
    .groupBy(classes.id)
    .orderBy(classes.name, classes.id);
}

const levelsOf = (all: ClassWithCount[]) => [
  ...new Set(all.flatMap((c) => (c.level === null ? [] : [c.level]))),
];

/**
 * GET /classes/promotion/?level=: the classes of the level with their active students, each
 * with its suggested class of the next level (same stream) or alumni for the last level, and
 * every class of another level to choose from.
 */
export async function previewPromotion(
  db: Db,
  schoolId: number,
  level: string,
): Promise<PromotionPreview> {
  const all = await classesWithCounts(db, schoolId);
  const sources = all.filter((c) => c.level === level);
  if (sources.length === 0) throw new DomainError(noSuchLevelMessage(level), 404);
  const next = nextLevelOf(level, levelsOf(all));
  const suggested = suggestTargets(sources, all, next);
  const ref = (c: ClassWithCount | null | undefined) => (c ? { id: c.id, name: c.name } : null);
  return {
    level,
    next_level: next,
    classes: sources.map((c) => ({
      id: c.id,
      name: c.name,
      students: c.students,
      target: ref(suggested.get(c.id)),
      alumni: next === null,
    })),
    targets: all
      .filter((c) => c.level !== level)
      .map((c) => ({ id: c.id, name: c.name, level: c.level, students: c.students })),
  };
}

/**
 * POST /classes/promotion/: in one transaction, every active student of each class of the
 * level goes to its target class (their own subject lists keep only what is taught there), or
 * leaves as alumni today (reason completed) when the target is null. A target must be a class
 * of the school (404), of another level and without active students (409: promote the levels
 * from the top down). One audit entry.
 */
export function promoteLevel(
  db: Db,
  actor: StudentActor,
  input: z.output<typeof promotionBody>,
): Promise<PromotionResult> {
  const { schoolId } = actor;
  return db.transaction(async (tx) => {
    // Holds the school's classes: none is deleted or renamed into the level meanwhile.
    await tx
      .select({ id: classes.id })
      .from(classes)
      .where(eq(classes.schoolId, schoolId))
      .for('share');
    const all = await classesWithCounts(tx, schoolId);
    const byId = new Map(all.map((c) => [c.id, c]));
    if (!all.some((c) => c.level === input.level)) {
      throw new DomainError(noSuchLevelMessage(input.level), 404);
    }
    for (const move of input.moves) {
      const from = byId.get(move.from);
      if (!from) throw notFound('Class');
      if (from.level !== input.level) {
        throw invalid('moves', notOfLevelMessage(from.name, input.level));
      }
      if (move.to === null) continue;
      const to = byId.get(move.to);
      if (!to) throw notFound('Class');
      if (to.level === input.level) throw conflict(targetOfSameLevelMessage(to.name, input.level));
      if (to.students > 0) throw conflict(targetNotEmptyMessage(to.name, to.students, to.level));
    }

    const today = todayIn();
    let moved = 0;
    let alumni = 0;
    for (const move of input.moves) {
      const ofClass = and(
        eq(students.schoolId, schoolId),
        eq(students.classId, move.from),
        eq(students.isActive, true),
        isNull(students.erasedAt),
      );
      if (move.to === null) {
        const left = await tx
          .update(students)
          .set({ isActive: false, leftOn: today, leftReason: 'completed' })
          .where(ofClass)
          .returning({ id: students.id });
        alumni += left.length;
      } else {
        const up = await tx
          .update(students)
          .set({ classId: move.to })
          .where(ofClass)
          .returning({ id: students.id });
        await dropSubjectsNotTaught(
          tx,
          up.map((s) => s.id),
          move.to,
        );
        moved += up.length;
      }
    }
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'students_promoted',
      address: actor.address,
    });
    return { moved, alumni, message: promotionMessage(moved, alumni) };
  });
}
