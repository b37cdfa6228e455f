import type { SchoolInfo } from '@shule/shared/institution';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { roles, schools, userRoles, users } from '../../db/schema/index';

/** The user with their school info and role names, in one query. */
export async function findUserWithRoles(db: Db, where: { id: number } | { phone: string }) {
  const [row] = await db
    .select({
      user: users,
      roles: sql<
        string[]
      >`coalesce(array_agg(${roles.name} order by ${roles.id}) filter (where ${roles.id} is not null), '{}')`,
      school: {
        id: schools.id,
        name: schools.name,
        postal_code: schools.postalCode,
        phone_number: schools.phoneNumber,
        email: schools.email,
      },
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where('id' in where ? eq(users.id, where.id) : eq(users.phoneNumber, where.phone))
    .groupBy(users.id, schools.id);
  if (!row) return undefined;
  return { ...row, school: row.school?.id ? (row.school as SchoolInfo) : null };
}

export type UserWithRoles = NonNullable<Awaited<ReturnType<typeof findUserWithRoles>>>;

export async function isPhoneTaken(db: Db | Tx, phone: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone));
  return row !== undefined;
}

/** Gives `userId` the named role (the roles are seeded by a migration). */
export async function grantRole(db: Db | Tx, userId: number, roleName: string) {
  await db.execute(
    sql`insert into ${userRoles} (user_id, role_id) select ${userId}, ${roles.id} from ${roles} where ${roles.name} = ${roleName}`,
  );
}
