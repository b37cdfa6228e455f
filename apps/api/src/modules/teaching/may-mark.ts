import { notYourSubjectMessage } from '@shule/shared/teaching';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { teachers, teachingAssignments } from '../../db/schema/index';
import { forbidden } from '../../errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * A teacher writes marks only for the (class, subject) pairs assigned to them; an administrator
 * writes any. 403 naming the first subject of `subjects` the caller does not teach in `cls`.
 * One query for a teacher, none for an administrator.
 */
export async function assertMayMark(
  db: Db | Tx,
  user: AuthUser,
  cls: { id: number; name: string },
  subjects: { id: number; name: string }[],
) {
  if (user.roles.includes('admin') || subjects.length === 0) return;
  const taught = await db
    .select({ subjectId: teachingAssignments.subjectId })
    .from(teachingAssignments)
    .innerJoin(teachers, eq(teachers.id, teachingAssignments.teacherId))
    .where(
      and(
        eq(teachers.userId, user.id),
        eq(teachingAssignments.classId, cls.id),
        inArray(
          teachingAssignments.subjectId,
          subjects.map((s) => s.id),
        ),
        isNull(teachingAssignments.endedAt),
      ),
    );
  const mine = new Set(taught.map((t) => t.subjectId));
  const other = subjects.find((s) => !mine.has(s.id));
  if (other) throw forbidden(notYourSubjectMessage(other.name, cls.name));
}
