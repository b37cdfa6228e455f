import { PHONE_ACCOUNT_MESSAGES } from '@shule/shared/teachers';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { conflict } from '../../errors';
import { endSessionsIn, grantRole } from '../auth/index';

/**
 * A phone is one login across Shule. When a teacher is added (one, or from a file) with a phone
 * that already has an account, who holds it decides: an account of a school, this one or
 * another, is refused (saying no more than that); an account without a school (someone who
 * signed up alone) becomes the school's teacher account with a one-time password, as a new
 * teacher's does (decision 023). No one proved that phone was theirs when they signed up, so
 * whoever did must not reach the school with their own password.
 */
export interface ExistingAccount {
  id: number;
  schoolId: number | null;
}

export type PhoneHolder = 'linkable' | 'taken';

/** The accounts holding any of `phones`, by phone. */
export async function accountsByPhone(db: Db | Tx, phones: string[]) {
  if (phones.length === 0) return new Map<string, ExistingAccount>();
  const rows = await db
    .select({ id: users.id, schoolId: users.schoolId, phone: users.phoneNumber })
    .from(users)
    .where(inArray(users.phoneNumber, phones));
  return new Map(rows.map((r) => [r.phone, { id: r.id, schoolId: r.schoolId }]));
}

export const holderOf = (account: ExistingAccount): PhoneHolder =>
  account.schoolId === null ? 'linkable' : 'taken';

/** What the school's admin says of the teacher: it replaces what the account held. */
export interface TeacherAccount {
  passwordHash: string;
  firstName: string;
  lastName: string;
  email: string | null;
  gender?: string | null;
  profilePhoto?: string | null;
}

/**
 * Makes the account a teacher of `schoolId`, inside `tx` (the caller adds the teachers row):
 * the school and the teacher role; the admin's names and a one-time password that must be
 * changed first (the old password no longer works); every session of it ended (refresh tokens
 * revoked, access tokens refused); and a notice for its next sign-in. Call
 * forgetSessionVersion for it once `tx` is committed.
 */
export async function linkAccountToSchool(
  tx: Tx,
  userId: number,
  schoolId: number,
  account: TeacherAccount,
) {
  const linked = await tx
    .update(users)
    .set({
      schoolId,
      addedToSchoolUnseen: true,
      passwordHash: account.passwordHash,
      mustChangePassword: true,
      firstName: account.firstName,
      lastName: account.lastName,
      username: account.firstName,
      email: account.email,
      ...(account.gender !== undefined ? { gender: account.gender } : {}),
      ...(account.profilePhoto !== undefined ? { profilePhoto: account.profilePhoto } : {}),
    })
    .where(sql`${users.id} = ${userId} and ${users.schoolId} is null`)
    .returning({ id: users.id });
  // Another school linked it between the check and this write.
  if (linked.length === 0) throw conflict(PHONE_ACCOUNT_MESSAGES.cannotBeAdded);
  await grantRole(tx, userId, 'teacher');
  await endSessionsIn(tx, userId);
}
