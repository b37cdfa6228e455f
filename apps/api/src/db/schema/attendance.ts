import {
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { classes, students } from './people';
import { schools } from './schools';

/**
 * A student's mark in a day's register (modules/attendance): present, absent, late or excused
 * (AttendanceStatus), one per student and day. `class_id` is the class whose register it was
 * taken in, so a class's past registers stay whole after a student moves. Taking the register
 * again the same day updates the rows. `recorded_by` is a plain user id (the record outlives
 * the user); `absence_sms_at` is when the parent was texted about this absence (once a day).
 */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    absenceSmsAt: timestamp('absence_sms_at', { withTimezone: true }),
  },
  (t) => [
    unique('attendance_marks_student_date_key').on(t.studentId, t.date),
    index('attendance_marks_school_date_idx').on(t.schoolId, t.date),
    index('attendance_marks_class_date_idx').on(t.classId, t.date),
  ],
);
