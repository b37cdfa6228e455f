import type { CsvImportPreview } from '@shule/shared/csv-import';
import {
  addKjseaRowError,
  type ImportedKjsea,
  KJSEA_MAX_POINTS,
  KJSEA_MESSAGES,
  type KjseaBaseline,
  type KjseaResult,
  kjseaAreas,
  kjseaPreviewOf,
  readKjseaCsv,
} from '@shule/shared/kjsea';
import { LEARNER_RECORD_MESSAGES } from '@shule/shared/learner-record';
import { isSeniorLevel, SENIOR_MESSAGES } from '@shule/shared/senior';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { classes, kjseaResults, students } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, invalid, notFound } from '../../errors';
import { recordAudit } from '../audit/index';
import { assertAssessmentNumberFree } from '../students/index';

export interface KjseaActor {
  schoolId: number;
  userId: number;
  address: string | null;
}

/** The student of the school (404 otherwise), with what the result shows of them. */
export async function kjseaStudent(db: Db | Tx, schoolId: number, studentId: number) {
  const [student] = await db
    .select({
      id: students.id,
      classId: students.classId,
      assessmentNumber: students.assessmentNumber,
      name: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      level: classes.level,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
  if (!student) throw notFound('Student');
  return student;
}

/** A learner's KJSEA result, or null when none is recorded. */
export async function readKjsea(
  db: Db | Tx,
  schoolId: number,
  studentId: number,
): Promise<KjseaResult | null> {
  const [row] = await db
    .select({
      juniorSchool: kjseaResults.juniorSchool,
      levels: kjseaResults.levels,
      recordedAt: kjseaResults.recordedAt,
      assessmentNumber: students.assessmentNumber,
    })
    .from(kjseaResults)
    .innerJoin(students, eq(students.id, kjseaResults.studentId))
    .where(and(eq(kjseaResults.studentId, studentId), eq(kjseaResults.schoolId, schoolId)));
  if (!row) return null;
  return {
    student_id: studentId,
    assessment_number: row.assessmentNumber,
    junior_school: row.juniorSchool,
    ...kjseaAreas(row.levels),
    out_of: KJSEA_MAX_POINTS,
    recorded_at: row.recordedAt.toISOString(),
  };
}

/** The KJSEA baselines of these learners of the school that have one, by student id. */
export async function kjseaBaselines(
  db: Db | Tx,
  schoolId: number,
  studentIds: number[],
): Promise<Map<number, KjseaBaseline>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .select({ studentId: kjseaResults.studentId, levels: kjseaResults.levels })
    .from(kjseaResults)
    .where(and(eq(kjseaResults.schoolId, schoolId), inArray(kjseaResults.studentId, studentIds)));
  return new Map(
    rows.map((r) => [r.studentId, { ...kjseaAreas(r.levels), out_of: KJSEA_MAX_POINTS }]),
  );
}

/**
 * PUT /students/{id}/kjsea/: the learner's result recorded (replacing an earlier one), and the
 * Assessment Number set on the learner when given (null clears it; absent leaves it).
 */
export async function putKjsea(
  db: Db,
  actor: KjseaActor,
  studentId: number,
  input: {
    assessment_number?: string | null;
    junior_school?: string | null;
    levels: Record<string, string>;
  },
): Promise<KjseaResult> {
  const { schoolId } = actor;
  try {
    return await db.transaction(async (tx) => {
      const learner = await kjseaStudent(tx, schoolId, studentId);
      // The baseline is a senior-school entrant's: a learner of another level has none to record.
      if (!isSeniorLevel(learner.level)) {
        throw invalid('student', SENIOR_MESSAGES.notSeniorLearner(learner.name));
      }
      if (input.assessment_number !== undefined) {
        if (input.assessment_number)
          await assertAssessmentNumberFree(tx, schoolId, studentId, input.assessment_number);
        await tx
          .update(students)
          .set({ assessmentNumber: input.assessment_number })
          .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
      }
      const values = {
        juniorSchool: input.junior_school ?? null,
        levels: input.levels,
        recordedBy: actor.userId,
        recordedAt: new Date(),
      };
      await tx
        .insert(kjseaResults)
        .values({ studentId, schoolId, ...values })
        .onConflictDoUpdate({ target: kjseaResults.studentId, set: values });
      await recordAudit(tx, {
        schoolId,
        actorUserId: actor.userId,
        action: 'kjsea_recorded',
        subjectType: 'student',
        subjectId: studentId,
        address: actor.address,
      });
      return (await readKjsea(tx, schoolId, studentId))!;
    });
  } catch (error) {
    if (
      input.assessment_number &&
      isUniqueViolation(error, 'students_school_assessment_number_key')
    )
      throw conflict(LEARNER_RECORD_MESSAGES.assessmentNumberTaken(input.assessment_number));
    throw error;
  }
}

/** DELETE /students/{id}/kjsea/: the result removed (the Assessment Number stays). */
export async function deleteKjsea(db: Db, actor: KjseaActor, studentId: number) {
  const { schoolId } = actor;
  await db.transaction(async (tx) => {
    await kjseaStudent(tx, schoolId, studentId);
    const removed = await tx
      .delete(kjseaResults)
      .where(and(eq(kjseaResults.studentId, studentId), eq(kjseaResults.schoolId, schoolId)))
      .returning({ id: kjseaResults.studentId });
    if (removed.length === 0) throw notFound('KJSEA result');
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'kjsea_deleted',
      subjectType: 'student',
      subjectId: studentId,
      address: actor.address,
    });
  });
}

type ReadFile = ReturnType<typeof readKjseaCsv>;

/**
 * The file's rows matched to the school's learners: by admission number when the row gives it,
 * else by Assessment Number. A row's Assessment Number held by another learner is refused. The
 * learner found is set on each clean row (`studentId`).
 */
