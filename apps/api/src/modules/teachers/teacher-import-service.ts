import {
  addTeacherRowError,
  type ImportedTeacher,
  type ReadTeacherCsv,
  readTeacherCsv,
  TEACHER_IMPORT_MESSAGES,
  type TeacherImportPreview,
  type TeacherImportResult,
  teacherPreviewOf,
} from '@shule/shared/teacher-import';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { teachers } from '../../db/schema/index';
import { recordAudit } from '../audit/index';
import { forgetSessionVersion, hashPassword } from '../auth/index';
import { accountsByPhone, holderOf, linkAccountToSchool } from './existing-accounts';
import { generateOneTimePassword } from './one-time-password';

/**
 * The teachers import: a CSV read by the shared row rules, checked against Shule (a phone is a
 * login across every school) and the school (its teachers' TSC numbers), then written all at
 * once or not at all, as Add Teacher writes one teacher: a user with the teacher role, a
 * one-time password kept only as its argon2 hash, the teacher row, a user_added audit entry; for
 * a phone whose account has no school, that account taken in with its own one-time password
 * (modules/teachers/existing-accounts).
 */

/**
 * Marks the rows Shule or the school refuses (a phone of any school's user, a TSC number the
 * school has); answers the accounts without a school that rows will take in, by phone.
 */
async function checkAgainstSchool(db: Db | Tx, schoolId: number, file: ReadTeacherCsv) {
  const linkable = new Map<string, number>();
  if (file.file_errors.length > 0) return linkable;
  const given = (column: 'phone_number' | 'tsc_number') =>
    file.rows.flatMap((r) => (r.teacher ? [r.teacher[column]] : []));
  const [accounts, tscs] = await Promise.all([
    accountsByPhone(db, given('phone_number')),
    queryRows<{ tsc: string }>(
      db,
      sql`select upper(tsc_number) as tsc from teachers
      where school_id = ${schoolId}
        and upper(tsc_number) in (select upper(jsonb_array_elements_text(${JSON.stringify(given('tsc_number'))}::jsonb)))`,
    ),
  ]);
  const takenTscs = new Set(tscs.map((t) => t.tsc));
  for (const row of file.rows) {
    const teacher = row.teacher;
    if (!teacher) continue;
    const phone = teacher.phone_number;
    const account = accounts.get(phone);
    const holder = account && holderOf(account);
    if (holder === 'linkable') linkable.set(phone, account!.id);
    if (holder === 'taken')
      addTeacherRowError(row, 'phone_number', TEACHER_IMPORT_MESSAGES.phoneCannotBeAdded(phone));
    if (takenTscs.has(teacher.tsc_number.toUpperCase()))
      addTeacherRowError(row, 'tsc_number', TEACHER_IMPORT_MESSAGES.tscTaken(teacher.tsc_number));
  }
  return linkable;
}

/**
 * The rows whose phone has an account without a school: each account made the school's teacher
 * with the row's names and its one-time password (existing-accounts.ts), its teachers row and a
 * user_added entry.
 */
async function linkImportedAccounts(
  tx: Tx,
  actor: { schoolId: number; userId: number; address: string | null },
  rows: (ImportedTeacher & { userId: number; passwordHash: string })[],
) {
  for (const row of rows) {
    await linkAccountToSchool(tx, row.userId, actor.schoolId, {
      passwordHash: row.passwordHash,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
    });
    await tx
      .insert(teachers)
      .values({ schoolId: actor.schoolId, userId: row.userId, tscNumber: row.tsc_number });
    await recordAudit(tx, {
      schoolId: actor.schoolId,
      actorUserId: actor.userId,
      action: 'user_added',
      subjectType: 'user',
      subjectId: row.userId,
      address: actor.address,
    });
  }
}

/** POST /teachers/import/preview/: every row with its problems; nothing is written. */
export async function previewTeacherImport(
  db: Db,
  schoolId: number,
  text: string,
): Promise<TeacherImportPreview> {
  const file = readTeacherCsv(text);
  await checkAgainstSchool(db, schoolId, file);
  return teacherPreviewOf(file);
}

