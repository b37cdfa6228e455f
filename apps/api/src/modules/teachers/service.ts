import type { TeacherCount } from '@shule/shared/api';
import {
  type CreateTeacherResponse,
  cannotDeactivateSelfMessage,
  cannotResetOwnPasswordMessage,
  type createTeacherBody,
  PHONE_ACCOUNT_MESSAGES,
  passwordResetMessage,
  type ResetPasswordResponse,
  type TeacherRow,
  teacherCreatedMessage,
  teacherLinkedMessage,
  tscTakenMessage,
  type updateTeacherBody,
} from '@shule/shared/teachers';
import type { TeacherAssignment } from '@shule/shared/teaching';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { classes, subjects, teachers, teachingAssignments, users } from '../../db/schema/index';
import { takenInSchool } from '../../db/school-rows';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/index';
import {
  endSessionsIn,
  forgetSessionVersion,
  grantRole,
  hashPassword,
  isPhoneTaken,
} from '../auth/index';
import { type Actor, endAllAssignmentsOf } from '../teaching/index';
import { assertUploadOfSchool } from '../uploads/index';
import { accountsByPhone, holderOf, linkAccountToSchool } from './existing-accounts';
import { generateOneTimePassword } from './one-time-password';

export async function countTeachers(db: Db, schoolId: number): Promise<TeacherCount> {
  const [row] = await db
    .select({ n: count() })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.schoolId, schoolId), isNull(users.deactivatedAt)));
  return { teacher_count: row?.n ?? 0 };
}

// The assignment's class, apart from the class-teacher join of the same query.
const taughtClass = alias(classes, 'taught_class');

/** A teacher's current assignments as one JSON array, by class then subject. */
const currentAssignments = sql<TeacherAssignment[]>`coalesce((
  select json_agg(json_build_object(
      'id', ${teachingAssignments.id},
      'class', json_build_object('id', ${taughtClass.id}, 'name', ${taughtClass.name}),
      'subject', json_build_object('id', ${subjects.id}, 'name', ${subjects.name}, 'code', ${subjects.code})
    ) order by ${taughtClass.name}, ${subjects.name}, ${teachingAssignments.id})
  from ${teachingAssignments}
  join ${classes} as "taught_class" on ${taughtClass.id} = ${teachingAssignments.classId}
  join ${subjects} on ${subjects.id} = ${teachingAssignments.subjectId}
  where ${teachingAssignments.teacherId} = ${teachers.id} and ${teachingAssignments.endedAt} is null
), '[]'::json)`;

/**
 * The school's teachers in the shape packages/shared/src/teachers.ts reads with their current assignments and whether they
 * may sign in, newest first, in one query. `subject` stays in the shape, always null: what a
 * teacher teaches is their assignments.
 */
