import { type SQL, sql } from 'drizzle-orm';

/** `text` made literal inside a LIKE pattern: its %, _ and \ match only themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `expression` contains `term`, ignoring case (ILIKE '%term%', with the term taken literally). */
export const containsIgnoringCase = (expression: SQL, term: string): SQL =>
  sql`${expression} ilike ${`%${escapeLike(term)}%`}`;
