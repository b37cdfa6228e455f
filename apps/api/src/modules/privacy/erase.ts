import { ERASE_MESSAGES } from '@shule/shared/privacy';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { parents, students } from '../../db/schema/index';
import { invalid } from '../../errors';
import { recordAudit } from '../audit/index';
import { findStudentToServe, keyIn } from './export';
import { type ColumnErasure, PERSONAL_COPIES, PERSONAL_DATA, type PersonalTable } from './registry';

/**
 * The parent goes with the child unless another child of the school (not erased) still has
 * them. The parent's row is locked first, so an admission linking a sibling at the same moment
 * either comes before (and is seen here) or waits and makes a new parent.
 */
async function parentsToErase(tx: Tx, studentId: number, parentId: number | null) {
  if (parentId === null) return [];
  await tx.select({ id: parents.id }).from(parents).where(eq(parents.id, parentId)).for('update');
  const [sibling] = await tx
    .select({ id: students.id })
    .from(students)
    .where(
      and(eq(students.parentId, parentId), ne(students.id, studentId), isNull(students.erasedAt)),
    )
    .limit(1);
  return sibling ? [] : [parentId];
}

const assignment = (column: string, erasure: ColumnErasure) => {
  if (erasure === 'clear' || erasure === 'photo') return sql`${sql.identifier(column)} = null`;
  if ('replace' in erasure) return sql`${sql.identifier(column)} = ${erasure.replace}`;
  return null;
};

/** The photo references held in `entry`'s rows of `ids`, before they are cleared. */
async function photosOf(tx: Tx, entry: PersonalTable, ids: number[]) {
  if (entry.erase.rows !== 'keep') return [];
  const photoColumns = Object.entries(entry.erase.columns)
    .filter(([, erasure]) => erasure === 'photo')
    .map(([column]) => column);
  const refs: string[] = [];
  for (const column of photoColumns) {
    const rows = await queryRows<{ ref: string | null }>(
      tx,
      sql`select ${sql.identifier(column)} as ref from ${entry.table} where ${keyIn(entry, ids)}`,
    );
    for (const { ref } of rows) if (ref) refs.push(ref);
  }
  return refs;
}

/** Applies `entry`'s erasure to its rows of `ids`: deleted, or each column as the registry says. */
async function eraseRows(tx: Tx, entry: PersonalTable, ids: number[]) {
  if (entry.erase.rows === 'delete') {
    await tx.execute(sql`delete from ${entry.table} where ${keyIn(entry, ids)}`);
    return;
  }
  const assignments = Object.entries(entry.erase.columns)
    .map(([column, erasure]) => assignment(column, erasure))
    .filter((a) => a !== null);
  if (assignments.length === 0) return;
  await tx.execute(
    sql`update ${entry.table} set ${sql.join(assignments, sql`, `)} where ${keyIn(entry, ids)}`,
  );
}

/**
 * POST /students/{id}/erase/: erases a student's personal data, and their parent's when no other
 * child has them, as the registry says, in one transaction with a student_erased entry. The
 * confirmation must be the student's admission number, else 400 and nothing changes. Answers
 * the photo references that were cleared: the caller deletes their uploads once committed.
 */
export async function eraseStudent(
  db: Db,
  actor: { schoolId: number; userId: number; address: string | null },
  studentId: number,
  confirm: string,
): Promise<{ admissionNumber: string; photos: string[] }> {
  return db.transaction(async (tx) => {
    const student = await findStudentToServe(tx, actor.schoolId, studentId, 'update');
    if (confirm !== student.admissionNumber) throw invalid('confirm', ERASE_MESSAGES.confirm);
    const ids = {
      student: [student.id],
      parent: await parentsToErase(tx, student.id, student.parentId),
    };
    const photos: string[] = [];
    for (const entry of PERSONAL_DATA) {
      const keys = ids[entry.of];
      if (keys.length === 0) continue;
      photos.push(...(await photosOf(tx, entry, keys)));
      await eraseRows(tx, entry, keys);
    }
    for (const copy of PERSONAL_COPIES) {
      const held = copy.rowsOf({
        schoolId: actor.schoolId,
        admissionNumber: student.admissionNumber,
      });
      await tx.execute(sql`delete from ${copy.table} where ${held}`);
    }
    await recordAudit(tx, {
      schoolId: actor.schoolId,
      actorUserId: actor.userId,
      action: 'student_erased',
      subjectType: 'student',
      subjectId: student.id,
      address: actor.address,
    });
    return { admissionNumber: student.admissionNumber, photos };
  });
}
