import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { schools } from './schools';
import { users } from './users';

/**
 * One row per Idempotency-Key a user sent with a creating write (plugins/idempotency.ts): the
 * hash of what was asked and, once answered, the answer itself, replayed to a repeat within
 * 24 hours. While `statusCode` is null the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the route, its parameters and the parsed body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    /** The answer's bytes as sent (before compression); holds personal data for 24 hours. */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('idempotency_keys_user_key').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
