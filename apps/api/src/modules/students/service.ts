import type { StudentCounts } from '@shule/shared/api';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { students } from '../../db/schema/index';

export async function countStudentsByGender(db: Db, schoolId: number): Promise<StudentCounts> {
  const [row] = await db
    .select({
      male: sql<number>`count(*) filter (where ${students.gender} = 'male')`.mapWith(Number),
      female: sql<number>`count(*) filter (where ${students.gender} = 'female')`.mapWith(Number),
      total: count(),
    })
    .from(students)
    .where(eq(students.schoolId, schoolId));
  const male = row?.male ?? 0;
  const female = row?.female ?? 0;
  const total = row?.total ?? 0;
  return { male_count: male, female_count: female, other_count: total - male - female, total };
}
