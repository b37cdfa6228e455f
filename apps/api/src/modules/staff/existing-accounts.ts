import { PHONE_ACCOUNT_MESSAGES } from '@shule/shared/teachers';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { conflict } from '../../errors';
import { raiseSessionVersion } from '../auth/sessions';
import { grantRole } from '../auth/users';

/**
 * A phone is one login across Shule. When a teacher is added (one, or from a file) with a phone
 * that already has an account, who holds it decides: an account without a school (someone who
 * signed up alone) is linked to the school and keeps its own password; an account of a school,
 * this one or another, is refused.
 */
export interface ExistingAccount {
  id: number;
  schoolId: number | null;
}

export type PhoneHolder = 'linkable' | 'in_your_school' | 'in_another_school';

/** The accounts holding any of `phones`, by phone. */
export async function accountsByPhone(db: Db | Tx, phones: string[]) {
  if (phones.length === 0) return new Map<string, ExistingAccount>();
  const rows = await db
    .select({ id: users.id, schoolId: users.schoolId, phone: users.phoneNumber })
    .from(users)
    .where(inArray(users.phoneNumber, phones));
  return new Map(rows.map((r) => [r.phone, { id: r.id, schoolId: r.schoolId }]));
}

export function holderOf(account: ExistingAccount, schoolId: number): PhoneHolder {
  if (account.schoolId === null) return 'linkable';
  return account.schoolId === schoolId ? 'in_your_school' : 'in_another_school';
}

/**
 * Makes the account a teacher of `schoolId`, inside `tx` (the caller adds the teachers row):
 * the school and the teacher role, a notice for its next sign-in, and its session version
 * raised so a token it holds now (without a school) is refreshed into one with the school.
 * Call forgetSessionVersion for it once `tx` is committed.
 */
export async function linkAccountToSchool(tx: Tx, userId: number, schoolId: number) {
  const linked = await tx
    .update(users)
    .set({ schoolId, addedToSchoolUnseen: true })
    .where(sql`${users.id} = ${userId} and ${users.schoolId} is null`)
    .returning({ id: users.id });
  // Another school linked it between the check and this write.
  if (linked.length === 0) throw conflict(PHONE_ACCOUNT_MESSAGES.inAnotherSchool);
  await grantRole(tx, userId, 'teacher');
  await raiseSessionVersion(tx, userId);
}
