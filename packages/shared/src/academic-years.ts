import { z } from 'zod';
import {
  acceptDateAliases,
  dateStatusSchema,
  endNotBeforeStart,
  endNotBeforeStartIssue,
} from './date-status';
import { changesOf, isoDateField, requiredText, schoolRef } from './fields';

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

/** POST /api/fees/academic_years/ — also accepts the older `start`/`end` names. */
export const createAcademicYearBody = z.preprocess(
  acceptDateAliases,
  z
    .object({ ...academicYearFields, school: schoolRef })
    .refine(endNotBeforeStart, endNotBeforeStartIssue),
);

/** PATCH /api/fees/academic_years/{id}/ — any of the fields; the dates are checked merged. */
export const updateAcademicYearBody = z.preprocess(
  acceptDateAliases,
  changesOf(academicYearFields).refine(endNotBeforeStart, endNotBeforeStartIssue),
);

export const academicYearSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: dateStatusSchema,
  school: z.number().int(),
});
export type AcademicYear = z.infer<typeof academicYearSchema>;

/** GET /api/fees/academic_years/ */
export const academicYearListResponse = z.object({ academic_years: z.array(academicYearSchema) });
export type AcademicYearList = z.infer<typeof academicYearListResponse>;

export const yearHasTermsMessage = (name: string, count: number) =>
  `Academic year ${name} has ${count} term${count === 1 ? '' : 's'}; delete or move ${count === 1 ? 'it' : 'them'} first`;
