import type { StudentResults } from '@shule/shared/results/student-results';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { schoolHasStudent, selectStudentExams } from './queries';

/**
 * The exams a student of the school has marks in, newest first, each with the class they sat
 * it in (the most of their marks'), as the report form is found. A teacher sees those of the
 * classes they lead (results' rule, assertMaySeeResults); 404 for another school's student.
 */
export async function studentResults(
  db: Db,
  request: FastifyRequest,
  studentId: number,
): Promise<StudentResults> {
  const schoolId = request.schoolId();
  if (!(await schoolHasStudent(db, schoolId, studentId))) throw notFound('Student');
  const ledBy = request.user.roles.includes('admin') ? null : request.user.id;
  const rows = await selectStudentExams(db, schoolId, studentId, ledBy);
  return {
    exams: rows.map((r) => ({
      exam: { id: r.exam_id, name: r.exam_name, start_date: r.start_date, end_date: r.end_date },
      class: { id: r.class_id, name: r.class_name },
      subjects_marked: r.subjects_marked,
      mean_score: r.mean_score === null ? null : Number(r.mean_score),
    })),
  };
}
