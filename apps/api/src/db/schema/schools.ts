import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  postalCode: text('postal_code').notNull(),
  county: text('county').notNull(),
  /** "P.O. Box 123-00100, Nairobi", printed on report forms. */
  postalAddress: text('postal_address'),
  phoneNumber: text('phone_number').notNull(),
  email: text('email'),
  yearEstablished: integer('year_established').notNull(),
  /** INSTITUTION_TYPES' value: public NAT, XCT, CTY, SCT; private IPS, FBS, INT, MNT, SNS; other. */
  type: text('type').notNull(),
  /** SCHOOL_LEVELS' values taught (pre_primary, primary, junior, senior); empty for schools registered before levels were asked. */
  levels: text('levels').array().notNull().default(sql`'{}'::text[]`),
  website: text('website'),
  description: text('description'),
  /** "Strive to Excel", printed under the name on every PDF. */
  motto: text('motto'),
  /** The crest: `/uploads/<name>` of an upload of this school, or null. */
  logo: text('logo'),
  documents: text('documents'),
  /** Last admission number handed out; incremented under a row lock. */
  lastAdmissionNumber: integer('last_admission_number').notNull().default(0),
  /** The results rule of the school's exams (GradingSchemeName); an exam may override it. */
  gradingScheme: text('grading_scheme').notNull().default('average'),
  /** How report forms print subject teachers (ReportTeacherNames): 'initials' or 'name'. */
  reportTeacherNames: text('report_teacher_names').notNull().default('initials'),
  /** How a CBC strand's term level is read from its assessments (STRAND_RULES): latest or most_frequent. */
  cbcStrandRule: text('cbc_strand_rule').notNull().default('latest'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
