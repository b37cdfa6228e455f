import {
  alreadyAssignedMessage,
  type LearningAreaAssignment,
  learningAreaNotInClassMessage,
  notYourLearningAreaMessage,
} from '@shule/shared/teaching';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  classes,
  learningAreas,
  levels,
  teachers,
  teachingAssignments,
  users,
} from '../../db/schema/index';
import { conflict, forbidden, invalid } from '../../errors';
import type { AuthUser } from '../../plugins/auth';

/** Current learning-area assignments matching `where` (within the school), by class then area. */
export async function selectLearningAreaAssignments(
  db: Db | Tx,
  schoolId: number,
  where: SQL,
): Promise<LearningAreaAssignment[]> {
  const rows = await db
    .select({
      id: teachingAssignments.id,
      teacherId: teachers.id,
      firstName: users.firstName,
      lastName: users.lastName,
      classId: classes.id,
      className: classes.name,
      areaId: learningAreas.id,
      areaName: learningAreas.name,
    })
    .from(teachingAssignments)
    .innerJoin(teachers, eq(teachers.id, teachingAssignments.teacherId))
    .innerJoin(users, eq(users.id, teachers.userId))
    .innerJoin(classes, eq(classes.id, teachingAssignments.classId))
    .innerJoin(learningAreas, eq(learningAreas.id, teachingAssignments.learningAreaId))
    .where(
      and(eq(teachingAssignments.schoolId, schoolId), isNull(teachingAssignments.endedAt), where),
    )
    .orderBy(asc(classes.name), asc(learningAreas.id), asc(teachingAssignments.id));
  return rows.map((r) => ({
    id: r.id,
    teacher: { id: r.teacherId, first_name: r.firstName, last_name: r.lastName },
    class: { id: r.classId, name: r.className },
    learning_area: { id: r.areaId, name: r.areaName },
  }));
}

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
 * A teacher assesses only the (class, learning area) pairs assigned to them; an administrator
 * any. 403 naming the learning area and the class. One query for a teacher.
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
        eq(teachingAssignments.learningAreaId, area.id),
        isNull(teachingAssignments.endedAt),
      ),
    );
  if (!taught) throw forbidden(notYourLearningAreaMessage(area.name, cls.name));
}
