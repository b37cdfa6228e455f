import {
  type Assignment,
  alreadyAssignedMessage,
  type assignTeachingBody,
  deactivatedTeacherMessage,
  type LearningAreaAssignment,
  type ReportTeacherNames,
  reportTeacherName,
  subjectNotInClassMessage,
} from '@shule/shared/teaching';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import {
  classes,
  learningAreas,
  schools,
  subjectClasses,
  subjects,
  teachers,
  teachingAssignments,
  users,
} from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { conflict, invalid, notFound } from '../../errors';
import { recordAudit } from '../audit/index';
import { checkLearningAreaAssignment } from './learning-area-teaching';

export interface Actor {
  userId: number;
  address: string | null;
}

/**
 * Current assignments matching `where` (within the school), in one query: the subjects taught
 * by class then subject, and the CBC learning areas by class then learning area.
 */
async function selectAssignments(db: Db | Tx, schoolId: number, where: SQL) {
  const rows = await db
    .select({
      id: teachingAssignments.id,
      teacherId: teachers.id,
      firstName: users.firstName,
      lastName: users.lastName,
      classId: classes.id,
      className: classes.name,
      subjectId: subjects.id,
      subjectName: subjects.name,
      subjectCode: subjects.code,
      areaId: learningAreas.id,
      areaName: learningAreas.name,
    })
    .from(teachingAssignments)
    .innerJoin(teachers, eq(teachers.id, teachingAssignments.teacherId))
    .innerJoin(users, eq(users.id, teachers.userId))
    .innerJoin(classes, eq(classes.id, teachingAssignments.classId))
    .leftJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .leftJoin(learningAreas, eq(learningAreas.id, teachingAssignments.learningAreaId))
    .where(
      and(eq(teachingAssignments.schoolId, schoolId), isNull(teachingAssignments.endedAt), where),
    )
    .orderBy(
      asc(classes.name),
      asc(subjects.name),
      asc(learningAreas.id),
      asc(users.firstName),
      asc(teachingAssignments.id),
    );
  const assignments: Assignment[] = [];
  const learningAreaAssignments: LearningAreaAssignment[] = [];
  for (const r of rows) {
    const teacher = { id: r.teacherId, first_name: r.firstName, last_name: r.lastName };
    const cls = { id: r.classId, name: r.className };
    if (r.subjectId !== null) {
      const subject = { id: r.subjectId, name: r.subjectName!, code: r.subjectCode! };
      assignments.push({ id: r.id, teacher, class: cls, subject });
    } else {
      const area = { id: r.areaId!, name: r.areaName! };
      learningAreaAssignments.push({ id: r.id, teacher, class: cls, learning_area: area });
    }
  }
  return { assignments, learning_area_assignments: learningAreaAssignments };
}

async function findTeacher(db: Db | Tx, schoolId: number, teacherId: number, lock = false) {
  const query = db
    .select({
      id: teachers.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      deactivatedAt: users.deactivatedAt,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.id, teacherId), eq(teachers.schoolId, schoolId)));
  const [row] = await (lock ? query.for('no key update', { of: teachers }) : query);
  if (!row) throw notFound('Teacher');
  return row;
}

export async function listTeacherAssignments(db: Db, schoolId: number, teacherId: number) {
  await findTeacher(db, schoolId, teacherId);
  return selectAssignments(db, schoolId, eq(teachingAssignments.teacherId, teacherId));
}

export async function listClassAssignments(db: Db, schoolId: number, classId: number) {
  await findInSchool(db, schoolId, classes, classId, 'Class');
  return selectAssignments(db, schoolId, eq(teachingAssignments.classId, classId));
}

/**
 * Assigns the teacher to teach the subject (or the CBC learning area) in the class. The subject
 * must be one of the class's (subject_classes), the learning area one of its level's; a
 * deactivated teacher and a pair already assigned answer 409. The teacher row is locked so two
 * requests for the same pair cannot both pass the check.
 */
export async function assignTeaching(
  db: Db,
  schoolId: number,
  teacherId: number,
  input: z.output<typeof assignTeachingBody>,
  actor: Actor,
): Promise<Assignment | LearningAreaAssignment> {
  return db.transaction(async (tx) => {
    const teacher = await findTeacher(tx, schoolId, teacherId, true);
    const teacherName = `${teacher.firstName} ${teacher.lastName}`;
    const [cls] = await tx
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(and(eq(classes.id, input.class), eq(classes.schoolId, schoolId)));
    if (!cls) throw invalid('class', 'Choose one of your classes');
    if (input.learning_area !== undefined) {
      if (teacher.deactivatedAt) throw conflict(deactivatedTeacherMessage(teacherName));
      const who = { id: teacherId, name: teacherName };
      await checkLearningAreaAssignment(tx, schoolId, who, cls, input.learning_area);
    } else {
      await checkSubjectAssignment(tx, schoolId, teacher, teacherName, cls, input.subject!);
    }
    const [created] = await tx
      .insert(teachingAssignments)
      .values({
        schoolId,
        teacherId,
        classId: cls.id,
        subjectId: input.subject ?? null,
        learningAreaId: input.learning_area ?? null,
        createdBy: actor.userId,
      })
      .returning({ id: teachingAssignments.id });
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'teaching_assigned',
      subjectType: 'user',
      subjectId: teacher.userId,
      address: actor.address,
    });
    const byId = eq(teachingAssignments.id, created!.id);
    const made = await selectAssignments(tx, schoolId, byId);
    return (made.assignments[0] ?? made.learning_area_assignments[0])!;
  });
}

