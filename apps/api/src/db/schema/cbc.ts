import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { levels } from './people';
import { schools } from './schools';

/** A CBC learning area of one level ("Integrated Science" in Grade 8), named by the school. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('learning_areas_level_name_key').on(t.levelId, t.name)],
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
