import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { schools } from './schools';
import { users } from './users';

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    tscNumber: text('tsc_number'),
    subject: text('subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teachers_school_idx').on(t.schoolId)],
);

export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** "Form 4": the streams of a level (4 East, 4 West) rank together. */
    level: text('level'),
    classTeacherId: integer('class_teacher_id').references((): AnyPgColumn => teachers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('classes_school_name_key').on(t.schoolId, t.name)],
);

/**
 * A level of a school (the streams that rank together: "Form 4", "Grade 8") and the curriculum it
 * follows. A row is made the first time a class is given the level's name.
 */
export const levels = pgTable(
  'levels',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'cbc' or '8-4-4' (CURRICULA in packages/shared/src/levels.ts). */
    curriculum: text('curriculum').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('levels_school_name_key').on(t.schoolId, t.name),
    check('levels_curriculum', sql`${t.curriculum} in ('cbc', '8-4-4')`),
  ],
);

/** A parent or guardian; one per phone number in a school, so siblings share one. */
export const parents = pgTable(
  'parents',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number').notNull(),
    /** For the learner register (NEMIS/KEMIS): digits only. */
    nationalIdNumber: text('national_id_number'),
    /** The parent asked for no SMS from the school: every message leaves them out. */
    smsOptOut: boolean('sms_opt_out').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('parents_school_phone_key').on(t.schoolId, t.phoneNumber)],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    parentId: integer('parent_id').references(() => parents.id, { onDelete: 'set null' }),
    admissionNumber: text('admission_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Null only once the student is erased. */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** male | female | other */
    gender: text('gender').notNull(),
    profilePhoto: text('profile_photo'),
    /** False once the student has left (leftOn, leftReason); rejoining sets it back. */
    isActive: boolean('is_active').notNull().default(true),
    /** The day the student left the school and why (LEAVE_REASONS); null while active. */
    leftOn: date('left_on', { mode: 'string' }),
    leftReason: text('left_reason'),
    /** Entry marks for value-added analysis: KCPE, KPSEA or KJSEA. */
    entryExam: text('entry_exam'),
    entryIndexNumber: text('entry_index_number'),
    entryMarks: integer('entry_marks'),
    /**
     * The learner register's fields (NEMIS, becoming KEMIS; LEARNER_RECORD_FIELDS in
     * packages/shared/src/learner-record.ts): the Ministry's unique personal identifier (unique
     * in the school when given), the birth certificate, nationality, home county and
     * sub-county, special needs, a medical condition and the NHIF/SHA number.
     */
    upi: text('upi'),
    birthCertificateNumber: text('birth_certificate_number'),
    nationality: text('nationality'),
    county: text('county'),
    subCounty: text('sub_county'),
    specialNeeds: text('special_needs'),
    medicalCondition: text('medical_condition'),
    nhifNumber: text('nhif_number'),
    /**
     * What KNEC's CBA portal keeps for school-based assessment (KNEC_RECORD_FIELDS in
     * packages/shared/src/learner-record.ts): the Assessment Number issued in Grade 3 (unique in
     * the school when given), the names in the birth certificate's order, the RE option
     * (CRE | IRE | HRE), Kiswahili or Kenyan Sign Language (KIS | KSL) and a special-needs code.
     */
    assessmentNumber: text('assessment_number'),
    birthCertificateNames: text('birth_certificate_names'),
    reOption: text('re_option'),
    kiswahiliOption: text('kiswahili_option'),
    specialNeedsCode: text('special_needs_code'),
    /**
     * The parent's consents (ConsentStatus: granted | refused | unknown), each with when and by
     * which user recorded it (a plain id, like the audit log's: the record outlives the user).
     * Photos may be kept and SMS sent only when "granted" (isConsented).
     */
    photoConsent: text('photo_consent').notNull().default('unknown'),
    photoConsentAt: timestamp('photo_consent_at', { withTimezone: true }),
    photoConsentBy: integer('photo_consent_by'),
    smsConsent: text('sms_consent').notNull().default('unknown'),
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    smsConsentBy: integer('sms_consent_by'),
    /**
     * When the student's personal data was erased (modules/privacy/erase.ts): the row stays,
     * without identity, so the marks it holds keep past results true; the students screens no
     * longer show it.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('students_school_admission_key').on(t.schoolId, t.admissionNumber),
    uniqueIndex('students_school_upi_key').on(t.schoolId, t.upi).where(sql`${t.upi} is not null`),
    uniqueIndex('students_school_assessment_number_key')
      .on(t.schoolId, t.assessmentNumber)
      .where(sql`${t.assessmentNumber} is not null`),
    index('students_class_idx').on(t.classId),
    // The students lists read a school's (or a class's) students in name order, one page at a time.
    index('students_school_name_idx').on(t.schoolId, t.firstName, t.lastName, t.id),
    index('students_school_class_name_idx').on(
      t.schoolId,
      t.classId,
      t.firstName,
      t.lastName,
      t.id,
    ),
  ],
);
