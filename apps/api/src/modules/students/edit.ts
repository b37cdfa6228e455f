import {
  knecRecordFields,
  LEARNER_RECORD_MESSAGES,
  learnerRecordFields,
} from '@shule/shared/learner-record';
import {
  leaveBeforeAdmissionMessage,
  type leaveStudentBody,
  STUDENT_MESSAGES,
  type StudentDetail,
  subjectNotOfClassMessage,
  type updateStudentBody,
} from '@shule/shared/students';
import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { classes, parents, studentSubjects, students, subjectClasses } from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, invalid, notFound } from '../../errors';
import { recordAudit } from '../audit/index';
import { getStudentDetail } from './results-details';

/** Who changes a student, for the audit log. */
export interface StudentActor {
  schoolId: number;
  userId: number;
  address: string | null;
}

/** The student (not erased) of the school, locked until the transaction ends; or 404. */
async function lockStudent(tx: Tx, schoolId: number, studentId: number) {
  const [student] = await tx
    .select({
      id: students.id,
      classId: students.classId,
      isActive: students.isActive,
      parentId: students.parentId,
      admittedOn: sql<string>`(${students.createdAt} at time zone 'Africa/Nairobi')::date::text`,
    })
    .from(students)
    .where(
      and(eq(students.id, studentId), eq(students.schoolId, schoolId), isNull(students.erasedAt)),
    )
    .for('update');
  if (!student) throw notFound('Student');
  return student;
}

/** The subjects taught in a class, held until the transaction ends. */
async function subjectsTaughtIn(tx: Tx, classId: number) {
  const taught = await tx
    .select({ id: subjectClasses.subjectId })
    .from(subjectClasses)
    .where(eq(subjectClasses.classId, classId))
    .for('share');
  return new Set(taught.map((t) => t.id));
}

/**
 * Drops, from the own subject lists of `studentIds` (now in `classId`), the subjects not taught
 * there; a list left empty means the class's subjects, as it does for any student.
 */
export async function dropSubjectsNotTaught(tx: Tx, studentIds: number[], classId: number) {
  if (studentIds.length === 0) return;
  await tx
    .delete(studentSubjects)
    .where(
      and(
        inArray(studentSubjects.studentId, studentIds),
        notInArray(
          studentSubjects.subjectId,
          tx
            .select({ id: subjectClasses.subjectId })
            .from(subjectClasses)
            .where(eq(subjectClasses.classId, classId)),
        ),
      ),
    );
}

/**
 * PATCH /students/{id}/: names, birth date, gender, class and the results details, in one
 * transaction. A move to another class of the school keeps the marks where they were sat
 * (exam_scores.class_id) and drops the subjects of the student's own list not taught in the
 * new class. `subjects`, when sent, replaces the own list; each must be taught in the student's
 * (new) class; null, or every subject of the class, goes back to the class's subjects.
 */
export function updateStudent(
  db: Db,
  actor: StudentActor,
  studentId: number,
  input: z.output<typeof updateStudentBody>,
): Promise<StudentDetail> {
  const { schoolId } = actor;
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, schoolId, studentId);
    const moving = input.class !== undefined && input.class !== student.classId;
    const classId = input.class ?? student.classId;
    const target = await findInSchool(tx, schoolId, classes, classId, 'Class', {
      columns: { id: classes.id, name: classes.name },
      lock: 'key share',
    });
    if (moving && !student.isActive) throw conflict(STUDENT_MESSAGES.hasLeft);

    const changes: Partial<typeof students.$inferInsert> = {
      firstName: input.first_name,
      lastName: input.last_name,
      dateOfBirth: input.date_of_birth,
      gender: input.gender,
      classId: moving ? classId : undefined,
      entryExam: input.entry_exam,
      entryIndexNumber: input.entry_index_number,
      entryMarks: input.entry_marks,
      upi: input.upi,
      birthCertificateNumber: input.birth_certificate_number,
      nationality: input.nationality,
      county: input.county,
      subCounty: input.sub_county,
      specialNeeds: input.special_needs,
      medicalCondition: input.medical_condition,
      nhifNumber: input.nhif_number,
      assessmentNumber: input.assessment_number,
      birthCertificateNames: input.birth_certificate_names,
      reOption: input.re_option,
      kiswahiliOption: input.kiswahili_option,
      specialNeedsCode: input.special_needs_code,
    };
    if (input.upi) await assertUpiFree(tx, schoolId, studentId, input.upi);
    if (input.assessment_number) {
      await assertAssessmentNumberFree(tx, schoolId, studentId, input.assessment_number);
    }
    if (Object.values(changes).some((v) => v !== undefined)) {
      await tx
        .update(students)
        .set(changes)
        .where(eq(students.id, studentId))
        .catch((error: unknown) => {
          // Two admins giving one UPI at the same moment: the unique index decides.
          if (input.upi && isUniqueViolation(error, 'students_school_upi_key')) {
            throw conflict(LEARNER_RECORD_MESSAGES.upiTaken(input.upi));
          }
          if (
            input.assessment_number &&
            isUniqueViolation(error, 'students_school_assessment_number_key')
          ) {
            throw conflict(LEARNER_RECORD_MESSAGES.assessmentNumberTaken(input.assessment_number));
          }
          throw error;
        });
    }
    if (input.parent_national_id_number !== undefined) {
      if (student.parentId === null) {
        throw invalid('parent_national_id_number', STUDENT_MESSAGES_NO_PARENT);
      }
      await tx
        .update(parents)
        .set({ nationalIdNumber: input.parent_national_id_number })
        .where(and(eq(parents.id, student.parentId), eq(parents.schoolId, schoolId)));
    }

    if (input.subjects !== undefined) {
      const chosen = [...new Set(input.subjects ?? [])];
      if (input.subjects !== null && chosen.length === 0) {
        throw invalid('subjects', 'Choose at least one subject');
      }
      const taughtIds = await subjectsTaughtIn(tx, classId);
      if (chosen.some((id) => !taughtIds.has(id))) {
        throw invalid('subjects', subjectNotOfClassMessage(target.name));
      }
      await tx.delete(studentSubjects).where(eq(studentSubjects.studentId, studentId));
      const ownList = input.subjects !== null && chosen.length < taughtIds.size;
      if (ownList) {
        await tx
          .insert(studentSubjects)
          .values(chosen.map((subjectId) => ({ schoolId, studentId, subjectId })));
      }
    } else if (moving) {
      await dropSubjectsNotTaught(tx, [studentId], classId);
    }

    const identityChanged =
      moving ||
      [
        input.first_name,
        input.last_name,
        input.date_of_birth,
        input.gender,
        input.entry_index_number,
        input.parent_national_id_number,
        ...LEARNER_RECORD_KEYS.map((key) => input[key]),
      ].some((v) => v !== undefined);
    if (identityChanged) {
      await recordAudit(tx, {
        ...auditOf(actor),
        action: 'student_changed',
        subjectType: 'student',
        subjectId: studentId,
      });
    }
    return getStudentDetail(tx, schoolId, studentId);
  });
}

