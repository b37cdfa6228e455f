import { rubricScaleOf } from '@shule/shared/cbc-assessments';
import { toCsv } from '@shule/shared/csv';
import {
  DEFAULT_SBA_COLUMNS,
  isSbaKind,
  SBA_KINDS,
  SBA_MESSAGES,
  type SbaColumnKey,
  type SbaGradeInput,
  type SbaSettings,
  sbaCompleteness,
  sbaExportTable,
  sbaFileName,
  type sbaQuery,
  type sbaSettingsBody,
} from '@shule/shared/sba';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  assessmentEntries,
  assessments,
  classes,
  learningAreas,
  levels,
  sbaSettings,
  studentSubjects,
  students,
} from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { invalid } from '../../errors';

type GradeQuery = z.output<typeof sbaQuery>;

/**
 * The learning areas a learner with these own subjects takes: a senior-school learning area when
 * its subject is theirs, every other one; null (all of them) for a learner without a list.
 */
function areasTakenBy(
  areas: readonly { id: number; subject: number | null }[],
  own: number[] | string | null,
): number[] | null {
  if (own === null) return null;
  const subjects = new Set(
    (typeof own === 'string' ? own.replace(/[{}]/g, '').split(',') : own).map(Number),
  );
  return areas.filter((a) => a.subject === null || subjects.has(a.subject)).map((a) => a.id);
}

/**
 * Everything the SBA rules (packages/shared/src/sba.ts) need of a CBC grade in a year: its
 * streams, learning areas, learners now (active, not erased), the SBA assessments of its streams
 * dated in the year and their entries. Six queries, whatever the grade's size.
 */
async function readGrade(db: Db, schoolId: number, query: GradeQuery): Promise<SbaGradeInput> {
  const level = await findInSchool(db, schoolId, levels, query.grade, 'Grade', {
    columns: { id: levels.id, name: levels.name, curriculum: levels.curriculum },
  });
  if (level.curriculum !== 'cbc') throw invalid('grade', SBA_MESSAGES.notCbc(level.name));
  const streams = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.level, level.name)))
    .orderBy(asc(classes.name));
  const areas = await db
    .select({ id: learningAreas.id, name: learningAreas.name, subject: learningAreas.subjectId })
    .from(learningAreas)
    .where(and(eq(learningAreas.schoolId, schoolId), eq(learningAreas.levelId, level.id)))
    .orderBy(asc(learningAreas.id));
  const streamIds = streams.map((s) => s.id);
  const areaIds = areas.map((a) => a.id);
  const learners =
    streamIds.length === 0
      ? []
      : await db
          .select({
            id: students.id,
            classId: students.classId,
            firstName: students.firstName,
            lastName: students.lastName,
            gender: students.gender,
            admissionNumber: students.admissionNumber,
            upi: students.upi,
            assessmentNumber: students.assessmentNumber,
            birthCertificateNames: students.birthCertificateNames,
            reOption: students.reOption,
            kiswahiliOption: students.kiswahiliOption,
            specialNeedsCode: students.specialNeedsCode,
            own: sql<number[] | string | null>`(select array_agg(ss.subject_id)
              from ${studentSubjects} ss where ss.student_id = students.id)`,
          })
          .from(students)
          .where(
            and(
              eq(students.schoolId, schoolId),
              inArray(students.classId, streamIds),
              eq(students.isActive, true),
              isNull(students.erasedAt),
            ),
          )
          .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  const sba =
    streamIds.length === 0 || areaIds.length === 0
      ? []
      : await db
          .select({
            id: assessments.id,
            learningArea: assessments.learningAreaId,
            kind: assessments.kind,
            date: assessments.date,
            outOf: assessments.outOf,
          })
          .from(assessments)
          .where(
            and(
              eq(assessments.schoolId, schoolId),
              inArray(assessments.classId, streamIds),
              inArray(assessments.learningAreaId, areaIds),
              inArray(assessments.kind, [...SBA_KINDS]),
              gte(assessments.date, `${query.year}-01-01`),
              lte(assessments.date, `${query.year}-12-31`),
            ),
          )
          .orderBy(asc(assessments.date), asc(assessments.id));
  const entries =
    sba.length === 0
      ? []
      : await db
          .select({
            assessment: assessmentEntries.assessmentId,
            student: assessmentEntries.studentId,
            level: assessmentEntries.level,
            mark: assessmentEntries.mark,
            absent: assessmentEntries.absent,
          })
          .from(assessmentEntries)
          .where(
            inArray(
              assessmentEntries.assessmentId,
              sba.map((a) => a.id),
            ),
          );
  return {
    grade: { id: level.id, name: level.name },
    year: query.year,
    scale: rubricScaleOf(level.name),
    classes: streams,
    learningAreas: areas.map(({ id, name }) => ({ id, name })),
    learners: learners.map(({ own, ...l }) => ({
      ...l,
      areasTaken: areasTakenBy(areas, own),
      reOption: l.reOption as SbaGradeInput['learners'][number]['reOption'],
      kiswahiliOption: l.kiswahiliOption as SbaGradeInput['learners'][number]['kiswahiliOption'],
    })),
    assessments: sba.flatMap((a) => (isSbaKind(a.kind) ? [{ ...a, kind: a.kind }] : [])),
    entries: entries.map((e) => ({ ...e, mark: e.mark === null ? null : Number(e.mark) })),
  };
}

/** GET /api/cbc/sba/?grade=&year= */
export async function sbaGradeCompleteness(db: Db, schoolId: number, query: GradeQuery) {
  return sbaCompleteness(await readGrade(db, schoolId, query));
}

/** GET /api/cbc/sba/settings/: the school's column order, or the default (no row). */
export async function getSbaSettings(db: Db, schoolId: number): Promise<SbaSettings> {
  const [row] = await db
    .select({ columns: sbaSettings.columns })
    .from(sbaSettings)
    .where(eq(sbaSettings.schoolId, schoolId));
  const columns = (row?.columns ?? DEFAULT_SBA_COLUMNS) as SbaColumnKey[];
  return { columns: [...columns], customised: columns.join() !== DEFAULT_SBA_COLUMNS.join() };
}

/** PUT /api/cbc/sba/settings/ */
export async function saveSbaSettings(
  db: Db,
  schoolId: number,
  userId: number,
  body: z.output<typeof sbaSettingsBody>,
) {
  await db
    .insert(sbaSettings)
    .values({ schoolId, columns: body.columns, updatedBy: userId })
    .onConflictDoUpdate({
      target: sbaSettings.schoolId,
      set: { columns: body.columns, updatedBy: userId, updatedAt: new Date() },
    });
  return getSbaSettings(db, schoolId);
}

/** GET /api/cbc/sba/export/?grade=&year=: the grade as a CSV in the school's column order. */
export async function sbaExportFile(db: Db, schoolId: number, query: GradeQuery) {
  const [grade, settings] = await Promise.all([
    readGrade(db, schoolId, query),
    getSbaSettings(db, schoolId),
  ]);
  const { headers, rows } = sbaExportTable(grade, settings.columns);
  return {
    fileName: sbaFileName(grade.grade.name, query.year),
    body: Buffer.from(`${toCsv(headers, rows)}\r\n`),
  };
}
