import {
  type CommentBankEntry,
  type commentBankBody,
  DEFAULT_COMMENT_BANK,
  RATING_LEVELS,
  type RatingLevel,
  type updateCommentBankBody,
} from '@shule/shared/cbc-report-inputs';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { reportCommentBank, reportCommentBankFills } from '../../db/schema/index';
import { deleteInSchool, ofSchool } from '../../db/school-rows';
import { notFound } from '../../errors';

const columns = {
  id: reportCommentBank.id,
  level: reportCommentBank.level,
  text: reportCommentBank.text,
};
const asEntry = (row: { id: number; level: string; text: string }) =>
  ({ ...row, level: row.level as RatingLevel }) satisfies CommentBankEntry;

/**
 * Gives the school's bank DEFAULT_COMMENT_BANK the first time it is used, once: the fill is
 * recorded, so a bank the school emptied stays empty. Two requests at once: one inserts.
 */
async function fillOnce(db: Db | Tx, schoolId: number) {
  const filled = await db
    .insert(reportCommentBankFills)
    .values({ schoolId })
    .onConflictDoNothing()
    .returning({ schoolId: reportCommentBankFills.schoolId });
  if (filled.length === 0) return;
  await db
    .insert(reportCommentBank)
    .values(
      RATING_LEVELS.flatMap((level) =>
        DEFAULT_COMMENT_BANK[level].map((text) => ({ schoolId, level, text })),
      ),
    );
}

/** GET /api/cbc/comment_bank/: by level (EE first), then in the order they were added. */
export async function listCommentBank(db: Db, schoolId: number) {
  return db.transaction(async (tx) => {
    await fillOnce(tx, schoolId);
    const rows = await tx
      .select(columns)
      .from(reportCommentBank)
      .where(eq(reportCommentBank.schoolId, schoolId))
      .orderBy(
        sql`array_position(array['EE','ME','AE','BE'], ${reportCommentBank.level})`,
        asc(reportCommentBank.id),
      );
    return { comments: rows.map(asEntry) };
  });
}

/** POST /api/cbc/comment_bank/ */
export async function addToCommentBank(
  db: Db,
  schoolId: number,
  body: z.output<typeof commentBankBody>,
) {
  return db.transaction(async (tx) => {
    await fillOnce(tx, schoolId);
    const [row] = await tx
      .insert(reportCommentBank)
      .values({ schoolId, level: body.level, text: body.text })
      .returning(columns);
    return asEntry(row!);
  });
}

/** PATCH /api/cbc/comment_bank/{id}/ */
export async function updateCommentBankEntry(
  db: Db,
  schoolId: number,
  id: number,
  body: z.output<typeof updateCommentBankBody>,
) {
  const [row] = await db
    .update(reportCommentBank)
    .set({ level: body.level, text: body.text })
    .where(ofSchool(reportCommentBank, schoolId, id))
    .returning(columns);
  if (!row) throw notFound('Comment');
  return asEntry(row);
}

/** DELETE /api/cbc/comment_bank/{id}/: comments already given to learners stay as written. */
export async function deleteCommentBankEntry(db: Db, schoolId: number, id: number) {
  await deleteInSchool(db, schoolId, reportCommentBank, id, 'Comment');
}
