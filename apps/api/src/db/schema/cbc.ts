import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { subjects } from './academics';
import { classes, levels, students } from './people';
import { schools } from './schools';

/**
 * A CBC learning area of one level ("Integrated Science" in Grade 8), named by the school. A
 * senior-school level's learning areas are its senior subjects: `subject_id` links each to its
 * subject (null for every other level's).
 */
export const learningAreas = pgTable(
  'learning_areas',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subjectId: integer('subject_id').references(() => subjects.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('learning_areas_level_name_key').on(t.levelId, t.name),
    unique('learning_areas_level_subject_key').on(t.levelId, t.subjectId),
  ],
);

/**
 * A strand of a learning area, or one sub-strand of it (`subStrand` '' for the strand itself):
 * what a teacher assesses. Entered by hand or from the school's CSV of KICD's designs.
 */
export const strands = pgTable(
  'strands',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    learningAreaId: integer('learning_area_id')
      .notNull()
      .references(() => learningAreas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subStrand: text('sub_strand').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('strands_area_name_key').on(t.learningAreaId, t.name, t.subStrand),
    index('strands_school_idx').on(t.schoolId),
  ],
);

/**
 * One CBC assessment of a class in a learning area: its kind (ASSESSMENT_KINDS in
 * packages/shared/src/cbc-assessments.ts), its day, the strands it covers and, for a test, its
 * out-of mark. `created_by` is a plain user id (the record outlives the user).
 */
export const assessments = pgTable(
  'assessments',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    learningAreaId: integer('learning_area_id')
      .notNull()
      .references(() => learningAreas.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    title: text('title'),
    outOf: integer('out_of'),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assessments_class_area_idx').on(t.classId, t.learningAreaId)],
);

export const assessmentStrands = pgTable(
  'assessment_strands',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    strandId: integer('strand_id')
      .notNull()
      .references(() => strands.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.strandId] })],
);

/**
 * A learner's level in an assessment, for one strand or (strand null) the learning area as a
 * whole: a rubric code, a test's mark with the level it earns, or absent (never a level).
 */
export const assessmentEntries = pgTable(
  'assessment_entries',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    strandId: integer('strand_id').references(() => strands.id, { onDelete: 'cascade' }),
    level: text('level'),
    mark: numeric('mark'),
    absent: boolean('absent').notNull().default(false),
    comment: text('comment'),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('assessment_entries_key').on(t.assessmentId, t.studentId, t.strandId).nullsNotDistinct(),
  ],
);

/** Every change to an entry, as it was saved: who and when. Only added to, never edited. */
export const assessmentEntryChanges = pgTable(
  'assessment_entry_changes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    strandId: integer('strand_id'),
    level: text('level'),
    mark: numeric('mark'),
    absent: boolean('absent').notNull(),
    comment: text('comment'),
    changedBy: integer('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assessment_entry_changes_assessment_idx').on(t.assessmentId)],
);
