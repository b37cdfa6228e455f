import { sql } from 'drizzle-orm';

/**
 * A stored mark as JSON, for queries that aggregate marks: its score (a number), or its code
 * "X" or "Y" when it has none. `alias` names the exam_scores table in the query.
 */
export const markAsJson = (alias: string) =>
  sql.raw(`coalesce(to_json(${alias}.score), to_json(${alias}.mark_code))`);
