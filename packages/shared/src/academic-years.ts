import { z } from 'zod';
import {
  acceptDateAliases,
  type DateStatus,
  endNotBeforeStart,
  endNotBeforeStartIssue,
  schoolRef,
} from './date-status';
import { isoDateField, requiredText } from './fields';

const academicYearFields = {
  name: requiredText('Name'),
  start_date: isoDateField('Start date'),
  end_date: isoDateField('End date'),
};

/** The academic year form (name example '2022-2024'). */
export const academicYearFormSchema = z
  .object(academicYearFields)
  .refine(endNotBeforeStart, endNotBeforeStartIssue);
export type AcademicYearForm = z.input<typeof academicYearFormSchema>;

/** POST /api/fees/academic_years/ — also accepts the spec's `start`/`end`. */
export const createAcademicYearBody = z.preprocess(
  acceptDateAliases,
  z
    .object({ ...academicYearFields, school: schoolRef })
    .refine(endNotBeforeStart, endNotBeforeStartIssue),
);

/** PATCH /api/fees/academic_years/{id}/ — any of the fields; the dates are checked merged. */
export const updateAcademicYearBody = z.preprocess(
  acceptDateAliases,
  z.object(academicYearFields).partial().refine(endNotBeforeStart, endNotBeforeStartIssue),
);

export interface AcademicYear {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  status: DateStatus;
  school: number;
}

/** GET /api/fees/academic_years/ */
export interface AcademicYearList {
  academic_years: AcademicYear[];
}

export const yearHasTermsMessage = (name: string, count: number) =>
  `Academic year ${name} has ${count} term${count === 1 ? '' : 's'}; delete or move ${count === 1 ? 'it' : 'them'} first`;