async function selectTeachers(db: Db | Tx, schoolId: number, teacherId?: number) {
  const rows = await db
    .select({
      id: teachers.id,
      tsc_number: teachers.tscNumber,
      userId: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      gender: users.gender,
      profile_photo: users.profilePhoto,
      phone_number: users.phoneNumber,
      className: sql<string | null>`string_agg(${classes.name}, ', ' order by ${classes.name})`,
      deactivatedAt: users.deactivatedAt,
      assignments: currentAssignments,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .leftJoin(
      classes,
      and(eq(classes.classTeacherId, teachers.id), eq(classes.schoolId, teachers.schoolId)),
    )
    .where(
      teacherId === undefined
        ? eq(teachers.schoolId, schoolId)
        : and(eq(teachers.schoolId, schoolId), eq(teachers.id, teacherId)),
    )
    .groupBy(teachers.id, users.id)
    .orderBy(desc(teachers.createdAt), desc(teachers.id));
  return rows.map(
    (r): TeacherRow => ({
      id: r.id,
      subject: null,
      tsc_number: r.tsc_number,
      is_active: r.deactivatedAt === null,
      assignments: r.assignments,
      user: {
        id: r.userId,
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email,
        gender: r.gender,
        class: r.className,
        profile_photo: r.profile_photo,
        phone_number: r.phone_number,
      },
    }),
  );
}

export const listTeachers = (db: Db, schoolId: number) => selectTeachers(db, schoolId);

async function getTeacher(db: Db | Tx, schoolId: number, teacherId: number) {
  const [row] = await selectTeachers(db, schoolId, teacherId);
  if (!row) throw notFound('Teacher');
  return row;
}

/** The teacher's row and user, locked until the transaction ends; 404 for another school's. */
async function lockTeacher(tx: Tx, schoolId: number, teacherId: number) {
  const [row] = await tx
    .select({
      id: teachers.id,
      userId: users.id,
      phoneNumber: users.phoneNumber,
      deactivatedAt: users.deactivatedAt,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.id, teacherId), eq(teachers.schoolId, schoolId)))
    .for('no key update');
  if (!row) throw notFound('Teacher');
  return row;
}

/**
 * Changes a teacher's details. A new phone number is their new login: refused (409) when
 * another account has it, and the teacher's sessions end so they sign in with it.
 */
export async function updateTeacher(
  db: Db,
  schoolId: number,
  teacherId: number,
  input: z.output<typeof updateTeacherBody>,
  actor: Actor,
) {
  let endedSessionsOf: number | undefined;
  const teacher = await db.transaction(async (tx) => {
    const found = await lockTeacher(tx, schoolId, teacherId);
    const userChanges: Partial<typeof users.$inferInsert> = {};
    if (input.first_name !== undefined) userChanges.firstName = input.first_name;
    if (input.last_name !== undefined) userChanges.lastName = input.last_name;
    if (input.email !== undefined) userChanges.email = input.email;
    if (input.gender !== undefined) userChanges.gender = input.gender;
    if (input.profile_photo !== undefined) {
      await assertUploadOfSchool(tx, schoolId, input.profile_photo);
      userChanges.profilePhoto = input.profile_photo;
    }
    if (input.phone_number !== undefined && input.phone_number !== found.phoneNumber) {
      if (await isPhoneTaken(tx, input.phone_number)) {
        throw conflict(PHONE_ACCOUNT_MESSAGES.cannotBeAdded);
      }
      userChanges.phoneNumber = input.phone_number;
      endedSessionsOf = found.userId;
    }
    if (input.tsc_number !== undefined) {
      const sameTsc = sql`lower(${teachers.tscNumber}) = lower(${input.tsc_number})`;
      if (await takenInSchool(tx, schoolId, teachers, sameTsc, teacherId)) {
        throw conflict(tscTakenMessage(input.tsc_number));
      }
      await tx
        .update(teachers)
        .set({ tscNumber: input.tsc_number })
        .where(eq(teachers.id, teacherId));
    }
    if (Object.keys(userChanges).length > 0) {
      await tx.update(users).set(userChanges).where(eq(users.id, found.userId));
    }
    if (endedSessionsOf !== undefined) await endSessionsIn(tx, endedSessionsOf);
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'user_changed',
      subjectType: 'user',
      subjectId: found.userId,
      address: actor.address,
    });
    return getTeacher(tx, schoolId, teacherId);
  });
  if (endedSessionsOf !== undefined) forgetSessionVersion(db, endedSessionsOf);
  return teacher;
}

/**
 * Deactivates a teacher who left: they cannot sign in, their sessions end at once, their current
 * assignments end and they stop being class teacher. Their marks and history stay. Deactivating
 * one already deactivated changes nothing. An administrator cannot deactivate themselves.
 */
export async function deactivateTeacher(db: Db, schoolId: number, teacherId: number, actor: Actor) {
  const result = await db.transaction(async (tx) => {
    const found = await lockTeacher(tx, schoolId, teacherId);
    if (found.userId === actor.userId) throw conflict(cannotDeactivateSelfMessage);
    if (found.deactivatedAt) return { teacher: await getTeacher(tx, schoolId, teacherId) };
    await tx.update(users).set({ deactivatedAt: sql`now()` }).where(eq(users.id, found.userId));
    await endAllAssignmentsOf(tx, teacherId, actor.userId);
    await tx
      .update(classes)
      .set({ classTeacherId: null })
      .where(and(eq(classes.classTeacherId, teacherId), eq(classes.schoolId, schoolId)));
    await endSessionsIn(tx, found.userId);
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'user_removed',
      subjectType: 'user',
      subjectId: found.userId,
      address: actor.address,
    });
    return { teacher: await getTeacher(tx, schoolId, teacherId), ended: found.userId };
  });
  if (result.ended !== undefined) forgetSessionVersion(db, result.ended);
  return result.teacher;
}

