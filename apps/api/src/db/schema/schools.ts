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
  type: text('type').notNull(),
  website: text('website'),
  description: text('description'),
  logo: text('logo'),
  documents: text('documents'),
  /** Last admission number handed out; incremented under a row lock. */
  lastAdmissionNumber: integer('last_admission_number').notNull().default(0),
  /** The results rule of the school's exams (GradingSchemeName); an exam may override it. */
  gradingScheme: text('grading_scheme').notNull().default('average'),
  /** How report forms print subject teachers (ReportTeacherNames): 'initials' or 'name'. */
  reportTeacherNames: text('report_teacher_names').notNull().default('initials'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
