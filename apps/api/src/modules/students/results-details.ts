import {
  type StudentDetail,
  subjectNotOfClassMessage,
  type updateStudentBody,
} from '@shule/shared/students';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { classes, studentSubjects, students, subjectClasses } from '../../db/schema/index';
import { invalid, notFound } from '../../errors';
import { consentsOf } from '../privacy/consents';
import { getStudent } from './service';

/** A student's results details: own subjects (null: the class's) and entry marks. */
async function selectResultsDetails(db: Db | Tx, schoolId: number, studentId: number) {
  const [row] = await db
    .select({
      subjects: sql<number[] | null>`(
        select json_agg(ss.subject_id order by ss.subject_id)
        from student_subjects ss where ss.student_id = ${students.id})`,
      entry_exam: sql<StudentDetail['entry_exam']>`${students.entryExam}`,
      entry_index_number: students.entryIndexNumber,
      entry_marks: students.entryMarks,
      parent_sms_opt_out: sql<boolean | null>`(
        select p.sms_opt_out from parents p
        where p.id = ${students.parentId} and p.school_id = ${students.schoolId})`,
    })
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
  if (!row) throw notFound('Student');
  return row;
}

/**
 * GET /students/{id}/: the full row with the subjects taken, the entry marks, the consents and
 * whether the parent opted out of SMS.
 */
export async function getStudentDetail(
  db: Db | Tx,
  schoolId: number,
  studentId: number,
): Promise<StudentDetail> {
  const row = await getStudent(db, schoolId, studentId);
  const { parent_sms_opt_out, ...details } = await selectResultsDetails(db, schoolId, studentId);
  return {
    ...row,
    parent: row.parent && { ...row.parent, sms_opt_out: parent_sms_opt_out ?? false },
    ...details,
    consents: await consentsOf(db, schoolId, studentId),
  };
}

/**
 * PATCH /students/{id}/: the results details. `subjects`, when sent, replaces the student's own
 * list; each must be taught in the student's class; null (or every subject of the class) goes
 * back to the class's subjects.
 */
export function updateStudentDetails(
  db: Db,
  schoolId: number,
  studentId: number,
  input: z.output<typeof updateStudentBody>,
): Promise<StudentDetail> {
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: students.id, classId: students.classId, className: classes.name })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(
        and(eq(students.id, studentId), eq(students.schoolId, schoolId), isNull(students.erasedAt)),
      )
      .for('update', { of: students });
    if (!student) throw notFound('Student');

    const { entry_exam, entry_index_number, entry_marks } = input;
    if ([entry_exam, entry_index_number, entry_marks].some((v) => v !== undefined)) {
      await tx
        .update(students)
        .set({
          entryExam: entry_exam,
          entryIndexNumber: entry_index_number,
          entryMarks: entry_marks,
        })
        .where(eq(students.id, studentId));
    }

    if (input.subjects !== undefined) {
      const chosen = [...new Set(input.subjects ?? [])];
      if (input.subjects !== null && chosen.length === 0) {
        throw invalid('subjects', 'Choose at least one subject');
      }
      const taught = await tx
        .select({ id: subjectClasses.subjectId })
        .from(subjectClasses)
        .where(eq(subjectClasses.classId, student.classId))
        .for('share');
      const taughtIds = new Set(taught.map((t) => t.id));
      if (chosen.some((id) => !taughtIds.has(id))) {
        throw invalid('subjects', subjectNotOfClassMessage(student.className));
      }
      await tx.delete(studentSubjects).where(eq(studentSubjects.studentId, studentId));
      const ownList = input.subjects !== null && chosen.length < taughtIds.size;
      if (ownList) {
        await tx
          .insert(studentSubjects)
          .values(chosen.map((subjectId) => ({ schoolId, studentId, subjectId })));
      }
    }
    return getStudentDetail(tx, schoolId, studentId);
  });
}
