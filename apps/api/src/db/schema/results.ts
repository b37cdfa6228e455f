import { integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { exams } from './academics';
import { students } from './people';
import { schools } from './schools';

/**
 * What the class teacher and the principal wrote on a student's report form for one exam
 * (results are computed, remarks are kept). A null remark means the default from
 * the mean grade's comment.
 */
export const reportRemarks = pgTable(
  'report_remarks',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    classTeacher: text('class_teacher'),
    principal: text('principal'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('report_remarks_exam_student_key').on(t.examId, t.studentId)],
);
