import { and, count, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, LockStrength, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { conflict, notFound } from '../errors';
import type { Db, Tx } from './client';

/**
 * Finding one school's row by id, shared by the services: a row of another school is answered
 * as if it did not exist (404), never as forbidden.
 */

type SchoolTable = PgTable & { id: AnyPgColumn; schoolId: AnyPgColumn };

/** Row `id` of `table`, only when it belongs to `schoolId`. */
export const ofSchool = (table: SchoolTable, schoolId: number, id: number): SQL =>
  and(eq(table.id, id), eq(table.schoolId, schoolId))!;

/**
 * Row `id` of `table` when it belongs to `schoolId` (its `columns`, by default its id), or 404
 * '`what` not found'. Inside a transaction, `lock` holds the row until it ends.
 */
export async function findInSchool<
  T extends SchoolTable,
  S extends SelectedFields = { id: T['id'] },
>(
  db: Db | Tx,
  schoolId: number,
  table: T,
  id: number,
  what: string,
  { columns, lock }: { columns?: S; lock?: LockStrength } = {},
): Promise<SelectResultFields<S>> {
  const query = db
    .select(columns ?? { id: table.id })
    .from(table as PgTable)
    .where(ofSchool(table, schoolId, id));
  const [row] = await (lock ? query.for(lock) : query);
  if (!row) throw notFound(what);
  return row as SelectResultFields<S>;
}

/** Deletes row `id` of `table` when it belongs to `schoolId`, or 404 '`what` not found'. */
export async function deleteInSchool(
  db: Db | Tx,
  schoolId: number,
  table: SchoolTable,
  id: number,
  what: string,
) {
  const deleted = await db
    .delete(table)
    .where(ofSchool(table, schoolId, id))
    .returning({ id: table.id });
  if (deleted.length === 0) throw notFound(what);
}

/**
 * Deletes row `id` of `table` (404 '`what` not found' when it is not this school's) unless rows
 * still point at it through the foreign key `usedBy`: then 409 with `inUseMessage(row, count)`,
 * `row` holding `columns` (its name, say). The row is locked first, so a dependent added at the
 * same moment waits for us (its foreign key check needs the row) and cannot slip in between the
 * count and the delete.
 */
export function deleteUnlessUsed<T extends SchoolTable, S extends SelectedFields = { id: T['id'] }>(
  db: Db,
  schoolId: number,
  table: T,
  id: number,
  what: string,
  {
    usedBy,
    columns,
    inUseMessage,
    alsoCheck,
  }: {
    usedBy: AnyPgColumn;
    columns?: S;
    inUseMessage: (row: SelectResultFields<S>, count: number) => string;
    /** Other rows that hold on to it (the fees'): throws its own 409, under the same lock. */
    alsoCheck?: (tx: Tx, row: SelectResultFields<S>) => Promise<void>;
  },
) {
  return db.transaction(async (tx) => {
    const row = await findInSchool(tx, schoolId, table, id, what, { columns, lock: 'update' });
    const [used] = await tx.select({ n: count() }).from(usedBy.table).where(eq(usedBy, id));
    const dependents = used?.n ?? 0;
    if (dependents > 0) throw conflict(inUseMessage(row, dependents));
    if (alsoCheck) await alsoCheck(tx, row);
    await tx.delete(table).where(ofSchool(table, schoolId, id));
  });
}

/** Whether a row of `table` in `schoolId`, other than `exceptId`, already matches `condition`. */
export async function takenInSchool(
  db: Db | Tx,
  schoolId: number,
  table: SchoolTable,
  condition: SQL,
  exceptId?: number,
) {
  const [taken] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(
      and(
        eq(table.schoolId, schoolId),
        condition,
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1);
  return taken !== undefined;
}
