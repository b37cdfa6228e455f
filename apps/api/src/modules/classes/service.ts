import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes } from '../../db/schema/index';

export async function countClasses(db: Db, schoolId: number) {
  const [row] = await db.select({ n: count() }).from(classes).where(eq(classes.schoolId, schoolId));
  return row?.n ?? 0;
}
