import {
  categoryBilledMessage,
  categoryInUseMessage,
  categoryNameTakenMessage,
  type createFeeCategoryBody,
  type FeeCategory,
  type updateFeeCategoryBody,
} from '@shule/shared/fee-structures';
import type { FeeApplicability, FeeDuration, VoteHead } from '@shule/shared/fees';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db, Tx } from '../../db/client';
import { feeAmounts, feeCategories, terms } from '../../db/schema/index';
import { findInSchool, ofSchool, takenInSchool } from '../../db/school-rows';
import { conflict } from '../../errors';

/** Categories with how many structure lines name them and how many students they billed. */
export async function selectCategories(
  db: Db | Tx,
  schoolId: number,
  where?: SQL,
): Promise<FeeCategory[]> {
  const rows = await db
    .select({
      id: feeCategories.id,
      name: feeCategories.name,
      applies_to: feeCategories.appliesTo,
      duration: feeCategories.duration,
      vote_head: feeCategories.voteHead,
      description: feeCategories.description,
      structure_lines: sql<number>`(select count(*) from fee_amounts fa
        where fa.category_id = fee_categories.id)`.mapWith(Number),
      billed_students: sql<number>`(select count(distinct le.student_id)
        from ledger_entries le join fee_amounts fa on fa.id = le.fee_amount_id
        where fa.category_id = fee_categories.id and le.kind = 'charge')`.mapWith(Number),
    })
    .from(feeCategories)
    .where(and(eq(feeCategories.schoolId, schoolId), where))
    .orderBy(asc(sql`lower(${feeCategories.name})`), asc(feeCategories.id));
  return rows.map((row) => ({
    ...row,
    applies_to: row.applies_to as FeeApplicability,
    duration: row.duration as FeeDuration,
    vote_head: row.vote_head as VoteHead,
  }));
}

export const listCategories = (db: Db, schoolId: number) => selectCategories(db, schoolId);

async function getCategory(tx: Tx, schoolId: number, id: number) {
  const [row] = await selectCategories(tx, schoolId, eq(feeCategories.id, id));
  return row!;
}

/** Names are unique in a school regardless of case. */
async function assertNameFree(tx: Tx, schoolId: number, name: string, exceptId?: number) {
  const sameName = sql`lower(${feeCategories.name}) = lower(${name})`;
  if (await takenInSchool(tx, schoolId, feeCategories, sameName, exceptId)) {
    throw conflict(categoryNameTakenMessage(name));
  }
}

export function createCategory(
  db: Db,
  schoolId: number,
  input: z.output<typeof createFeeCategoryBody>,
) {
  return db.transaction(async (tx) => {
    // Two creations of one name at once: the second waits here and then sees the first.
    await lockUntilCommit(tx, 'feeCategoryNames', schoolId);
    await assertNameFree(tx, schoolId, input.name);
    const [created] = await tx
      .insert(feeCategories)
      .values({
        schoolId,
        name: input.name,
        appliesTo: input.applies_to,
        duration: input.duration,
        voteHead: input.vote_head,
        description: input.description ?? null,
      })
      .returning({ id: feeCategories.id });
    return getCategory(tx, schoolId, created!.id);
  });
}

export function updateCategory(
  db: Db,
  schoolId: number,
  id: number,
  input: z.output<typeof updateFeeCategoryBody>,
) {
  return db.transaction(async (tx) => {
    await findInSchool(tx, schoolId, feeCategories, id, 'Fee category', { lock: 'no key update' });
    const changes: Partial<typeof feeCategories.$inferInsert> = {};
    if (input.name !== undefined) {
      await lockUntilCommit(tx, 'feeCategoryNames', schoolId);
      await assertNameFree(tx, schoolId, input.name, id);
      changes.name = input.name;
    }
    if (input.applies_to !== undefined) changes.appliesTo = input.applies_to;
    if (input.duration !== undefined) changes.duration = input.duration;
    if (input.vote_head !== undefined) changes.voteHead = input.vote_head;
    if (input.description !== undefined) changes.description = input.description;
    if (Object.keys(changes).length > 0) {
      await tx
        .update(feeCategories)
        .set(changes)
        .where(ofSchool(feeCategories, schoolId, id));
    }
    return getCategory(tx, schoolId, id);
  });
}

/**
 * Deletes a category no structure names and nobody was billed (409 naming why otherwise). The
 * row is locked first: a structure line added at that moment waits for it (its foreign key).
 */
export function deleteCategory(db: Db, schoolId: number, id: number) {
  return db.transaction(async (tx) => {
    const row = await findInSchool(tx, schoolId, feeCategories, id, 'Fee category', {
      columns: { name: feeCategories.name },
      lock: 'update',
    });
    const category = await getCategory(tx, schoolId, id);
    if (category.billed_students > 0) {
      throw conflict(categoryBilledMessage(row.name, category.billed_students));
    }
    if (category.structure_lines > 0) {
      const named = await tx
        .selectDistinct({ name: terms.name, start: terms.startDate })
        .from(feeAmounts)
        .innerJoin(terms, eq(terms.id, feeAmounts.termId))
        .where(eq(feeAmounts.categoryId, id))
        .orderBy(asc(terms.startDate));
      const where =
        named.length === 1
          ? `the fee structure of ${named[0]!.name}`
          : `the fee structures of ${named.map((t) => t.name).join(', ')}`;
      throw conflict(categoryInUseMessage(row.name, where));
    }
    await tx.delete(feeCategories).where(ofSchool(feeCategories, schoolId, id));
  });
}
