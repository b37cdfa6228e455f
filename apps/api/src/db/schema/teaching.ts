import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { subjects } from './academics';
import { learningAreas } from './cbc';
import { classes, teachers } from './people';
import { schools } from './schools';

/**
 * A teacher teaches a subject, or a CBC learning area, to a class (modules/teaching): exactly
 * one of `subject_id` and `learning_area_id` is set. Ending one sets `ended_at`: the
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
    subjectId: integer('subject_id').references(() => subjects.id, { onDelete: 'cascade' }),
    learningAreaId: integer('learning_area_id').references(() => learningAreas.id, {
      onDelete: 'cascade',
    }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedBy: integer('ended_by'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('teaching_assignments_current_key')
      .on(t.teacherId, t.classId, t.subjectId)
      .where(sql`${t.endedAt} is null`),
    uniqueIndex('teaching_assignments_current_area_key')
      .on(t.teacherId, t.classId, t.learningAreaId)
      .where(sql`${t.endedAt} is null and ${t.learningAreaId} is not null`),
    index('teaching_assignments_class_subject_idx').on(t.classId, t.subjectId),
    check(
      'teaching_assignments_subject_or_area',
      sql`(${t.subjectId} is null) <> (${t.learningAreaId} is null)`,
    ),
  ],
);
