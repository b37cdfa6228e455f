import { sql } from 'drizzle-orm';

/**
 * A stored mark as JSON, for queries that aggregate marks: its score (a number), or its code
 * "X" or "Y" when it has none. `alias` names the exam_scores table in the query. The score's
 * text is already its JSON: a cast, where to_json looks up how to write a numeric on every
 * call (a fifth of a level's marks query).
 */
export const markAsJson = (alias: string) =>
  sql.raw(`coalesce(${alias}.score::text::json, to_json(${alias}.mark_code))`);
