import {
  alreadyAssignedMessage,
  learningAreaNotInClassMessage,
  notYourLearningAreaMessage,
} from '@shule/shared/teaching';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  classes,
  learningAreas,
  levels,
  teachers,
  teachingAssignments,
} from '../../db/schema/index';
import { conflict, forbidden, invalid } from '../../errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * The class and learning area of a new assignment: the class the school's, the learning area
 * one of the class's level (400 in words otherwise), and not already the teacher's (409).
 */
export async function checkLearningAreaAssignment(
  tx: Tx,
  schoolId: number,
  teacher: { id: number; name: string },
  cls: { id: number; name: string },
  learningAreaId: number,
) {
  const [area] = await tx
    .select({ id: learningAreas.id, name: learningAreas.name, levelName: levels.name })
    .from(learningAreas)
    .innerJoin(levels, eq(levels.id, learningAreas.levelId))
    .where(and(eq(learningAreas.id, learningAreaId), eq(learningAreas.schoolId, schoolId)));
  if (!area) throw invalid('learning_area', 'Choose one of your learning areas');
  const [inLevel] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, cls.id), eq(classes.level, area.levelName)));
  if (!inLevel) throw invalid('learning_area', learningAreaNotInClassMessage(area.name, cls.name));
  const [existing] = await tx
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(
      and(
        eq(teachingAssignments.teacherId, teacher.id),
        eq(teachingAssignments.classId, cls.id),
        eq(teachingAssignments.learningAreaId, area.id),
        isNull(teachingAssignments.endedAt),
      ),
    );
  if (existing) throw conflict(alreadyAssignedMessage(teacher.name, area.name, cls.name));
}

/**
 * A teacher assesses only the (class, learning area) pairs assigned to them, or a senior-school
 * learning area whose subject they teach in the class; an administrator any. 403 naming the
 * learning area and the class. One query for a teacher.
 */
export async function assertMayAssess(
  db: Db | Tx,
  user: AuthUser,
  cls: { id: number; name: string },
  area: { id: number; name: string },
) {
  if (user.roles.includes('admin')) return;
  const [taught] = await db
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .innerJoin(teachers, eq(teachers.id, teachingAssignments.teacherId))
    .where(
      and(
        eq(teachers.userId, user.id),
        eq(teachingAssignments.classId, cls.id),
        or(
          eq(teachingAssignments.learningAreaId, area.id),
          sql`${teachingAssignments.subjectId} = (select a.subject_id from ${learningAreas} a
                where a.id = ${area.id})`,
        ),
        isNull(teachingAssignments.endedAt),
      ),
    )
    .limit(1);
  if (!taught) throw forbidden(notYourLearningAreaMessage(area.name, cls.name));
}
