import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Every space of the transaction-scoped advisory locks the app takes, in one list: two purposes
 * sharing a space wait on each other whenever their keys meet (fee category names and imported
 * bank references once shared 7019).
 */
export const LOCK_SPACES = {
  /** A school's uploads, so a burst cannot pass the quota and rate checks together. */
  uploads: 7_016,
  /** An M-Pesa receipt or an imported bank reference (upper case) while it is checked and recorded. */
  paymentReference: 7_018,
  /** A school's fee category names, so two creations of one name cannot both pass. */
  feeCategoryNames: 7_019,
  /** A term's fee structure while it is changed or billed. */
  termStructure: 7_020,
  /** A school's sponsor names. */
  sponsorNames: 7_021,
  /** A term's capitation, so an instalment cannot go in twice. */
  capitation: 7_022,
  /** An exam's marks: one writer at a time (decision 024). */
  examMarks: 7_023,
} as const;

/** Waits for and takes the lock on `key` in `space`, held until the transaction ends. */
export function lockUntilCommit(tx: Tx, space: keyof typeof LOCK_SPACES, key: number | SQL) {
  return tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES[space]}, ${key})`);
}
