import {
  type AcademicYear,
  type createAcademicYearBody,
  type updateAcademicYearBody,
  yearHasTermsMessage,
} from '@shule/shared/academic-years';
import { dateRangeStatus } from '@shule/shared/date-status';
import { todayIn } from '@shule/shared/school-time';
import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import { datesAfterChange } from '../../date-ranges';
import type { Db } from '../../db/client';
import { academicYears, terms } from '../../db/schema/index';
import { deleteUnlessUsed, findInSchool, ofSchool } from '../../db/school-rows';
import { invalid } from '../../errors';

const yearColumns = {
  id: academicYears.id,
  name: academicYears.name,
  start_date: academicYears.startDate,
  end_date: academicYears.endDate,
  school: academicYears.schoolId,
};

type YearRow = Omit<AcademicYear, 'status'>;
const withStatus = (row: YearRow, today: string): AcademicYear => ({
  ...row,
  status: dateRangeStatus(row, today),
});

/** GET /fees/academic_years/: the latest first. */
export async function listAcademicYears(db: Db, schoolId: number, today = todayIn()) {
  const rows = await db
    .select(yearColumns)
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .orderBy(desc(academicYears.startDate), desc(academicYears.id));
  return { academic_years: rows.map((row) => withStatus(row, today)) };
}

/** POST /fees/academic_years/ */
export async function createAcademicYear(
  db: Db,
  schoolId: number,
  input: z.output<typeof createAcademicYearBody>,
  today = todayIn(),
) {
  const [row] = await db
    .insert(academicYears)
    .values({
      schoolId,
      name: input.name,
      startDate: input.start_date,
      endDate: input.end_date,
    })
    .returning(yearColumns);
  return withStatus(row!, today);
}

/**
 * PATCH /fees/academic_years/{id}/: the dates are checked as they will be, and may not leave
 * one of the year's terms outside them. The lock keeps terms from being added meanwhile.
 */
export function updateAcademicYear(
  db: Db,
  schoolId: number,
  yearId: number,
  input: z.output<typeof updateAcademicYearBody>,
  today = todayIn(),
) {
  return db.transaction(async (tx) => {
    const existing = await findInSchool(tx, schoolId, academicYears, yearId, 'Academic year', {
      columns: yearColumns,
      lock: 'update',
    });
    const next = datesAfterChange(existing, input);
    const [outside] = await tx
      .select({ name: terms.name, start: terms.startDate, end: terms.endDate })
      .from(terms)
      .where(
        and(
          eq(terms.academicYearId, yearId),
          or(lt(terms.startDate, next.start_date), gt(terms.endDate, next.end_date)),
        ),
      )
      .orderBy(asc(terms.startDate))
      .limit(1);
    if (outside) {
      const field = outside.start < next.start_date ? 'start_date' : 'end_date';
      throw invalid(
        field,
        `${outside.name} (${outside.start} to ${outside.end}) would fall outside the academic year; change the term first`,
      );
    }
    const [row] = await tx
      .update(academicYears)
      .set({ name: input.name, startDate: input.start_date, endDate: input.end_date })
      .where(ofSchool(academicYears, schoolId, yearId))
      .returning(yearColumns);
    return withStatus(row!, today);
  });
}

/** DELETE /fees/academic_years/{id}/: refused (409) while the year has terms. */
export const deleteAcademicYear = (db: Db, schoolId: number, yearId: number) =>
  deleteUnlessUsed(db, schoolId, academicYears, yearId, 'Academic year', {
    usedBy: terms.academicYearId,
    columns: { name: academicYears.name },
    inUseMessage: (year, count) => yearHasTermsMessage(year.name, count),
  });
