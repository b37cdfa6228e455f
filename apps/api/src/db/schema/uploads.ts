import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';
import { users } from './users';

/**
 * A file uploaded to Shule (a profile photo): whose school it is, who sent it, what and how big.
 * A student or teacher takes only an upload of their own school; the school's total size is its
 * quota's measure and a user's uploads of the last hour their rate (modules/uploads).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** Null for files registered from before uploads were rows, or once the user is removed. */
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The file's random name in the uploads folder; the photo's reference is `/uploads/<name>`. */
    name: text('name').notNull().unique(),
    /** png | jpg, read from the bytes. */
    kind: text('kind').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_school_idx').on(t.schoolId),
    index('uploads_uploader_created_idx').on(t.uploadedBy, t.createdAt),
  ],
);
