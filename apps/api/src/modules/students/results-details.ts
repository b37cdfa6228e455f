import type { StudentDetail } from '@shule/shared/students';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { students } from '../../db/schema/index';
import { notFound } from '../../errors';
import { consentsOf } from '../privacy/index';
import { getStudent } from './service';

/** A student's results details (own subjects, null: the class's; entry marks) and register. */
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
      parent_national_id_number: sql<string | null>`(
        select p.national_id_number from parents p
        where p.id = ${students.parentId} and p.school_id = ${students.schoolId})`,
      upi: students.upi,
      birth_certificate_number: students.birthCertificateNumber,
      nationality: students.nationality,
      county: students.county,
      sub_county: students.subCounty,
      special_needs: students.specialNeeds,
      medical_condition: students.medicalCondition,
      nhif_number: students.nhifNumber,
      assessment_number: students.assessmentNumber,
      birth_certificate_names: students.birthCertificateNames,
      re_option: sql<StudentDetail['re_option']>`${students.reOption}`,
      kiswahili_option: sql<StudentDetail['kiswahili_option']>`${students.kiswahiliOption}`,
      special_needs_code: students.specialNeedsCode,
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
  const { parent_sms_opt_out, parent_national_id_number, ...details } = await selectResultsDetails(
    db,
    schoolId,
    studentId,
  );
  return {
    ...row,
    parent: row.parent && {
      ...row.parent,
      sms_opt_out: parent_sms_opt_out ?? false,
      national_id_number: parent_national_id_number,
    },
    ...details,
    consents: await consentsOf(db, schoolId, studentId),
  };
}
