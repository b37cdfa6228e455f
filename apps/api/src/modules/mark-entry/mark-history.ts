import {
  type LateChanges,
  MAX_LATE_CHANGES,
  type MarkChange,
  type MarkHistory,
} from '@shule/shared/mark-entry';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { exams, students } from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';

/**
 * The record of changes to marks (mark_changes), written only by writeMarks in the transaction
 * of each change. Read here; nothing in the API edits or deletes it.
 */

interface ChangeRow {
  id: number;
  subject_id: number;
  subject_name: string;
  old: MarkChange['old'];
  new: MarkChange['new'];
  changed_by: number;
  changed_by_name: string | null;
  changed_at: string;
  student_id: number;
  first_name: string;
  last_name: string;
  admission_number: string;
}

/** The changes of one exam matching `where`, in `order`, with their subject, student and author. */
const selectChanges = (examId: number, where: SQL, order: SQL, limit?: number) => sql`
  select mc.id, sub.id as subject_id, sub.name as subject_name,
         coalesce(mc.old_score::text::json, to_json(mc.old_code)) as old,
         coalesce(mc.new_score::text::json, to_json(mc.new_code)) as new,
         mc.changed_by, u.first_name || ' ' || u.last_name as changed_by_name,
         to_char(mc.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as changed_at,
         s.id as student_id, s.first_name, s.last_name, s.admission_number
  from mark_changes mc
  join subjects sub on sub.id = mc.subject_id
  join students s on s.id = mc.student_id
  left join users u on u.id = mc.changed_by
  where mc.exam_id = ${examId} and ${where}
  order by ${order}
  ${limit === undefined ? sql`` : sql`limit ${limit}`}`;

const changeOf = (r: ChangeRow): MarkChange => ({
  id: r.id,
  subject: { id: r.subject_id, name: r.subject_name },
  old: r.old,
  new: r.new,
  changed_by: { id: r.changed_by, name: r.changed_by_name },
  changed_at: r.changed_at,
});

/** GET /exams/{id}/mark_history/?student=: every change of the student's marks, oldest first. */
export async function markHistory(
  db: Db,
  schoolId: number,
  examId: number,
  studentId: number,
): Promise<MarkHistory> {
  await findInSchool(db, schoolId, exams, examId, 'Exam');
  const student = await findInSchool(db, schoolId, students, studentId, 'Student', {
    columns: {
      id: students.id,
      first_name: students.firstName,
      last_name: students.lastName,
      admission_number: students.admissionNumber,
    },
  });
  const rows = await queryRows<ChangeRow>(
    db,
    selectChanges(examId, sql`mc.student_id = ${student.id}`, sql`mc.id`),
  );
  return { student, changes: rows.map(changeOf) };
}

/**
 * GET /exams/{id}/late_changes/: marks changed or removed (there was a mark before) after the
 * end of the exam's last day in Nairobi, newest first, at most MAX_LATE_CHANGES.
 */
export async function lateChanges(db: Db, schoolId: number, examId: number): Promise<LateChanges> {
  const exam = await findInSchool(db, schoolId, exams, examId, 'Exam', {
    columns: { id: exams.id, name: exams.name, end_date: exams.endDate },
  });
  const rows = await queryRows<ChangeRow>(
    db,
    selectChanges(
      exam.id,
      sql`(mc.old_score is not null or mc.old_code is not null)
          and mc.changed_at >= ((${exam.end_date}::date + 1)::timestamp at time zone 'Africa/Nairobi')`,
      sql`mc.id desc`,
      MAX_LATE_CHANGES,
    ),
  );
  return {
    exam,
    changes: rows.map((r) => ({
      ...changeOf(r),
      student: {
        id: r.student_id,
        first_name: r.first_name,
        last_name: r.last_name,
        admission_number: r.admission_number,
      },
    })),
  };
}