/** Lets a deactivated teacher sign in again; their old assignments are not restored. */
export async function activateTeacher(db: Db, schoolId: number, teacherId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const found = await lockTeacher(tx, schoolId, teacherId);
    if (found.deactivatedAt) {
      await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, found.userId));
      await recordAudit(tx, {
        schoolId,
        actorUserId: actor.userId,
        action: 'user_reactivated',
        subjectType: 'user',
        subjectId: found.userId,
        address: actor.address,
      });
    }
    return getTeacher(tx, schoolId, teacherId);
  });
}

/**
 * Adds a teacher: the login (role teacher, phone as username) and the teacher record together,
 * with a user_added entry in the audit log by `actor`. A new login gets a one-time password,
 * generated here, stored only as a hash, flagged to be changed first and shown once in the
 * message. A phone whose account has no school (someone who signed up alone) becomes that
 * account, with the one-time password all the same: its old password no longer works and its
 * sessions end (modules/teachers/existing-accounts.ts), and the message says so.
 */
export async function createTeacher(
  db: Db,
  schoolId: number,
  input: z.output<typeof createTeacherBody>,
  actor: { userId: number; address: string | null },
): Promise<CreateTeacherResponse> {
  const existing = (await accountsByPhone(db, [input.phone_number])).get(input.phone_number);
  if (existing && holderOf(existing) === 'taken') {
    throw conflict(PHONE_ACCOUNT_MESSAGES.cannotBeAdded);
  }
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const teacher = await db.transaction(async (tx) => {
    await assertUploadOfSchool(tx, schoolId, input.profile_photo);
    const sameTsc = sql`lower(${teachers.tscNumber}) = lower(${input.tsc_number})`;
    if (await takenInSchool(tx, schoolId, teachers, sameTsc)) {
      throw conflict(tscTakenMessage(input.tsc_number));
    }
    const account = {
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email ?? null,
      gender: input.gender ?? null,
      profilePhoto: input.profile_photo ?? null,
    };
    let userId: number;
    if (existing) {
      await linkAccountToSchool(tx, existing.id, schoolId, account);
      userId = existing.id;
    } else {
      if (await isPhoneTaken(tx, input.phone_number)) {
        throw conflict(PHONE_ACCOUNT_MESSAGES.cannotBeAdded);
      }
      const [user] = await tx
        .insert(users)
        .values({
          schoolId,
          ...account,
          username: input.first_name,
          phoneNumber: input.phone_number,
          mustChangePassword: true,
        })
        .returning({ id: users.id });
      userId = user!.id;
      await grantRole(tx, userId, 'teacher');
    }
    const [created] = await tx
      .insert(teachers)
      .values({ schoolId, userId, tscNumber: input.tsc_number })
      .returning({ id: teachers.id });
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'user_added',
      subjectType: 'user',
      subjectId: userId,
      address: actor.address,
    });
    const [row] = await selectTeachers(tx, schoolId, created!.id);
    return row!;
  });
  if (existing) forgetSessionVersion(db, existing.id);
  return {
    teacher,
    message: existing
      ? teacherLinkedMessage(input.phone_number, oneTimePassword)
      : teacherCreatedMessage(input.phone_number, oneTimePassword),
    linked_existing_account: existing !== undefined,
  };
}

/**
 * Gives a teacher a new one-time password, shown once: the account is flagged to change it
 * first, every session of it ends, and the reset is audit-logged. An admin resets no password
 * of their own here (My Account changes it).
 */
export async function resetTeacherPassword(
  db: Db,
  schoolId: number,
  teacherId: number,
  actor: Actor,
): Promise<ResetPasswordResponse> {
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const found = await db.transaction(async (tx) => {
    const teacher = await lockTeacher(tx, schoolId, teacherId);
    if (teacher.userId === actor.userId) throw conflict(cannotResetOwnPasswordMessage);
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true })
      .where(eq(users.id, teacher.userId));
    await endSessionsIn(tx, teacher.userId);
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'password_reset',
      subjectType: 'user',
      subjectId: teacher.userId,
      address: actor.address,
    });
    return teacher;
  });
  forgetSessionVersion(db, found.userId);
  return {
    message: passwordResetMessage(found.phoneNumber),
    one_time_password: oneTimePassword,
  };
}
