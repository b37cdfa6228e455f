import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

/**
 * Who did what to people's data or access, when and from where: ids only, never a name, so the
 * log itself holds nothing to erase. The actor is a plain id (no foreign key): an entry outlives
 * the user it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null for a user without a school (a plain sign-up): no school's admin sees it. */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id'),
    /** One of AUDIT_ACTIONS. */
    action: text('action').notNull(),
    /** student | user | parent */
    subjectType: text('subject_type'),
    subjectId: integer('subject_id'),
    /** The client's address as Fastify reads it (TRUST_PROXY). */
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_school_idx').on(t.schoolId, t.createdAt, t.id)],
);
