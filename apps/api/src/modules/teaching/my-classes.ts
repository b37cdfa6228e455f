import { notYourClassMessage } from '@shule/shared/teaching';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes, teachers, teachingAssignments } from '../../db/schema/index';
import { forbidden } from '../../errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * The classes whose students a caller may read: every class for an administrator (null); for a
 * teacher, the classes they lead and those they teach a subject in now (not ended). Two small
 * queries for a teacher, none for an administrator.
 */
export async function readableClasses(
  db: Db,
  user: AuthUser,
  schoolId: number,
): Promise<number[] | null> {
  if (user.roles.includes('admin')) return null;
  const [led, taught] = await Promise.all([
    db
      .select({ id: classes.id })
      .from(classes)
      .innerJoin(teachers, eq(teachers.id, classes.classTeacherId))
      .where(and(eq(classes.schoolId, schoolId), eq(teachers.userId, user.id))),
    db
      .selectDistinct({ id: teachingAssignments.classId })
      .from(teachingAssignments)
      .innerJoin(teachers, eq(teachers.id, teachingAssignments.teacherId))
      .where(
        and(
          eq(teachingAssignments.schoolId, schoolId),
          eq(teachers.userId, user.id),
          isNull(teachingAssignments.endedAt),
        ),
      ),
  ]);
  return [...new Set([...led, ...taught].map((c) => c.id))];
}

/** 403 unless `classId` is one of `readable` (null: every class). */
export function assertMayReadClass(readable: readonly number[] | null, classId: number) {
  if (readable !== null && !readable.includes(classId)) throw forbidden(notYourClassMessage);
}
