import {
  CORE_COMPETENCIES,
  CORE_VALUES,
  type ProgressReportInputs,
  type RatingLevel,
  REPORT_INPUT_MESSAGES,
  type ReportCommentsResponse,
  type ReportInputsResponse,
  type reportCommentsQuery,
  type saveCommentsBody,
  type saveRatingsBody,
  type saveRemarksBody,
} from '@shule/shared/cbc-report-inputs';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import {
  classes,
  learningAreas,
  levels,
  progressReportComments,
  progressReportRatings,
  progressReportRemarks,
  students,
  teachers,
  terms,
} from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { conflict, DomainError, forbidden, invalid, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { assertMayAssess, assertMayReadClass, readableClasses } from '../teaching/index';

const isAdmin = (user: AuthUser) => user.roles.includes('admin');

/**
 * What the teachers wrote for each learner in a term, in three queries whatever the number of
 * learners: every competency and value listed (null when not rated), the comments by learning
 * area id, the two remarks. A learner with nothing written is in the map with nothing filled.
 */
export async function progressReportInputs(
  db: Db | Tx,
  schoolId: number,
  termId: number,
  studentIds: readonly number[],
): Promise<Map<number, ProgressReportInputs>> {
  const result = new Map<number, ProgressReportInputs>();
  if (studentIds.length === 0) return result;
  const ids = [...new Set(studentIds)];
  const scope = (
    table:
      | typeof progressReportRatings
      | typeof progressReportComments
      | typeof progressReportRemarks,
  ) => and(eq(table.schoolId, schoolId), eq(table.termId, termId), inArray(table.studentId, ids));
  const [ratings, comments, remarks] = await Promise.all([
    db
      .select({
        student: progressReportRatings.studentId,
        name: progressReportRatings.name,
        level: progressReportRatings.level,
      })
      .from(progressReportRatings)
      .where(scope(progressReportRatings)),
    db
      .select({
        student: progressReportComments.studentId,
        area: progressReportComments.learningAreaId,
        comment: progressReportComments.comment,
      })
      .from(progressReportComments)
      .where(scope(progressReportComments)),
    db
      .select({
        student: progressReportRemarks.studentId,
        classTeacher: progressReportRemarks.classTeacherRemark,
        headTeacher: progressReportRemarks.headTeacherRemark,
      })
      .from(progressReportRemarks)
      .where(scope(progressReportRemarks)),
  ]);
  const levelsOf = new Map<number, Map<string, string>>();
  for (const r of ratings) {
    const own = levelsOf.get(r.student) ?? new Map<string, string>();
    own.set(r.name, r.level);
    levelsOf.set(r.student, own);
  }
  for (const id of ids) {
    const own = levelsOf.get(id);
    result.set(id, {
      competencies: CORE_COMPETENCIES.map((name) => ({ name, level: own?.get(name) ?? null })),
      values: CORE_VALUES.map((name) => ({ name, level: own?.get(name) ?? null })),
      comments: {},
      class_teacher_remark: null,
      head_teacher_remark: null,
    });
  }
  for (const c of comments) result.get(c.student)!.comments[c.area] = c.comment;
  for (const r of remarks) {
    const inputs = result.get(r.student)!;
    inputs.class_teacher_remark = r.classTeacher;
    inputs.head_teacher_remark = r.headTeacher;
  }
  return result;
}

type Context = Awaited<ReturnType<typeof classAndTerm>>;

/** The class (with its class teacher's user) and the term, both the school's, or 404. */
async function classAndTerm(db: Db | Tx, schoolId: number, classId: number, termId: number) {
  const [cls] = await db
    .select({
      id: classes.id,
      name: classes.name,
      level: classes.level,
      classTeacherUser: teachers.userId,
    })
    .from(classes)
    .leftJoin(teachers, eq(teachers.id, classes.classTeacherId))
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  if (!cls) throw notFound('Class');
  const term = await findInSchool(db, schoolId, terms, termId, 'Term', {
    columns: { id: terms.id, name: terms.name },
  });
  return { cls, term };
}

const mayRate = (user: AuthUser, { cls }: Context) =>
  isAdmin(user) || (cls.classTeacherUser !== null && cls.classTeacherUser === user.id);

/** The class teacher of the class or an administrator, or 403 naming what they may not write. */
function assertMayRate(user: AuthUser, context: Context) {
  if (!mayRate(user, context)) {
    throw forbidden(REPORT_INPUT_MESSAGES.notClassTeacher(context.cls.name));
  }
}

/** The class's learners now (not left, not erased), by name. */
async function learnersOf(db: Db | Tx, classId: number) {
  return db
    .select({
      id: students.id,
      name: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      admission_number: students.admissionNumber,
    })
    .from(students)
    .where(
      and(eq(students.classId, classId), eq(students.isActive, true), isNull(students.erasedAt)),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

type Learner = Awaited<ReturnType<typeof learnersOf>>[number];

/**
 * Every entry's learner must be in the class and each (learner, key) sent once: the first
 * refused entry is named in the message ("Entry 3 (Achieng Otieno): …") and each under
 * `entries.<i>.student`, as the levels' save does.
 */
function checkLearners<E extends { student: number }>(
  learners: Learner[],
  entries: E[],
  keyOf: (entry: E) => string,
) {
  const names = new Map(learners.map((l) => [l.id, l.name]));
  const errors: Record<string, string[]> = {};
  let first: string | null = null;
  const seen = new Map<string, number>();
  entries.forEach((entry, i) => {
    const key = `${entry.student}:${keyOf(entry)}`;
    const earlier = seen.get(key);
    seen.set(key, earlier ?? i);
    const message = !names.has(entry.student)
      ? REPORT_INPUT_MESSAGES.notInClass
      : earlier !== undefined
        ? REPORT_INPUT_MESSAGES.twice(earlier)
        : null;
    if (message === null) return;
    errors[`entries.${i}.student`] = [message];
    const whose = names.get(entry.student);
    first ??= `Entry ${i + 1}${whose ? ` (${whose})` : ''}: ${message}`;
  });
  if (first !== null) throw new DomainError(first, 400, { errors });
}

/** `(student_id, other) in ((…), (…))` over the pairs given. */
const pairsIn = (student: AnyPgColumn, other: AnyPgColumn, pairs: [number, string][]) =>
  sql`(${student}, ${other}) in (${sql.join(
    pairs.map(([a, b]) => sql`(${a}, ${b})`),
    sql`, `,
  )})`;

async function readInputs(db: Db | Tx, user: AuthUser, schoolId: number, context: Context) {
  const learners = await learnersOf(db, context.cls.id);
  const inputs = await progressReportInputs(
    db,
    schoolId,
    context.term.id,
    learners.map((l) => l.id),
  );
  return {
    class: { id: context.cls.id, name: context.cls.name },
    term: context.term,
    may_write: { ratings: mayRate(user, context), head_teacher_remark: isAdmin(user) },
    learners: learners.map((l) => ({ ...l, inputs: inputs.get(l.id)! })),
  } satisfies ReportInputsResponse;
}

/** GET /api/cbc/classes/{id}/report_inputs/?term=: of a class the caller may read. */
export async function getReportInputs(
  db: Db,
  user: AuthUser,
  schoolId: number,
  classId: number,
  termId: number,
) {
  const context = await classAndTerm(db, schoolId, classId, termId);
  assertMayReadClass(await readableClasses(db, user, schoolId), classId);
  return readInputs(db, user, schoolId, context);
}

/**
 * PUT /api/cbc/classes/{id}/ratings/: the class teacher or an administrator; all or nothing.
 * A null level clears the rating.
 */
export async function saveRatings(
  db: Db,
  user: AuthUser,
  schoolId: number,
  classId: number,
  body: z.output<typeof saveRatingsBody>,
) {
  return db.transaction(async (tx) => {
    const context = await classAndTerm(tx, schoolId, classId, body.term);
    assertMayRate(user, context);
    checkLearners(await learnersOf(tx, classId), body.entries, (e) => e.name);
    const rated = body.entries.filter(
      (e): e is typeof e & { level: RatingLevel } => e.level !== null,
    );
    const cleared = body.entries.filter((e) => e.level === null);
    if (rated.length > 0) {
      await tx
        .insert(progressReportRatings)
        .values(
          rated.map((e) => ({
            schoolId,
            termId: body.term,
            studentId: e.student,
            name: e.name,
            level: e.level,
            updatedBy: user.id,
          })),
        )
        .onConflictDoUpdate({
          target: [
            progressReportRatings.termId,
            progressReportRatings.studentId,
            progressReportRatings.name,
          ],
          set: {
            level: sql`excluded.level`,
            updatedBy: sql`excluded.updated_by`,
            updatedAt: sql`now()`,
          },
        });
    }
    if (cleared.length > 0) {
      await tx.delete(progressReportRatings).where(
        and(
          eq(progressReportRatings.termId, body.term),
          pairsIn(
            progressReportRatings.studentId,
            progressReportRatings.name,
            cleared.map((e) => [e.student, e.name]),
          ),
        ),
      );
    }
    return readInputs(tx, user, schoolId, context);
  });
}

/**
 * PUT /api/cbc/classes/{id}/remarks/: the class teacher's remark by the class teacher or an
 * administrator, the head teacher's by an administrator; all or nothing. A remark left out of
 * an entry stays as it was.
 */
export async function saveRemarks(
  db: Db,
  user: AuthUser,
  schoolId: number,
  classId: number,
  body: z.output<typeof saveRemarksBody>,
) {
  return db.transaction(async (tx) => {
    const context = await classAndTerm(tx, schoolId, classId, body.term);
    if (body.entries.some((e) => e.head_teacher_remark !== undefined) && !isAdmin(user)) {
      throw forbidden(REPORT_INPUT_MESSAGES.notHeadTeacher);
    }
    if (body.entries.some((e) => e.class_teacher_remark !== undefined)) {
      assertMayRate(user, context);
    }
    checkLearners(await learnersOf(tx, classId), body.entries, () => '');
    const kept = await tx
      .select({
        student: progressReportRemarks.studentId,
        classTeacher: progressReportRemarks.classTeacherRemark,
        headTeacher: progressReportRemarks.headTeacherRemark,
      })
      .from(progressReportRemarks)
      .where(
        and(
          eq(progressReportRemarks.termId, body.term),
          inArray(
            progressReportRemarks.studentId,
            body.entries.map((e) => e.student),
          ),
        ),
      );
    const before = new Map(kept.map((k) => [k.student, k]));
    await tx
      .insert(progressReportRemarks)
      .values(
        body.entries.map((e) => ({
          schoolId,
          termId: body.term,
          studentId: e.student,
          classTeacherRemark:
            e.class_teacher_remark === undefined
              ? (before.get(e.student)?.classTeacher ?? null)
              : e.class_teacher_remark,
          headTeacherRemark:
            e.head_teacher_remark === undefined
              ? (before.get(e.student)?.headTeacher ?? null)
              : e.head_teacher_remark,
          updatedBy: user.id,
        })),
      )
      .onConflictDoUpdate({
        target: [progressReportRemarks.termId, progressReportRemarks.studentId],
        set: {
          classTeacherRemark: sql`excluded.class_teacher_remark`,
          headTeacherRemark: sql`excluded.head_teacher_remark`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
    return readInputs(tx, user, schoolId, context);
  });
}

/** The learning area, the school's (404) and one of the class's level (400). */
async function areaOfClass(db: Db | Tx, schoolId: number, context: Context, areaId: number) {
  const [area] = await db
    .select({ id: learningAreas.id, name: learningAreas.name, levelName: levels.name })
    .from(learningAreas)
    .innerJoin(levels, eq(levels.id, learningAreas.levelId))
    .where(and(eq(learningAreas.id, areaId), eq(learningAreas.schoolId, schoolId)));
  if (!area) throw notFound('Learning area');
  if (area.levelName !== context.cls.level) {
    throw invalid(
      'learning_area',
      `${area.name} is not a learning area of ${context.cls.name}'s level`,
    );
  }
  return { id: area.id, name: area.name };
}

async function readComments(
  db: Db | Tx,
  context: Context,
  area: { id: number; name: string },
): Promise<ReportCommentsResponse> {
  const learners = await learnersOf(db, context.cls.id);
  const rows =
    learners.length === 0
      ? []
      : await db
          .select({
            student: progressReportComments.studentId,
            comment: progressReportComments.comment,
          })
          .from(progressReportComments)
          .where(
            and(
              eq(progressReportComments.termId, context.term.id),
              eq(progressReportComments.learningAreaId, area.id),
              inArray(
                progressReportComments.studentId,
                learners.map((l) => l.id),
              ),
            ),
          );
  const comments = new Map(rows.map((r) => [r.student, r.comment]));
  return {
    class: { id: context.cls.id, name: context.cls.name },
    term: context.term,
    learning_area: area,
    learners: learners.map((l) => ({ ...l, comment: comments.get(l.id) ?? null })),
  };
}

/** GET /api/cbc/classes/{id}/comments/?term=&learning_area=: of a class the caller may read. */
export async function getComments(
  db: Db,
  user: AuthUser,
  schoolId: number,
  classId: number,
  query: z.output<typeof reportCommentsQuery>,
) {
  const context = await classAndTerm(db, schoolId, classId, query.term);
  const area = await areaOfClass(db, schoolId, context, query.learning_area);
  assertMayReadClass(await readableClasses(db, user, schoolId), classId);
  return readComments(db, context, area);
}

/**
 * PUT /api/cbc/classes/{id}/comments/: the teacher of the learning area in the class or an
 * administrator (403 naming them); all or nothing. A null comment clears it.
 */
export async function saveComments(
  db: Db,
  user: AuthUser,
  schoolId: number,
  classId: number,
  body: z.output<typeof saveCommentsBody>,
) {
  return db.transaction(async (tx) => {
    const context = await classAndTerm(tx, schoolId, classId, body.term);
    const area = await areaOfClass(tx, schoolId, context, body.learning_area);
    await assertMayAssess(tx, user, context.cls, area);
    checkLearners(await learnersOf(tx, classId), body.entries, () => '');
    const written = body.entries.filter((e): e is { student: number; comment: string } =>
      Boolean(e.comment),
    );
    const cleared = body.entries.filter((e) => !e.comment).map((e) => e.student);
    if (written.length > 0) {
      await tx
        .insert(progressReportComments)
        .values(
          written.map((e) => ({
            schoolId,
            termId: body.term,
            studentId: e.student,
            learningAreaId: area.id,
            comment: e.comment,
            updatedBy: user.id,
          })),
        )
        .onConflictDoUpdate({
          target: [
            progressReportComments.termId,
            progressReportComments.studentId,
            progressReportComments.learningAreaId,
          ],
          set: {
            comment: sql`excluded.comment`,
            updatedBy: sql`excluded.updated_by`,
            updatedAt: sql`now()`,
          },
        });
    }
    if (cleared.length > 0) {
      await tx
        .delete(progressReportComments)
        .where(
          and(
            eq(progressReportComments.termId, body.term),
            eq(progressReportComments.learningAreaId, area.id),
            inArray(progressReportComments.studentId, cleared),
          ),
        );
    }
    return readComments(tx, context, area);
  });
}

/**
 * 409 while learners' progress report inputs belong to the term (DELETE /fees/terms/{id}/):
 * deleting it would lose what the teachers wrote. Called under the term's lock.
 */
export async function assertTermFreeOfReportInputs(tx: Tx, termId: number, termName: string) {
  const found = await Promise.all(
    [progressReportRatings, progressReportComments, progressReportRemarks].map((table) =>
      tx.selectDistinct({ id: table.studentId }).from(table).where(eq(table.termId, termId)),
    ),
  );
  const learners = new Set(found.flat().map((r) => r.id)).size;
  if (learners > 0) throw conflict(REPORT_INPUT_MESSAGES.termInUse(termName, learners));
}
