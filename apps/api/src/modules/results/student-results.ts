import type { StudentResults } from '@shule/shared/results/student-results';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { classes, examScores, exams, students, teachers } from '../../db/schema/index';
import { notFound } from '../../errors';

interface Row {
  exam_id: number;
  exam_name: string;
  start_date: string;
  end_date: string;
  class_id: number;
  class_name: string;
  subjects_marked: number;
  mean_score: string | number | null;
}

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
  const [student] = await queryRows<{ id: number }>(
    db,
    sql`select ${students.id} as id from ${students}
      where ${students.id} = ${studentId} and ${students.schoolId} = ${schoolId}`,
  );
  if (!student) throw notFound('Student');
  const ledOnly = request.user.roles.includes('admin')
    ? sql``
    : sql` and exists (select 1 from ${teachers} t where t.id = c.class_teacher_id
        and t.user_id = ${request.user.id})`;
  const rows = await queryRows<Row>(
    db,
    sql`select s.exam_id, e.name as exam_name, e.start_date::text as start_date,
        e.end_date::text as end_date, s.class_id, c.name as class_name,
        s.subjects_marked, s.mean_score
      from (
        select ${examScores.examId} as exam_id,
          mode() within group (order by ${examScores.classId}) as class_id,
          count(*)::int as subjects_marked,
          round(avg(${examScores.score}), 1) as mean_score
        from ${examScores}
        where ${examScores.studentId} = ${studentId} and ${examScores.schoolId} = ${schoolId}
        group by ${examScores.examId}
      ) s
      join ${exams} e on e.id = s.exam_id and e.school_id = ${schoolId}
      join ${classes} c on c.id = s.class_id and c.school_id = ${schoolId}
      where true${ledOnly}
      order by e.start_date desc, e.id desc`,
  );
  return {
    exams: rows.map((r) => ({
      exam: { id: r.exam_id, name: r.exam_name, start_date: r.start_date, end_date: r.end_date },
      class: { id: r.class_id, name: r.class_name },
      subjects_marked: r.subjects_marked,
      mean_score: r.mean_score === null ? null : Number(r.mean_score),
    })),
  };
}