async function matchLearners(db: Db | Tx, schoolId: number, file: ReadFile) {
  const studentIds = new Map<number, number>();
  if (file.file_errors.length > 0) return studentIds;
  const given = (column: 'admission_number' | 'assessment_number') =>
    file.rows.flatMap((r) => {
      const v = r.values[column]?.trim();
      return v ? [column === 'assessment_number' ? v.toUpperCase() : v] : [];
    });
  const found = await queryRows<{
    id: number;
    admission_number: string;
    assessment_number: string | null;
    name: string;
    level: string | null;
  }>(
    db,
    sql`select s.id, s.admission_number, s.assessment_number,
               s.first_name || ' ' || s.last_name as name, c.level
        from students s
        join jsonb_array_elements_text(${JSON.stringify(given('admission_number'))}::jsonb) a(v)
          on s.admission_number = a.v
        left join classes c on c.id = s.class_id
        where s.school_id = ${schoolId}
      union
      select s.id, s.admission_number, s.assessment_number,
             s.first_name || ' ' || s.last_name as name, c.level
        from students s
        join jsonb_array_elements_text(${JSON.stringify(given('assessment_number'))}::jsonb) n(v)
          on s.assessment_number = n.v
        left join classes c on c.id = s.class_id
        where s.school_id = ${schoolId}`,
  );
  const byAdmission = new Map(found.map((s) => [s.admission_number, s]));
  const byAssessment = new Map(
    found.flatMap((s) => (s.assessment_number ? [[s.assessment_number, s] as const] : [])),
  );
  const rowOfLearner = new Map<number, number>();
  file.rows.forEach((row, i) => {
    const admission = row.values.admission_number?.trim();
    const assessment = row.values.assessment_number?.trim().toUpperCase();
    if (row.errors.admission_number || row.errors.assessment_number) return;
    const learner = admission ? byAdmission.get(admission) : byAssessment.get(assessment ?? '');
    if (!learner) {
      if (admission)
        addKjseaRowError(row, 'admission_number', KJSEA_MESSAGES.noSuchAdmission(admission));
      else if (assessment)
        addKjseaRowError(row, 'assessment_number', KJSEA_MESSAGES.noSuchAssessment(assessment));
      return;
    }
    if (!isSeniorLevel(learner.level)) {
      addKjseaRowError(
        row,
        admission ? 'admission_number' : 'assessment_number',
        SENIOR_MESSAGES.notSeniorLearner(learner.name),
      );
      return;
    }
    const holder = assessment ? byAssessment.get(assessment) : undefined;
    if (holder && holder.id !== learner.id) {
      addKjseaRowError(
        row,
        'assessment_number',
        LEARNER_RECORD_MESSAGES.assessmentNumberTaken(assessment!),
      );
      return;
    }
    const earlier = rowOfLearner.get(learner.id);
    if (earlier !== undefined) {
      addKjseaRowError(row, 'admission_number', KJSEA_MESSAGES.learnerTwice(earlier));
      return;
    }
    rowOfLearner.set(learner.id, row.row);
    studentIds.set(i, learner.id);
  });
  return studentIds;
}

/** POST /senior/kjsea/import/?preview=true: every row with its problems; nothing is written. */
export async function previewKjseaImport(
  db: Db,
  schoolId: number,
  text: string,
): Promise<CsvImportPreview> {
  const file = readKjseaCsv(text);
  await matchLearners(db, schoolId, file);
  return kjseaPreviewOf(file);
}

export type KjseaImportOutcome = { imported: number } | { refused: CsvImportPreview };

/**
 * POST /senior/kjsea/import/: every row or none, in one transaction and a constant number of
 * queries. Each learner's result is recorded (replacing an earlier one), and a row's Assessment
 * Number is set on its learner.
 */
export async function importKjsea(
  db: Db,
  actor: KjseaActor,
  text: string,
): Promise<KjseaImportOutcome> {
  const { schoolId } = actor;
  const file = readKjseaCsv(text);
  if (file.file_errors.length > 0) return { refused: kjseaPreviewOf(file) };
  return db.transaction(async (tx) => {
    const studentIds = await matchLearners(tx, schoolId, file);
    const preview = kjseaPreviewOf(file);
    if (preview.invalid > 0) return { refused: preview };
    const rows = file.rows.map((r, i) => {
      const clean = r.kjsea as ImportedKjsea;
      return {
        student_id: studentIds.get(i)!,
        assessment_number: clean.assessment_number,
        junior_school: clean.junior_school,
        levels: clean.levels,
      };
    });
    const json = JSON.stringify(rows);
    await tx.execute(
      sql`update students s set assessment_number = r.assessment_number
        from jsonb_to_recordset(${json}::jsonb) as r(student_id int, assessment_number text)
        where s.id = r.student_id and s.school_id = ${schoolId} and r.assessment_number is not null
          and s.assessment_number is distinct from r.assessment_number`,
    );
    await tx.execute(
      sql`insert into kjsea_results (student_id, school_id, junior_school, levels, recorded_by, recorded_at)
        select r.student_id, ${schoolId}, r.junior_school, r.levels, ${actor.userId}, now()
        from jsonb_to_recordset(${json}::jsonb) as r(student_id int, junior_school text, levels jsonb)
        on conflict (student_id) do update set junior_school = excluded.junior_school,
          levels = excluded.levels, recorded_by = excluded.recorded_by,
          recorded_at = excluded.recorded_at`,
    );
    await recordAudit(tx, {
      schoolId,
      actorUserId: actor.userId,
      action: 'kjsea_imported',
      address: actor.address,
    });
    return { imported: rows.length };
  });
}
