import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { subjects } from './academics';
import { students, teachers } from './people';
import { schools } from './schools';

const schoolId = () =>
  integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' });

/** A senior-school pathway (STEM, Social Sciences, Arts and Sports Science), as the school keeps it. */
export const seniorPathways = pgTable(
  'senior_pathways',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    /** Its learners take Core Mathematics (STEM); others take Essential unless allowed Core. */
    coreMathematics: boolean('core_mathematics').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('senior_pathways_school_name_key').on(t.schoolId, t.name)],
);

/** A track of a pathway (STEM: Pure Sciences, Applied Sciences, Technical Studies). */
export const seniorTracks = pgTable(
  'senior_tracks',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    pathwayId: integer('pathway_id')
      .notNull()
      .references(() => seniorPathways.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('senior_tracks_pathway_name_key').on(t.pathwayId, t.name)],
);

/**
 * A subject as senior school uses it: core (taken by every learner, or by those whose
 * `core_option` matches their mathematics or language choice: 'mathematics:core',
 * 'mathematics:essential', 'language:KIS', 'language:KSL') or an elective of a track.
 */
export const seniorSubjects = pgTable(
  'senior_subjects',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    trackId: integer('track_id').references(() => seniorTracks.id, { onDelete: 'cascade' }),
    coreOption: text('core_option'),
  },
  (t) => [
    unique('senior_subjects_school_subject_key').on(t.schoolId, t.subjectId),
    check('senior_subjects_kind', sql`${t.kind} in ('core', 'elective')`),
    check(
      'senior_subjects_elective_has_track',
      sql`(${t.kind} = 'elective') = (${t.trackId} is not null)`,
    ),
  ],
);

/** A subject combination the Ministry approved for the school: a pathway and three electives. */
export const seniorCombinations = pgTable(
  'senior_combinations',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    pathwayId: integer('pathway_id')
      .notNull()
      .references(() => seniorPathways.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** Learners it may take in one level; null: no limit. */
    capacity: integer('capacity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('senior_combinations_school_name_key').on(t.schoolId, t.name),
    check('senior_combinations_capacity', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

export const seniorCombinationSubjects = pgTable(
  'senior_combination_subjects',
  {
    schoolId: schoolId(),
    combinationId: integer('combination_id')
      .notNull()
      .references(() => seniorCombinations.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.combinationId, t.subjectId] })],
);

/**
 * A senior-school learner's choices from a date: pathway, combination, Core or Essential
 * Mathematics, Kiswahili or KSL. Never edited: a change is a new row, so the history stays.
 * The learner's current row is the one with the latest `from_date` (then the latest id).
 * `set_by` is a plain user id.
 */
export const seniorChoices = pgTable(
  'senior_choices',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    pathwayId: integer('pathway_id')
      .notNull()
      .references(() => seniorPathways.id, { onDelete: 'restrict' }),
    combinationId: integer('combination_id')
      .notNull()
      .references(() => seniorCombinations.id, { onDelete: 'restrict' }),
    mathematics: text('mathematics').notNull(),
    language: text('language').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    setBy: integer('set_by').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('senior_choices_student_idx').on(t.studentId, t.fromDate),
    index('senior_choices_combination_idx').on(t.combinationId),
    check('senior_choices_mathematics', sql`${t.mathematics} in ('core', 'essential')`),
    check('senior_choices_language', sql`${t.language} in ('KIS', 'KSL')`),
  ],
);

/** The school's senior-school rules. No row: the defaults. `updated_by` is a plain user id. */
export const seniorSettings = pgTable('senior_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  /** The KJSEA Mathematics level (EE1-BE2) from which a learner outside STEM may take Core
   * Mathematics; null: only STEM learners take it. */
  coreMathematicsFrom: text('core_mathematics_from'),
  /** Positions on the school's own internal lists; CBC results rank no one unless this is on. */
  internalRanking: boolean('internal_ranking').notNull().default(false),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A teaching group: learners of one level drawn from several streams, taught one subject by one
 * teacher (all Grade 10 Chemistry learners of East and West, or half of them).
 */
export const teachingGroups = pgTable(
  'teaching_groups',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolId(),
    level: text('level').notNull(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('teaching_groups_school_name_key').on(t.schoolId, t.level, t.name),
    index('teaching_groups_subject_idx').on(t.schoolId, t.level, t.subjectId),
    index('teaching_groups_teacher_idx').on(t.teacherId),
  ],
);

export const teachingGroupMembers = pgTable(
  'teaching_group_members',
  {
    schoolId: schoolId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => teachingGroups.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.studentId] }),
    index('teaching_group_members_student_idx').on(t.studentId),
  ],
);

/**
 * An entrant's KJSEA result, recorded by the school (KEMIS sends names only): the junior school
 * and each learning area's level (EE1-BE2, by learning area name); points follow from the levels.
 * `recorded_by` is a plain user id.
 */
export const kjseaResults = pgTable(
  'kjsea_results',
  {
    studentId: integer('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: schoolId(),
    juniorSchool: text('junior_school'),
    levels: jsonb('levels').$type<Record<string, string>>().notNull(),
    recordedBy: integer('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kjsea_results_school_idx').on(t.schoolId)],
);
