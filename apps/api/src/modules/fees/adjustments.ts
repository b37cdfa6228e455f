import {
  alreadyReversedMessage,
  cannotReverseReversalMessage,
  type LedgerEntryResponse,
  type ledgerAdjustmentBody,
} from '@shule/shared/fee-ledger';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { ledgerEntries, sponsors, terms } from '../../db/schema/index';
import { conflict, invalid, notFound } from '../../errors';
import { balanceOf } from './ledger';
import { entryRows, statementStudent, toLedgerEntries } from './statement';

/** The name of the sponsor every school's capitation is credited from. */
export const GOVERNMENT_SPONSOR = 'Government capitation';

/** The school's government sponsor, made the first time capitation is recorded. */
export async function governmentSponsor(tx: Tx, schoolId: number): Promise<number> {
  await tx
    .insert(sponsors)
    .values({ schoolId, name: GOVERNMENT_SPONSOR, kind: 'government' })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: sponsors.id })
    .from(sponsors)
    .where(and(eq(sponsors.schoolId, schoolId), eq(sponsors.name, GOVERNMENT_SPONSOR)));
  return row!.id;
}

/** One entry as the API answers it, with the running balance of its student's ledger. */
async function answerEntry(tx: Tx, schoolId: number, studentId: number, entryId: number) {
  const rows = await entryRows(
    tx,
    sql`le.school_id = ${schoolId} and le.student_id = ${studentId}`,
  );
  const entry = toLedgerEntries(rows).find((e) => e.id === entryId)!;
  return { entry, balance_cents: await balanceOf(tx, schoolId, studentId) };
}

/**
 * POST /api/students/{id}/ledger/: a waiver, discount, bursary or capitation credit on the
 * student's ledger, naming who granted it (waiver, discount), its sponsor (bursary; capitation
 * is the government's unless a sponsor is named) and the term it is for, if any.
 */
export function addAdjustment(
  db: Db,
  schoolId: number,
  studentId: number,
  input: z.output<typeof ledgerAdjustmentBody>,
  recordedBy: number,
): Promise<LedgerEntryResponse> {
  return db.transaction(async (tx) => {
    await statementStudent(tx, schoolId, studentId);
    if (input.term !== undefined) {
      const [term] = await tx
        .select({ id: terms.id })
        .from(terms)
        .where(and(eq(terms.id, input.term), eq(terms.schoolId, schoolId)));
      if (!term) throw invalid('term', "Choose one of your school's terms");
    }
    let sponsorId: number | null = null;
    if (input.sponsor !== undefined && (input.kind === 'bursary' || input.kind === 'capitation')) {
      const [sponsor] = await tx
        .select({ id: sponsors.id })
        .from(sponsors)
        .where(and(eq(sponsors.id, input.sponsor), eq(sponsors.schoolId, schoolId)));
      if (!sponsor) throw invalid('sponsor', "Choose one of your school's sponsors");
      sponsorId = sponsor.id;
    } else if (input.kind === 'capitation') {
      sponsorId = await governmentSponsor(tx, schoolId);
    }
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        schoolId,
        studentId,
        kind: input.kind,
        amountCents: -input.amount_cents,
        termId: input.term ?? null,
        sponsorId,
        note: input.note ?? null,
        grantedBy: input.kind === 'waiver' || input.kind === 'discount' ? input.granted_by! : null,
        recordedBy,
      })
      .returning({ id: ledgerEntries.id });
    return answerEntry(tx, schoolId, studentId, entry!.id);
  });
}

/**
 * POST /api/ledger_entries/{id}/reverse/: the opposite of one entry, naming why and who (the
 * entry itself is never changed). Once: a second reversal, or reversing a reversal, is 409.
 */
export function reverseEntry(
  db: Db,
  schoolId: number,
  entryId: number,
  reason: string,
  recordedBy: number,
): Promise<LedgerEntryResponse> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.schoolId, schoolId)))
      .for('update');
    if (!entry) throw notFound('Ledger entry');
    if (entry.kind === 'reversal') throw conflict(cannotReverseReversalMessage);
    const [reversed] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reversesId, entryId));
    if (reversed) throw conflict(alreadyReversedMessage);
    const [reversal] = await tx
      .insert(ledgerEntries)
      .values({
        schoolId,
        studentId: entry.studentId,
        kind: 'reversal',
        amountCents: -entry.amountCents,
        termId: entry.termId,
        // The line and the payment stay named, so reports put the reversal where the entry was.
        feeAmountId: entry.feeAmountId,
        paymentId: entry.paymentId,
        sponsorId: entry.sponsorId,
        reversesId: entry.id,
        note: reason,
        recordedBy,
      })
      .returning({ id: ledgerEntries.id });
    return answerEntry(tx, schoolId, entry.studentId, reversal!.id);
  });
}
