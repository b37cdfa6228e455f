import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

/**
 * A school's settings for KNEC's school-based assessment export: the order of the CSV's columns
 * (SBA_COLUMN_KEYS in packages/shared/src/sba.ts; KNEC publishes no file format, so the school
 * sets it to what the portal asks). No row: the default order. `updated_by` is a plain user id.
 */
export const sbaSettings = pgTable('sba_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  columns: text('columns').array().notNull(),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
