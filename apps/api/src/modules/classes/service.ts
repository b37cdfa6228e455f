import {
  type ClassRow,
  classHasMarksMessage,
  classHasRegistersMessage,
  classHasStudentsMessage,
  classNameTakenMessage,
  type createClassBody,
  type updateClassBody,
} from '@shule/shared/classes';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import {
  attendanceMarks,
  classes,
  examScores,
  students,
  teachers,
  users,
} from '../../db/schema/index';
import { deleteUnlessUsed, findInSchool, takenInSchool } from '../../db/school-rows';
import { conflict, invalid, notFound } from '../../errors';
import { assertClassFreeOfFees } from '../fees/index';
import { ensureLevel } from '../levels/index';

export async function countClasses(db: Db, schoolId: number) {
  const [row] = await db.select({ n: count() }).from(classes).where(eq(classes.schoolId, schoolId));
  return row?.n ?? 0;
}

const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * Classes with their student counts and class teacher, in one query however many classes the
 * school has: the students are aggregated in SQL, not fetched per class.
 */
async function selectClasses(db: Db | Tx, schoolId: number, classId?: number): Promise<ClassRow[]> {
  const rows = await db
    .select({
      id: classes.id,
      name: classes.name,
      level: classes.level,
      school: classes.schoolId,
      totalStudents: sql<number>`count(${students.id})`.mapWith(Number),
      boys: countWhere(sql`${students.gender} = 'male'`),
      girls: countWhere(sql`${students.gender} = 'female'`),
      teacherId: teachers.id,
      teacherFirstName: users.firstName,
      teacherLastName: users.lastName,
    })
    .from(classes)
    .leftJoin(
      students,
      and(
        eq(students.classId, classes.id),
        eq(students.schoolId, classes.schoolId),
        // Erased students (modules/privacy) live on in results only; those who left are not counted.
        isNull(students.erasedAt),
        eq(students.isActive, true),
      ),
    )
    .leftJoin(
      teachers,
      and(eq(teachers.id, classes.classTeacherId), eq(teachers.schoolId, classes.schoolId)),
    )
    .leftJoin(users, eq(users.id, teachers.userId))
    .where(
      classId === undefined
        ? eq(classes.schoolId, schoolId)
        : and(eq(classes.schoolId, schoolId), eq(classes.id, classId)),
    )
    .groupBy(classes.id, teachers.id, users.id)
    .orderBy(asc(classes.name), asc(classes.id));
  return rows.map(({ teacherId, teacherFirstName, teacherLastName, ...row }) => ({
    ...row,
    class_teacher:
      teacherId === null
        ? null
        : {
            id: teacherId,
            user: { first_name: teacherFirstName ?? '', last_name: teacherLastName ?? '' },
          },
    classTeacher: teacherId,
  }));
}

export const listClasses = (db: Db, schoolId: number) => selectClasses(db, schoolId);

export async function getClass(db: Db | Tx, schoolId: number, classId: number) {
  const [row] = await selectClasses(db, schoolId, classId);
  if (!row) throw notFound('Class');
  return row;
}

/** Names are unique in a school regardless of case: 'Form 1' and 'form 1' would confuse. */
async function assertNameFree(tx: Tx, schoolId: number, name: string, exceptId?: number) {
  const sameName = sql`lower(${classes.name}) = lower(${name})`;
  if (await takenInSchool(tx, schoolId, classes, sameName, exceptId)) {
    throw conflict(classNameTakenMessage(name));
  }
}

export async function createClass(
  db: Db,
  schoolId: number,
  input: z.output<typeof createClassBody>,
): Promise<ClassRow> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, schoolId, input.name);
    const [created] = await tx
      .insert(classes)
      .values({ schoolId, name: input.name, level: input.level ?? null })
      .returning({ id: classes.id });
    await ensureLevel(tx, schoolId, input.level);
    return getClass(tx, schoolId, created!.id);
  });
}

export async function updateClass(
  db: Db,
  schoolId: number,
  classId: number,
  input: z.output<typeof updateClassBody>,
): Promise<ClassRow> {
  return db.transaction(async (tx) => {
    await findInSchool(tx, schoolId, classes, classId, 'Class', { lock: 'no key update' });

    const changes: Partial<typeof classes.$inferInsert> = {};
    if (input.name !== undefined) {
      await assertNameFree(tx, schoolId, input.name, classId);
      changes.name = input.name;
    }
    if (input.level !== undefined) {
      changes.level = input.level;
      await ensureLevel(tx, schoolId, input.level);
    }
    if (input.class_teacher !== undefined) {
      if (input.class_teacher !== null) {
        const [teacher] = await tx
          .select({ id: teachers.id, deactivatedAt: users.deactivatedAt })
          .from(teachers)
          .innerJoin(users, eq(users.id, teachers.userId))
          .where(and(eq(teachers.id, input.class_teacher), eq(teachers.schoolId, schoolId)));
        if (!teacher) throw invalid('class_teacher', "Choose one of your school's teachers");
        if (teacher.deactivatedAt) {
          throw invalid('class_teacher', 'This teacher is deactivated: choose an active teacher');
        }
      }
      changes.classTeacherId = input.class_teacher;
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(classes).set(changes).where(eq(classes.id, classId));
    }
    return getClass(tx, schoolId, classId);
  });
}

/** Deletes an empty class (a class with students is not deleted with them). */
export const deleteClass = (db: Db, schoolId: number, classId: number) =>
  deleteUnlessUsed(db, schoolId, classes, classId, 'Class', {
    usedBy: students.classId,
    columns: { name: classes.name },
    inUseMessage: (_, count) => classHasStudentsMessage(count),
    alsoCheck: async (tx, row) => {
      const [marked] = await tx
        .select({ id: examScores.id })
        .from(examScores)
        .where(eq(examScores.classId, classId))
        .limit(1);
      if (marked) throw conflict(classHasMarksMessage(row.name));
      const [registered] = await tx
        .select({ id: attendanceMarks.id })
        .from(attendanceMarks)
        .where(eq(attendanceMarks.classId, classId))
        .limit(1);
      if (registered) throw conflict(classHasRegistersMessage(row.name));
      await assertClassFreeOfFees(tx, classId, row.name);
    },
  });
