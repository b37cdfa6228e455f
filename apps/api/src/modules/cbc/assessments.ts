import {
  type Assessment,
  type AssessmentHistory,
  type AssessmentKind,
  type AssessmentSheet,
  type assessmentHistoryQuery,
  type assessmentsQuery,
  type createAssessmentBody,
  type LevelEntry,
  rubricScaleOf,
  type saveLevelsBody,
} from '@shule/shared/cbc-assessments';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import {
  assessmentEntries,
  assessmentEntryChanges,
  assessmentStrands,
  assessments,
  classes,
  learningAreas,
  levels,
  strands,
  studentSubjects,
  students,
  users,
} from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { invalid, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { assertMayAssess, assertMayReadClass, readableClasses } from '../teaching/index';
import { checkEntries, type StoredEntry } from './level-entries';

/** The assessments matching `where`, each with its class, learning area, scale and strands. */
async function selectAssessments(db: Db | Tx, where: SQL): Promise<Assessment[]> {
  const rows = await db
    .select({
      id: assessments.id,
      classId: classes.id,
      className: classes.name,
      areaId: learningAreas.id,
      areaName: learningAreas.name,
      levelName: levels.name,
      kind: assessments.kind,
      date: assessments.date,
      title: assessments.title,
      outOf: assessments.outOf,
    })
    .from(assessments)
    .innerJoin(classes, eq(classes.id, assessments.classId))
    .innerJoin(learningAreas, eq(learningAreas.id, assessments.learningAreaId))
    .innerJoin(levels, eq(levels.id, learningAreas.levelId))
    .where(where)
    .orderBy(desc(assessments.date), desc(assessments.id));
  const covered =
    rows.length === 0
      ? []
      : await db
          .select({
            assessmentId: assessmentStrands.assessmentId,
            id: strands.id,
            strand: strands.name,
            subStrand: strands.subStrand,
          })
          .from(assessmentStrands)
          .innerJoin(strands, eq(strands.id, assessmentStrands.strandId))
          .where(
            inArray(
              assessmentStrands.assessmentId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(strands.id));
  return rows.map((r) => ({
    id: r.id,
    class: { id: r.classId, name: r.className },
    learning_area: { id: r.areaId, name: r.areaName },
    kind: r.kind as AssessmentKind,
    date: r.date,
    title: r.title,
    out_of: r.outOf,
    scale: rubricScaleOf(r.levelName),
    strands: covered
      .filter((c) => c.assessmentId === r.id)
      .map((c) => ({ id: c.id, strand: c.strand, sub_strand: c.subStrand || null })),
  }));
}

async function findAssessment(db: Db | Tx, schoolId: number, id: number) {
  const [assessment] = await selectAssessments(
    db,
    and(eq(assessments.id, id), eq(assessments.schoolId, schoolId))!,
  );
  if (!assessment) throw notFound('Assessment');
  return assessment;
}

/**
 * POST /api/cbc/assessments/: by an administrator, or a teacher of the learning area in the
 * class (403 naming them). The learning area must be one of the class's level, the strands its.
 */
export async function createAssessment(
  db: Db,
  user: AuthUser,
  schoolId: number,
  body: z.output<typeof createAssessmentBody>,
) {
  return db.transaction(async (tx) => {
    const cls = await findInSchool(tx, schoolId, classes, body.class, 'Class', {
      columns: { id: classes.id, name: classes.name, level: classes.level },
    });
    const [area] = await tx
      .select({ id: learningAreas.id, name: learningAreas.name, levelName: levels.name })
      .from(learningAreas)
      .innerJoin(levels, eq(levels.id, learningAreas.levelId))
      .where(and(eq(learningAreas.id, body.learning_area), eq(learningAreas.schoolId, schoolId)));
    if (!area) throw notFound('Learning area');
    if (area.levelName !== cls.level) {
      throw invalid('learning_area', `${area.name} is not a learning area of ${cls.name}'s level`);
    }
    await assertMayAssess(tx, user, cls, area);
    const wanted = [...new Set(body.strands)];
    if (wanted.length > 0) {
      const found = await tx
        .select({ id: strands.id })
        .from(strands)
        .where(and(inArray(strands.id, wanted), eq(strands.learningAreaId, area.id)));
      if (found.length !== wanted.length) {
        throw invalid('strands', `Choose strands of ${area.name}`);
      }
    }
    const [created] = await tx
      .insert(assessments)
      .values({
        schoolId,
        classId: cls.id,
        learningAreaId: area.id,
        kind: body.kind,
        date: body.date,
        title: body.title ?? null,
        outOf: body.out_of ?? null,
        createdBy: user.id,
      })
      .returning({ id: assessments.id });
    if (wanted.length > 0) {
      await tx
        .insert(assessmentStrands)
        .values(wanted.map((strandId) => ({ schoolId, assessmentId: created!.id, strandId })));
    }
    return findAssessment(tx, schoolId, created!.id);
  });
}

/** GET /api/cbc/assessments/?class=&learning_area=: of a class the caller may read. */
export async function listAssessments(
  db: Db,
  user: AuthUser,
  schoolId: number,
  query: z.output<typeof assessmentsQuery>,
) {
  await findInSchool(db, schoolId, classes, query.class, 'Class');
  assertMayReadClass(await readableClasses(db, user, schoolId), query.class);
  const where = and(
    eq(assessments.schoolId, schoolId),
    eq(assessments.classId, query.class),
    query.learning_area === undefined
      ? undefined
      : eq(assessments.learningAreaId, query.learning_area),
  )!;
  return { assessments: await selectAssessments(db, where) };
}

/**
 * The learners of the class now (not left, not erased) who take the assessment's learning area,
 * by name, and the entries saved.
 */
async function sheetOf(db: Db | Tx, assessment: Assessment): Promise<AssessmentSheet> {
  const { takers } = await learnersOf(db, assessment);
  return { assessment, learners: takers, entries: await entriesOf(db, assessment.id) };
}

/**
 * The class's learners now, split into those who take the learning area and those who do not:
 * a senior-school learning area is taken by the learners with its subject among their own, and
 * by a learner without a list of their own; every other learning area by the whole class.
 */
async function learnersOf(db: Db | Tx, assessment: Assessment) {
  const rows = await db
    .select({
      id: students.id,
      name: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      admission_number: students.admissionNumber,
      takes: sql<boolean>`not exists (
        select 1 from ${learningAreas} a
        where a.id = ${assessment.learning_area.id} and a.subject_id is not null
          and exists (select 1 from ${studentSubjects} ss where ss.student_id = students.id)
          and not exists (select 1 from ${studentSubjects} ss
                          where ss.student_id = students.id and ss.subject_id = a.subject_id))`,
    })
    .from(students)
    .where(
      and(
        eq(students.classId, assessment.class.id),
        eq(students.isActive, true),
        isNull(students.erasedAt),
      ),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  const strip = ({ takes: _, ...learner }: (typeof rows)[number]) => learner;
  return {
    takers: rows.filter((r) => r.takes).map(strip),
    others: rows.filter((r) => !r.takes).map(strip),
  };
}

async function entriesOf(db: Db | Tx, assessmentId: number): Promise<LevelEntry[]> {
  const rows = await db
    .select({
      student: assessmentEntries.studentId,
      strand: assessmentEntries.strandId,
      level: assessmentEntries.level,
      mark: assessmentEntries.mark,
      absent: assessmentEntries.absent,
      comment: assessmentEntries.comment,
    })
    .from(assessmentEntries)
    .where(eq(assessmentEntries.assessmentId, assessmentId))
    .orderBy(asc(assessmentEntries.id));
  return rows.map((r) => ({ ...r, mark: r.mark === null ? null : Number(r.mark) }));
}

/** GET /api/cbc/assessments/{id}/ */
export async function getAssessmentSheet(db: Db, user: AuthUser, schoolId: number, id: number) {
  const assessment = await findAssessment(db, schoolId, id);
  assertMayReadClass(await readableClasses(db, user, schoolId), assessment.class.id);
  return sheetOf(db, assessment);
}

/**
 * PUT /api/cbc/assessments/{id}/levels/: all or nothing. Every entry is checked first (one bad
 * entry: 400 naming it, nothing saved); then each is written, an empty one cleared, and every
 * change kept in assessment_entry_changes with who and when.
 */
export async function saveLevels(
  db: Db,
  user: AuthUser,
  schoolId: number,
  id: number,
  body: z.output<typeof saveLevelsBody>,
) {
  return db.transaction(async (tx) => {
    const assessment = await findAssessment(tx, schoolId, id);
    await assertMayAssess(tx, user, assessment.class, assessment.learning_area);
    const { takers, others } = await learnersOf(tx, assessment);
    const sheet = { learners: takers, entries: await entriesOf(tx, assessment.id) };
    const checked = checkEntries(assessment, sheet.learners, body.entries, others);
    const existing = new Map(sheet.entries.map((e) => [entryKey(e), e]));
    const changed = checked.filter((e) => !sameEntry(existing.get(entryKey(e)), e));
    if (changed.length > 0) await writeEntries(tx, schoolId, assessment.id, user.id, changed);
    // The learners were read in this transaction: only the entries have changed.
    return { assessment, learners: sheet.learners, entries: await entriesOf(tx, assessment.id) };
  });
}

/**
 * GET /api/cbc/assessments/{id}/history/?student=: every kept change of one learner's entries
 * in the assessment, oldest first. For those who may enter its levels (the learning area's
 * teacher, an administrator): 403 naming the learning area to others.
 */
export async function assessmentHistory(
  db: Db,
  user: AuthUser,
  schoolId: number,
  id: number,
  query: z.output<typeof assessmentHistoryQuery>,
): Promise<AssessmentHistory> {
  const assessment = await findAssessment(db, schoolId, id);
  const learner = await findInSchool(db, schoolId, students, query.student, 'Student', {
    columns: { id: students.id, first: students.firstName, last: students.lastName },
  });
  await assertMayAssess(db, user, assessment.class, assessment.learning_area);
  const rows = await db
    .select({
      id: assessmentEntryChanges.id,
      strandId: strands.id,
      strand: strands.name,
      subStrand: strands.subStrand,
      level: assessmentEntryChanges.level,
      mark: assessmentEntryChanges.mark,
      absent: assessmentEntryChanges.absent,
      comment: assessmentEntryChanges.comment,
      first: users.firstName,
      last: users.lastName,
      changedAt: assessmentEntryChanges.changedAt,
    })
    .from(assessmentEntryChanges)
    .leftJoin(strands, eq(strands.id, assessmentEntryChanges.strandId))
    .leftJoin(users, eq(users.id, assessmentEntryChanges.changedBy))
    .where(
      and(
        eq(assessmentEntryChanges.schoolId, schoolId),
        eq(assessmentEntryChanges.assessmentId, assessment.id),
        eq(assessmentEntryChanges.studentId, learner.id),
      ),
    )
    .orderBy(asc(assessmentEntryChanges.changedAt), asc(assessmentEntryChanges.id));
  return {
    student: { id: learner.id, name: `${learner.first} ${learner.last}` },
    changes: rows.map((r) => ({
      id: r.id,
      strand:
        r.strandId === null
          ? null
          : { id: r.strandId, strand: r.strand ?? '', sub_strand: r.subStrand || null },
      level: r.level,
      mark: r.mark === null ? null : Number(r.mark),
      absent: r.absent,
      comment: r.comment,
      changed_by: { name: r.first === null ? null : `${r.first} ${r.last}` },
      changed_at: r.changedAt.toISOString(),
    })),
  };
}

const entryKey = (e: { student: number; strand: number | null }) => `${e.student}:${e.strand}`;

const sameEntry = (before: LevelEntry | undefined, after: StoredEntry) =>
  before === undefined
    ? after.cleared
    : !after.cleared &&
      before.level === after.level &&
      before.mark === after.mark &&
      before.absent === after.absent &&
      before.comment === after.comment;

/**
 * Writes `changed` in one statement: the kept entries upserted, the cleared ones deleted, and
 * every change recorded with who and when (a save is one round trip, whatever its size).
 */
async function writeEntries(
  tx: Tx,
  schoolId: number,
  assessmentId: number,
  userId: number,
  changed: StoredEntry[],
) {
  const rows = sql.join(
    changed.map(
      (e) =>
        sql`(${e.student}::integer, ${e.strand}::integer, ${e.level}::text,
             ${e.mark === null ? null : String(e.mark)}::numeric, ${e.absent}::boolean,
             ${e.comment}::text, ${e.cleared}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    with changed (student_id, strand_id, level, mark, absent, comment, cleared) as (
      values ${rows}
    ),
    kept as (
      insert into ${assessmentEntries}
        (school_id, assessment_id, student_id, strand_id, level, mark, absent, comment, updated_by)
      select ${schoolId}, ${assessmentId}, student_id, strand_id, level, mark, absent, comment,
             ${userId}
      from changed where not cleared
      on conflict (assessment_id, student_id, strand_id) do update
        set level = excluded.level, mark = excluded.mark, absent = excluded.absent,
            comment = excluded.comment, updated_by = excluded.updated_by, updated_at = now()
    ),
    removed as (
      delete from ${assessmentEntries} e using changed c
      where c.cleared and e.assessment_id = ${assessmentId} and e.student_id = c.student_id
        and e.strand_id is not distinct from c.strand_id
    )
    insert into ${assessmentEntryChanges}
      (school_id, assessment_id, student_id, strand_id, level, mark, absent, comment, changed_by)
    select ${schoolId}, ${assessmentId}, student_id, strand_id, level, mark, absent, comment,
           ${userId}
    from changed`);
}
