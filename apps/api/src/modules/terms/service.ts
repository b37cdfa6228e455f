import { dateRangeStatus } from '@shule/shared/date-status';
import { todayIn } from '@shule/shared/school-time';
import {
  type createTermBody,
  isWithin,
  type Term,
  termHasExamsMessage,
  termOutsideYearMessage,
  type updateTermBody,
} from '@shule/shared/terms';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { datesAfterChange } from '../../date-ranges';
import type { Db, Tx } from '../../db/client';
import { academicYears, exams, terms } from '../../db/schema/index';
import { deleteUnlessUsed, findInSchool, ofSchool } from '../../db/school-rows';
import { invalid } from '../../errors';
import { assertTermFreeOfReportInputs } from '../cbc/index';
import { assertTermFreeOfFees } from '../fees/index';

/** Terms with their academic year's id and name: one query, a left join. */
async function selectTerms(db: Db | Tx, where: SQL, today: string): Promise<Term[]> {
  const rows = await db
    .select({
      id: terms.id,
      name: terms.name,
      start_date: terms.startDate,
      end_date: terms.endDate,
      yearId: academicYears.id,
      yearName: academicYears.name,
      school: terms.schoolId,
    })
    .from(terms)
    .leftJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(where)
    .orderBy(desc(terms.startDate), desc(terms.id));
  return rows.map(({ yearId, yearName, ...row }) => ({
    id: row.id,
    name: row.name,
    start_date: row.start_date,
    end_date: row.end_date,
    status: dateRangeStatus(row, today),
    academic_year: yearId === null ? null : { id: yearId, name: yearName ?? '' },
    school: row.school,
  }));
}

/** GET /fees/terms/?school= or ?academic_year= (a year of another school is 404). */
export async function listTerms(
  db: Db,
  schoolId: number,
  academicYearId: number | undefined,
  today = todayIn(),
) {
  if (academicYearId !== undefined) {
    await findInSchool(db, schoolId, academicYears, academicYearId, 'Academic year');
  }
  const where = and(
    eq(terms.schoolId, schoolId),
    academicYearId === undefined ? undefined : eq(terms.academicYearId, academicYearId),
  )!;
  return { terms: await selectTerms(db, where, today) };
}

async function getTerm(tx: Tx, schoolId: number, termId: number, today: string) {
  const [term] = await selectTerms(tx, ofSchool(terms, schoolId, termId), today);
  return term!;
}

/**
 * The academic year a term is put in: of the caller's school (404 otherwise) and holding the
 * term's dates (400). Shared-locked, so the year cannot shrink or vanish meanwhile.
 */
async function checkYear(
  tx: Tx,
  schoolId: number,
  yearId: number,
  dates: { start_date: string; end_date: string },
) {
  const year = await findInSchool(tx, schoolId, academicYears, yearId, 'Academic year', {
    columns: {
      name: academicYears.name,
      start_date: academicYears.startDate,
      end_date: academicYears.endDate,
    },
    lock: 'share',
  });
  if (!isWithin(dates, year)) {
    const field = dates.start_date < year.start_date ? 'start_date' : 'end_date';
    throw invalid(field, termOutsideYearMessage(year));
  }
}

/** POST /fees/terms/ */
export function createTerm(
  db: Db,
  schoolId: number,
  input: z.output<typeof createTermBody>,
  today = todayIn(),
) {
  return db.transaction(async (tx) => {
    const yearId = input.academic_year ?? null;
    if (yearId !== null) await checkYear(tx, schoolId, yearId, input);
    const [created] = await tx
      .insert(terms)
      .values({
        schoolId,
        academicYearId: yearId,
        name: input.name,
        startDate: input.start_date,
        endDate: input.end_date,
      })
      .returning({ id: terms.id });
    return getTerm(tx, schoolId, created!.id, today);
  });
}

/** PATCH /fees/terms/{id}/: dates and year are checked as they will be after the change. */
export function updateTerm(
  db: Db,
  schoolId: number,
  termId: number,
  input: z.output<typeof updateTermBody>,
  today = todayIn(),
) {
  return db.transaction(async (tx) => {
    const existing = await findInSchool(tx, schoolId, terms, termId, 'Term', {
      columns: {
        start_date: terms.startDate,
        end_date: terms.endDate,
        academicYearId: terms.academicYearId,
      },
      lock: 'update',
    });
    const dates = datesAfterChange(existing, input);
    const yearId =
      input.academic_year === undefined ? existing.academicYearId : input.academic_year;
    if (yearId !== null) await checkYear(tx, schoolId, yearId, dates);
    await tx
      .update(terms)
      .set({
        name: input.name,
        startDate: input.start_date,
        endDate: input.end_date,
        academicYearId: input.academic_year,
      })
      .where(ofSchool(terms, schoolId, termId));
    return getTerm(tx, schoolId, termId, today);
  });
}

/**
 * DELETE /fees/terms/{id}/: refused (409) while exams, fees or CBC progress report inputs
 * belong to the term.
 */
export const deleteTerm = (db: Db, schoolId: number, termId: number) =>
  deleteUnlessUsed(db, schoolId, terms, termId, 'Term', {
    usedBy: exams.termId,
    columns: { name: terms.name },
    inUseMessage: (term, count) => termHasExamsMessage(term.name, count),
    alsoCheck: async (tx, term) => {
      await assertTermFreeOfFees(tx, termId, term.name);
      await assertTermFreeOfReportInputs(tx, termId, term.name);
    },
  });
