import { z } from 'zod';
import {
  acceptDateAliases,
  type DateRange,
  dateStatusSchema,
  endNotBeforeStart,
  endNotBeforeStartIssue,
} from './date-status';
import { changesOf, idField, isoDateField, requiredText, schoolRef } from './fields';
import { schoolQuery } from './school-scope';

/** An academic year id, or null/'' for a term that belongs to the school alone. */
const academicYearRef = z
  .union([z.literal(''), z.null(), idField('Academic year', 'Choose an academic year')], {
    error: 'Choose an academic year',
  })
  .optional()
  .transform((v) => (v === '' ? null : v));

const termFields = {
  name: requiredText('Name'),
  start_date: isoDateField('Start date'),
  end_date: isoDateField('End date'),
  academic_year: academicYearRef,
};

/** The term form. */
export const termFormSchema = z
  .object(termFields)
  .refine(endNotBeforeStart, endNotBeforeStartIssue);
export type TermForm = z.input<typeof termFormSchema>;

/** POST /api/fees/terms/ — also accepts the older `start`/`end` names. */
export const createTermBody = z.preprocess(
  acceptDateAliases,
  z.object({ ...termFields, school: schoolRef }).refine(endNotBeforeStart, endNotBeforeStartIssue),
);

/** PATCH /api/fees/terms/{id}/ */
export const updateTermBody = z.preprocess(
  acceptDateAliases,
  changesOf(termFields).refine(endNotBeforeStart, endNotBeforeStartIssue),
);

/** GET /api/fees/terms/?school= or ?academic_year= */
export const termsQuery = schoolQuery.extend({
  academic_year: idField('Academic year', 'Choose an academic year').optional(),
});

export const termSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: dateStatusSchema,
  academic_year: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  school: z.number().int(),
});
export type Term = z.infer<typeof termSchema>;

/** GET /api/fees/terms/ */
export const termListResponse = z.object({ terms: z.array(termSchema) });
export type TermList = z.infer<typeof termListResponse>;

/** A term lies within its academic year, both ends included. */
export const isWithin = (inner: DateRange, outer: DateRange) =>
  inner.start_date >= outer.start_date && inner.end_date <= outer.end_date;

export const termOutsideYearMessage = (year: { name: string } & DateRange) =>
  `The term must lie within its academic year ${year.name} (${year.start_date} to ${year.end_date})`;

export const termHasExamsMessage = (name: string, count: number) =>
  `${name} has ${count} exam${count === 1 ? '' : 's'}; move ${count === 1 ? 'it' : 'them'} to another term before deleting it`;

/**
 * The current term, where a screen opens (fees) or a new exam is filed: the one under way, else
 * the next to start, else the last to end (a school between terms is collecting the one just
 * finished or billing the next).
 */
export function defaultTerm<T extends Pick<Term, 'status' | 'start_date'>>(
  terms: readonly T[],
): T | undefined {
  const ongoing = terms.find((t) => t.status === 'Ongoing');
  if (ongoing) return ongoing;
  const byStart = [...terms].sort((a, b) => a.start_date.localeCompare(b.start_date));
  return (
    byStart.find((t) => t.status === 'Upcoming') ??
    byStart.filter((t) => t.status === 'Completed').at(-1) ??
    byStart.at(-1)
  );
}
