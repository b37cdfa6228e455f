import {
  classHasFeesMessage,
  termHasFeeStructureMessage,
  termHasLedgerMessage,
} from '@shule/shared/fee-structures';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { conflict } from '../../errors';

/**
 * What the fees hold on to: a class with structure lines, a term with a structure or ledger
 * entries. The classes' and terms' deletes ask here first (409 naming why), so a delete never
 * runs into the fee tables' foreign keys.
 */
export async function assertClassFreeOfFees(db: Db | Tx, classId: number, name: string) {
  const [used] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from fee_amounts where class_id = ${classId}`,
  );
  if ((used?.n ?? 0) > 0) throw conflict(classHasFeesMessage(name));
}

export async function assertTermFreeOfFees(db: Db | Tx, termId: number, name: string) {
  const [used] = await queryRows<{ lines: number; entries: number }>(
    db,
    sql`select (select count(*)::int from fee_amounts where term_id = ${termId}) as lines,
      (select count(*)::int from ledger_entries where term_id = ${termId}) as entries`,
  );
  if ((used?.entries ?? 0) > 0) throw conflict(termHasLedgerMessage(name));
  if ((used?.lines ?? 0) > 0) throw conflict(termHasFeeStructureMessage(name));
}
