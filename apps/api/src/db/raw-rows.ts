import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/**
 * The rows of `query` as the driver answers them, without drizzle's mapping (a tenth of the
 * CPU of a 2,000-row list): for the lists that grow with a school. Both drivers answer
 * `{ rows }` of plain objects keyed by the selected names, dates as text.
 */
export async function queryRows<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * queryRows as a named (prepared) statement: PostgreSQL parses and plans it once per connection
 * instead of on every call, 1.5-3 ms of a results query. For the heavy queries a screen sends
 * again and again; the name is a hash of the text, so each shape of a query (its text varies
 * with the number of ids it lists) is a statement of its own. PGlite runs it as any query.
 */
export async function queryPreparedRows<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  const name = `shule_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  const { session } = db as unknown as { session: PgSession };
  const result = await session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
}

/**
 * `fragment` (tables, columns and SQL words, no values) written out once, when the module
 * loads. Drizzle writes a query's text anew on every call, walking its table and column
 * objects: 50-300 µs for a page of the students list, as long as PostgreSQL takes to run it.
 * A query put together from prewritten fragments and values is written in a few µs, and its
 * names still come from the schema.
 */
export function prewritten(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`A prewritten fragment holds no values: ${text}`);
  return sql.raw(text);
}

/** A list of ids as one PostgreSQL int[] parameter (`= any(...)`, `unnest(...)`), any length. */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
