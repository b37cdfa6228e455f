import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { terms } from './academics';
import { learningAreas } from './cbc';
import { students } from './people';
import { schools } from './schools';

const schoolId = () =>
  integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' });
// A term is deleted only without inputs (modules/terms asks cbc's assertTermFreeOfReportInputs).
const termId = () =>
  integer('term_id')
    .notNull()
    .references(() => terms.id, { onDelete: 'no action' });
const studentId = () =>
  integer('student_id')
    .notNull()
    .references(() => students.id, { onDelete: 'cascade' });
/** A plain user id: the record outlives the user. */
const updatedBy = () => integer('updated_by').notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The class teacher's level (EE, ME, AE, BE) of one learner in one core competency or value in
 * a term; `name` is one of CORE_COMPETENCIES or CORE_VALUES (packages/shared/src/cbc-report-inputs.ts).
 * A cleared rating is no row.
 */
export const progressReportRatings = pgTable(
  'progress_report_ratings',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    termId: termId(),
    studentId: studentId(),
    name: text('name').notNull(),
    level: text('level').notNull(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('progress_report_ratings_key').on(t.termId, t.studentId, t.name)],
);

/** A learning area teacher's comment on one learner in a term, from the bank or typed. */
export const progressReportComments = pgTable(
  'progress_report_comments',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    termId: termId(),
    studentId: studentId(),
    learningAreaId: integer('learning_area_id')
      .notNull()
      .references(() => learningAreas.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('progress_report_comments_key').on(t.termId, t.studentId, t.learningAreaId)],
);

/** The class teacher's and the head teacher's remarks on one learner in a term. */
export const progressReportRemarks = pgTable(
  'progress_report_remarks',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    termId: termId(),
    studentId: studentId(),
    classTeacherRemark: text('class_teacher_remark'),
    headTeacherRemark: text('head_teacher_remark'),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('progress_report_remarks_key').on(t.termId, t.studentId)],
);

/** A school's comment bank: comments a teacher picks for a learner at a level (EE, ME, AE, BE). */
export const reportCommentBank = pgTable(
  'report_comment_bank',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    level: text('level').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_comment_bank_school_idx').on(t.schoolId)],
);

/**
 * A school whose bank has been given DEFAULT_COMMENT_BANK: once, so a bank the school emptied
 * stays empty.
 */
export const reportCommentBankFills = pgTable('report_comment_bank_fills', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  filledAt: timestamp('filled_at', { withTimezone: true }).notNull().defaultNow(),
});
