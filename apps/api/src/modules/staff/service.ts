import type { TeacherCount } from '@shule/shared/api';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teachers } from '../../db/schema/index';

export async function countTeachers(db: Db, schoolId: number): Promise<TeacherCount> {
  const [row] = await db
    .select({ n: count() })
    .from(teachers)
    .where(eq(teachers.schoolId, schoolId));
  return { teacher_count: row?.n ?? 0 };
}
