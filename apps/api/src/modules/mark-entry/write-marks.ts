import type { Mark } from '@shule/shared/results/marks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Tx } from '../../db/client';
import { examScores, markChanges } from '../../db/schema/index';

/** One mark to write: a score 0-100, X or Y, or null to remove the mark. */
export interface MarkToWrite {
  studentId: number;
  subjectId: number;
  mark: Mark | null;
}

/** A mark as it was before the write and as it is after; null is no mark. */
export interface WrittenMark extends MarkToWrite {
  old: Mark | null;
}

const markOf = (score: number | null, code: string | null): Mark | null =>
  score !== null ? Number(score) : (code as Mark | null);
const columnsOf = (mark: Mark | null) => ({
  score: typeof mark === 'number' ? mark : null,
  code: typeof mark === 'string' ? mark : null,
});

/**
 * Sets and removes marks of one exam inside `tx`, and records each change (set, changed,
 * removed) in mark_changes by `changedBy` in the same transaction, so a failed batch leaves
 * neither. The rows are locked first, so each change's old value is exact; a mark written
 * unchanged records nothing. A new mark is kept with the class the student is in now
 * (`classOf`); a changed one keeps the class it was entered in. At most four statements
 * whatever the number of marks, after the exam's lock: the database rewrites each student's
 * exam_sittings row from their marks after every statement, and two saves of one student's
 * marks side by side would each write it without the other's. Answers every mark with its
 * value before the write.
 */
export async function writeMarks(
  tx: Tx,
  target: { schoolId: number; examId: number; changedBy: number },
  marks: MarkToWrite[],
  classOf: ReadonlyMap<number, number>,
): Promise<WrittenMark[]> {
  if (marks.length === 0) return [];
  const { schoolId, examId, changedBy } = target;
  const studentIds = [...new Set(marks.map((m) => m.studentId))];
  const subjectIds = [...new Set(marks.map((m) => m.subjectId))];
  await lockUntilCommit(tx, 'examMarks', examId);
  const stored = await tx
    .select({
      studentId: examScores.studentId,
      subjectId: examScores.subjectId,
      score: examScores.score,
      code: examScores.markCode,
    })
    .from(examScores)
    .where(
      and(
        eq(examScores.examId, examId),
        inArray(examScores.studentId, studentIds),
        inArray(examScores.subjectId, subjectIds),
      ),
    )
    .for('update');
  const key = (studentId: number, subjectId: number) => `${studentId}:${subjectId}`;
  const before = new Map(
    stored.map((r) => [key(r.studentId, r.subjectId), markOf(r.score, r.code)]),
  );

  const written = marks.map((m) => ({
    ...m,
    old: before.get(key(m.studentId, m.subjectId)) ?? null,
  }));
  const changed = written.filter((m) => m.old !== m.mark);
  const set = changed.filter((m) => m.mark !== null);
  const removed = changed.filter((m) => m.mark === null);

  if (set.length > 0) {
    await tx
      .insert(examScores)
      .values(
        set.map((m) => {
          const { score, code } = columnsOf(m.mark);
          const classId = classOf.get(m.studentId);
          if (classId === undefined) throw new Error(`No class given for student ${m.studentId}`);
          return {
            schoolId,
            examId,
            studentId: m.studentId,
            subjectId: m.subjectId,
            classId,
            score,
            markCode: code,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [examScores.studentId, examScores.examId, examScores.subjectId],
        set: {
          score: sql`excluded.score`,
          markCode: sql`excluded.mark_code`,
          updatedAt: sql`now()`,
        },
      });
  }
  if (removed.length > 0) {
    await tx.delete(examScores).where(
      and(
        eq(examScores.examId, examId),
        sql`(${examScores.studentId}, ${examScores.subjectId}) in (${sql.join(
          removed.map((m) => sql`(${m.studentId}::int, ${m.subjectId}::int)`),
          sql`, `,
        )})`,
      ),
    );
  }
  if (changed.length > 0) {
    await tx.insert(markChanges).values(
      changed.map((m) => {
        const old = columnsOf(m.old);
        const now = columnsOf(m.mark);
        return {
          schoolId,
          examId,
          studentId: m.studentId,
          subjectId: m.subjectId,
          oldScore: old.score,
          oldCode: old.code,
          newScore: now.score,
          newCode: now.code,
          changedBy,
        };
      }),
    );
  }
  return written;
}