const LEARNER_RECORD_KEYS = Object.keys({ ...learnerRecordFields, ...knecRecordFields }) as (
  | keyof typeof learnerRecordFields
  | keyof typeof knecRecordFields
)[];
const STUDENT_MESSAGES_NO_PARENT = 'This student has no parent to give a national ID number to';

/** 409 when another student of the school already has this UPI. */
async function assertUpiFree(tx: Tx, schoolId: number, studentId: number, upi: string) {
  const [holder] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.upi, upi), ne(students.id, studentId)))
    .limit(1);
  if (holder) throw conflict(LEARNER_RECORD_MESSAGES.upiTaken(upi));
}

/** 409 when another student of the school already has this Assessment Number. */
export async function assertAssessmentNumberFree(
  tx: Tx,
  schoolId: number,
  studentId: number,
  number: string,
) {
  const [holder] = await tx
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.assessmentNumber, number),
        ne(students.id, studentId),
      ),
    )
    .limit(1);
  if (holder) throw conflict(LEARNER_RECORD_MESSAGES.assessmentNumberTaken(number));
}

const auditOf = (actor: StudentActor) => ({
  schoolId: actor.schoolId,
  actorUserId: actor.userId,
  address: actor.address,
});

/**
 * POST /students/{id}/leave/: the student leaves the school on `date` (not in the future: the
 * schema; not before their admission day) for `reason`. They drop out of new lists, counts,
 * messages and merit lists; their marks stay in the exams they sat. 409 if already left.
 */
export function leaveSchool(
  db: Db,
  actor: StudentActor,
  studentId: number,
  input: z.output<typeof leaveStudentBody>,
): Promise<StudentDetail> {
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, actor.schoolId, studentId);
    if (!student.isActive) throw conflict(STUDENT_MESSAGES.alreadyLeft);
    if (input.date < student.admittedOn) {
      throw invalid('date', leaveBeforeAdmissionMessage(student.admittedOn));
    }
    await tx
      .update(students)
      .set({ isActive: false, leftOn: input.date, leftReason: input.reason })
      .where(eq(students.id, studentId));
    await recordAudit(tx, {
      ...auditOf(actor),
      action: 'student_left',
      subjectType: 'student',
      subjectId: studentId,
    });
    return getStudentDetail(tx, actor.schoolId, studentId);
  });
}

/** POST /students/{id}/rejoin/: a student who left is active again, in their last class. */
export function rejoinSchool(
  db: Db,
  actor: StudentActor,
  studentId: number,
): Promise<StudentDetail> {
  return db.transaction(async (tx) => {
    const student = await lockStudent(tx, actor.schoolId, studentId);
    if (student.isActive) throw conflict(STUDENT_MESSAGES.notLeft);
    await tx
      .update(students)
      .set({ isActive: true, leftOn: null, leftReason: null })
      .where(eq(students.id, studentId));
    await recordAudit(tx, {
      ...auditOf(actor),
      action: 'student_rejoined',
      subjectType: 'student',
      subjectId: studentId,
    });
    return getStudentDetail(tx, actor.schoolId, studentId);
  });
}
