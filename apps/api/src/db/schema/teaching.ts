import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subjects } from './academics';
import { classes, teachers } from './people';
import { schools } from './schools';

/**
 * A teacher teaches a subject to a class (modules/teaching). Ending one sets `ended_at`: the
 * row stays, so who taught what is kept. A (teacher, class, subject) is assigned once at a time.
 * `created_by` and `ended_by` are plain user ids (the record outlives the user).
 */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedBy: integer('ended_by'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('teaching_assignments_current_key')
      .on(t.teacherId, t.classId, t.subjectId)
      .where(sql`${t.endedAt} is null`),
    index('teaching_assignments_class_subject_idx').on(t.classId, t.subjectId),
  ],
);