export type TeacherImportOutcome =
  | { imported: TeacherImportResult }
  | { refused: TeacherImportPreview };

/**
 * POST /teachers/import/: every row or none, in one transaction. The passwords are generated
 * and hashed before the transaction opens (argon2 takes 10-15 ms each), so the transaction
 * holds its locks only for the writes. The plain passwords are returned once and never stored
 * or logged.
 */
export async function importTeachers(
  db: Db,
  actor: { schoolId: number; userId: number; address: string | null },
  text: string,
): Promise<TeacherImportOutcome> {
  const { schoolId } = actor;
  const file = readTeacherCsv(text);
  const linkable = await checkAgainstSchool(db, schoolId, file);
  const early = teacherPreviewOf(file);
  if (early.file_errors.length > 0 || early.invalid > 0) return { refused: early };

  const all = file.rows.map((r) => r.teacher as ImportedTeacher);
  // Every row gets a one-time password, a linked account too (its old password ends).
  const passwords = all.map(() => generateOneTimePassword());
  // One at a time: measured on this 2-core machine, 200 hashes took 2.2-3.2 s in turn and
  // 4.1-4.9 s all at once (each argon2 run takes 19 MiB and a core), and a login meanwhile
  // still finds a free thread.
  const hashes: string[] = [];
  for (const password of passwords) hashes.push(await hashPassword(password));

  const outcome = await db.transaction(async (tx): Promise<TeacherImportOutcome> => {
    // Checked again inside: another admin may have added one of these phones meanwhile.
    await checkAgainstSchool(tx, schoolId, file);
    const preview = teacherPreviewOf(file);
    if (preview.invalid > 0) return { refused: preview };
    const people = all
      .map((t, n) => ({ ...t, n, password_hash: hashes[n]! }))
      .filter((t) => !linkable.has(t.phone_number));
    await queryRows(
      tx,
      sql`with added as (
        insert into users (school_id, first_name, last_name, username, email, phone_number, password_hash, must_change_password)
        select ${schoolId}, p.first_name, p.last_name, p.first_name, p.email, p.phone_number, p.password_hash, true
        from jsonb_to_recordset(${JSON.stringify(people)}::jsonb)
          as p(n int, first_name text, last_name text, email text, phone_number text, password_hash text)
        order by p.n
        returning id, phone_number
      ), role_granted as (
        insert into user_roles (user_id, role_id)
        select added.id, roles.id from added, roles where roles.name = 'teacher'
      ), teacher_rows as (
        insert into teachers (school_id, user_id, tsc_number)
        select ${schoolId}, added.id, p.tsc_number
        from added join jsonb_to_recordset(${JSON.stringify(people)}::jsonb)
          as p(phone_number text, tsc_number text) on p.phone_number = added.phone_number
      )
      insert into audit_log (school_id, actor_user_id, action, subject_type, subject_id, address)
      select ${schoolId}, ${actor.userId}, 'user_added', 'user', added.id, ${actor.address}
      from added`,
    );
    const linked = all.flatMap((t, n) => {
      const userId = linkable.get(t.phone_number);
      return userId === undefined ? [] : [{ ...t, userId, passwordHash: hashes[n]! }];
    });
    await linkImportedAccounts(tx, actor, linked);
    return {
      imported: {
        imported: all.length,
        teachers: all.map((t, n) => ({
          first_name: t.first_name,
          last_name: t.last_name,
          phone_number: t.phone_number,
          one_time_password: passwords[n]!,
        })),
        linked: linked.map(({ first_name, last_name, phone_number }) => ({
          first_name,
          last_name,
          phone_number,
        })),
      },
    };
  });
  if ('imported' in outcome)
    for (const userId of linkable.values()) forgetSessionVersion(db, userId);
  return outcome;
}
