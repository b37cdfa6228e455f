import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  json,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { classes, students } from './people';
import { schools } from './schools';

const schoolId = () =>
  integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' });

export const grades = pgTable(
  'grades',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    /** Always upper case. */
    code: text('code').notNull(),
    /** KCSE points (A = 12 … E = 1); optional for schools that grade otherwise. */
    points: integer('points'),
    comments: text('comments'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('grades_school_code_key').on(t.schoolId, t.code)],
);

export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    /** Always upper case. */
    code: text('code').notNull(),
    description: text('description'),
    /** KcseGroup; null means the group that the code suggests (kcseGroupOfCode). */
    kcseGroup: text('kcse_group'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('subjects_school_code_key').on(t.schoolId, t.code)],
);

export const subjectClasses = pgTable(
  'subject_classes',
  {
    schoolId: schoolId(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.classId] }),
    index('subject_classes_class_idx').on(t.classId),
  ],
);

/** A subject's band for one grade: scores from min to max earn the grade. */
export const subjectGrades = pgTable(
  'subject_grades',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    minScore: integer('min_score'),
    maxScore: integer('max_score'),
  },
  (t) => [unique('subject_grades_subject_grade_key').on(t.subjectId, t.gradeId)],
);

export const academicYears = pgTable(
  'academic_years',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('academic_years_school_idx').on(t.schoolId)],
);

export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    academicYearId: integer('academic_year_id').references(() => academicYears.id, {
      onDelete: 'restrict',
    }),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terms_school_idx').on(t.schoolId), index('terms_year_idx').on(t.academicYearId)],
);

export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCompleted: boolean('is_completed').notNull().default(false),
    termId: integer('term_id').references(() => terms.id, { onDelete: 'restrict' }),
    /** GradingSchemeName; null means the school's. */
    gradingScheme: text('grading_scheme'),
    /** Levels that sit the exam, with the classes of exam_classes; none of either: every class. */
    levels: text('levels').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exams_school_idx').on(t.schoolId), index('exams_term_idx').on(t.termId)],
);

/** A class named to sit an exam. */
export const examClasses = pgTable(
  'exam_classes',
  {
    schoolId: schoolId(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.classId] }),
    index('exam_classes_class_idx').on(t.classId),
  ],
);

/**
 * An exam a combined exam takes its marks from, with its weight out of 100. A combined exam has
 * no exam_scores of its own; a component cannot be deleted while a combined exam names it.
 */
export const examComponents = pgTable(
  'exam_components',
  {
    schoolId: schoolId(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    componentExamId: integer('component_exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'restrict' }),
    weight: integer('weight').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.componentExamId] }),
    index('exam_components_component_idx').on(t.componentExamId),
    check('exam_components_weight', sql`${t.weight} between 1 and 100`),
    check('exam_components_not_itself', sql`${t.examId} <> ${t.componentExamId}`),
  ],
);

/** A student's own subjects; a student with none takes the subjects of their class. */
export const studentSubjects = pgTable(
  'student_subjects',
  {
    schoolId: schoolId(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.subjectId] }),
    index('student_subjects_subject_idx').on(t.subjectId),
  ],
);

/** One student's mark in one subject of one exam: a score 0–100, or the code X (absent) or Y (withheld). */
export const examScores = pgTable(
  'exam_scores',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'restrict' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    /**
     * The class the student was in when the mark was first entered: a past exam's merit list
     * keeps each student in the class they sat it in, wherever they have moved since.
     */
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }),
    /** MarkCode when there is no score. */
    markCode: text('mark_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('exam_scores_student_exam_subject_key').on(t.studentId, t.examId, t.subjectId),
    index('exam_scores_exam_idx').on(t.examId),
    index('exam_scores_class_exam_idx').on(t.classId, t.examId),
    check(
      'exam_scores_score_or_code',
      sql`(${t.score} is null) <> (${t.markCode} is null) and (${t.markCode} is null or ${t.markCode} in ('X', 'Y'))`,
    ),
  ],
);

/**
 * One row per student with any mark in an exam, kept by the database from exam_scores (the
 * trigger of migration 0016 rewrites a student's row whenever a statement changes their marks
 * in the exam): the class they sat it in (the class most of those marks were entered in) and
 * their marks as JSON (subject id → score, or "X"/"Y"). Results read a level's students from
 * here, one row each, instead of grouping thousands of marks on every merit list. Never written
 * by the app; writers of an exam's marks hold the exam's lock (writeMarks) so that two saves
 * for one student cannot leave a row without the other's marks.
 */
export const examSittings = pgTable(
  'exam_sittings',
  {
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: schoolId(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    /** `json`, not `jsonb`: written once per save, read as text on every list. */
    marks: json('marks').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.studentId] }),
    index('exam_sittings_exam_class_idx').on(t.examId, t.classId),
  ],
);

/**
 * Every change to a mark (set, changed, removed), written in the transaction that changes it
 * (modules/mark-entry/write-marks.ts). Only ever added to: no route edits or deletes a row. The
 * mark before and after are each a score or a code (X, Y), both null for no mark. `changed_by`
 * is a plain user id, like the audit log's: the record outlives the user.
 */
export const markChanges = pgTable(
  'mark_changes',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    oldScore: numeric('old_score', { precision: 5, scale: 2, mode: 'number' }),
    oldCode: text('old_code'),
    newScore: numeric('new_score', { precision: 5, scale: 2, mode: 'number' }),
    newCode: text('new_code'),
    changedBy: integer('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mark_changes_exam_student_idx').on(t.examId, t.studentId, t.id),
    index('mark_changes_school_changed_idx').on(t.schoolId, t.changedAt),
  ],
);
