import type { TeacherCount } from '@shule/shared/api';
import {
  type createTeacherBody,
  type TeacherRow,
  teacherCreatedMessage,
  tscTakenMessage,
} from '@shule/shared/teachers';
import type { TeacherAssignment } from '@shule/shared/teaching';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { classes, subjects, teachers, teachingAssignments, users } from '../../db/schema/index';
import { takenInSchool } from '../../db/school-rows';
import { conflict } from '../../errors';
import { recordAudit } from '../audit/record';
import { hashPassword } from '../auth/passwords';
import { PHONE_TAKEN_MESSAGE } from '../auth/service';
import { grantRole, isPhoneTaken } from '../auth/users';
import { assertUploadOfSchool } from '../uploads/service';
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
 * The school's teachers in the §3 read shape with their current assignments and whether they
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

/**
 * Creates the teacher's login (role teacher, phone as username) and teacher record together,
 * with a user_added entry in the audit log by `actor`. The one-time password is generated here,
 * stored only as a hash, and shown once in the message.
 */
export async function createTeacher(
  db: Db,
  schoolId: number,
  input: z.output<typeof createTeacherBody>,
  actor: { userId: number; address: string | null },
) {
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const teacher = await db.transaction(async (tx) => {
    if (await isPhoneTaken(tx, input.phone_number)) throw conflict(PHONE_TAKEN_MESSAGE);
    await assertUploadOfSchool(tx, schoolId, input.profile_photo);
    const sameTsc = sql`lower(${teachers.tscNumber}) = lower(${input.tsc_number})`;
    if (await takenInSchool(tx, schoolId, teachers, sameTsc)) {
      throw conflict(tscTakenMessage(input.tsc_number));
    }
    const [user] = await tx
      .insert(users)
      .values({
        schoolId,
        firstName: input.first_name,
        lastName: input.last_name,
        username: input.first_name,
        email: input.email,
        phoneNumber: input.phone_number,
        passwordHash,
        gender: input.gender,
        profilePhoto: input.profile_photo,
      })
      .returning({ id: users.id });
    await grantRole(tx, user!.id, 'teacher');
    const [created] = await tx
      .insert(teachers)
      .values({ schoolId, userId: user!.id, tscNumber: input.tsc_number })
      .returning({ id: teachers.id });
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'user_added',
      subjectType: 'user',
      subjectId: user!.id,
      address: actor.address,
    });
    const [row] = await selectTeachers(tx, schoolId, created!.id);
    return row!;
  });
  return { teacher, message: teacherCreatedMessage(input.phone_number, oneTimePassword) };
}