/** The subject of a new assignment: the school's, taught in the class, not already the teacher's. */
async function checkSubjectAssignment(
  tx: Tx,
  schoolId: number,
  teacher: { id: number; deactivatedAt: Date | null },
  teacherName: string,
  cls: { id: number; name: string },
  subjectId: number,
) {
  const [subject] = await tx
    .select({
      id: subjects.id,
      name: subjects.name,
      taught: sql<boolean>`exists (select 1 from ${subjectClasses} where ${subjectClasses.subjectId} = ${subjects.id} and ${subjectClasses.classId} = ${cls.id})`,
    })
    .from(subjects)
    .where(and(eq(subjects.id, subjectId), eq(subjects.schoolId, schoolId)));
  if (!subject) throw invalid('subject', 'Choose one of your subjects');
  if (teacher.deactivatedAt) throw conflict(deactivatedTeacherMessage(teacherName));
  if (!subject.taught) throw invalid('subject', subjectNotInClassMessage(subject.name, cls.name));
  const [existing] = await tx
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(
      and(
        eq(teachingAssignments.teacherId, teacher.id),
        eq(teachingAssignments.classId, cls.id),
        eq(teachingAssignments.subjectId, subject.id),
        isNull(teachingAssignments.endedAt),
      ),
    );
  if (existing) throw conflict(alreadyAssignedMessage(teacherName, subject.name, cls.name));
}

/** Ends one current assignment of the teacher (kept, with who ended it and when); 404 otherwise. */
export async function endAssignment(
  db: Db,
  schoolId: number,
  teacherId: number,
  assignmentId: number,
  actor: Actor,
) {
  await db.transaction(async (tx) => {
    const teacher = await findTeacher(tx, schoolId, teacherId);
    const ended = await tx
      .update(teachingAssignments)
      .set({ endedAt: sql`now()`, endedBy: actor.userId })
      .where(
        and(
          eq(teachingAssignments.id, assignmentId),
          eq(teachingAssignments.teacherId, teacherId),
          eq(teachingAssignments.schoolId, schoolId),
          isNull(teachingAssignments.endedAt),
        ),
      )
      .returning({ id: teachingAssignments.id });
    if (ended.length === 0) throw notFound('Assignment');
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'teaching_ended',
      subjectType: 'user',
      subjectId: teacher.userId,
      address: actor.address,
    });
  });
}

/** Ends every current assignment of the teacher (deactivation); answers how many ended. */
export async function endAllAssignmentsOf(tx: Tx, teacherId: number, endedBy: number) {
  const ended = await tx
    .update(teachingAssignments)
    .set({ endedAt: sql`now()`, endedBy })
    .where(and(eq(teachingAssignments.teacherId, teacherId), isNull(teachingAssignments.endedAt)))
    .returning({ id: teachingAssignments.id });
  return ended.length;
}

/** Who taught each subject to each class for a printed result, as printed (none: nobody). */
export type SubjectTeachers = (classId: number, subjectId: number) => string[];

/**
 * The subject teachers of `classIds` for an exam that started on `onDate` (YYYY-MM-DD), named
 * as the school prints them (schools.report_teacher_names). A teacher whose assignment ended
 * before that day did not teach it; of the others, those assigned by that day are preferred
 * (a successor assigned since stands in only when nobody was, as when the school entered an
 * old exam's marks after setting its teachers up). Days are Nairobi's. One query.
 */
export async function subjectTeachersOn(
  db: Db,
  schoolId: number,
  classIds: readonly number[],
  onDate: string,
): Promise<SubjectTeachers> {
  if (classIds.length === 0) return () => [];
  const nairobiDay = (column: SQL | typeof teachingAssignments.createdAt) =>
    sql`(${column} at time zone 'Africa/Nairobi')::date`;
  const rows = await db
    .select({
      classId: teachingAssignments.classId,
      subjectId: teachingAssignments.subjectId,
      firstName: users.firstName,
      lastName: users.lastName,
      began: sql<boolean>`${nairobiDay(teachingAssignments.createdAt)} <= ${onDate}::date`,
      style: schools.reportTeacherNames,
    })
    .from(teachingAssignments)
    .innerJoin(teachers, eq(teachers.id, teachingAssignments.teacherId))
    .innerJoin(users, eq(users.id, teachers.userId))
    .innerJoin(schools, eq(schools.id, teachingAssignments.schoolId))
    .where(
      and(
        eq(teachingAssignments.schoolId, schoolId),
        inArray(teachingAssignments.classId, [...classIds]),
        sql`(${teachingAssignments.endedAt} is null
          or ${nairobiDay(sql`${teachingAssignments.endedAt}`)} >= ${onDate}::date)`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(teachingAssignments.id));
  const byPair = new Map<string, { began: string[]; since: string[] }>();
  for (const r of rows) {
    const key = `${r.classId}:${r.subjectId}`;
    const pair = byPair.get(key) ?? { began: [], since: [] };
    const name = reportTeacherName(
      { first_name: r.firstName, last_name: r.lastName },
      r.style as ReportTeacherNames,
    );
    (r.began ? pair.began : pair.since).push(name);
    byPair.set(key, pair);
  }
  return (classId, subjectId) => {
    const pair = byPair.get(`${classId}:${subjectId}`);
    if (!pair) return [];
    return pair.began.length > 0 ? pair.began : pair.since;
  };
}
