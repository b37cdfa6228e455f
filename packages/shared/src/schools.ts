import { z } from 'zod';
import { changesOf, clearableText } from './fields';
import { GRADING_SCHEMES } from './results/scheme';
import { REPORT_TEACHER_NAMES } from './teaching';

/** GET /api/schools/{id}/ (and PATCH's answer): what results and printed forms show of a school. */
export const schoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "P.O. Box 123-00100, Nairobi", printed under the name on report forms. */
  postal_address: z.string().nullable(),
  postal_code: z.string(),
  county: z.string(),
  phone_number: z.string(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logo: z.string().nullable(),
  /** The rule of the school's exam results; an exam may override it. */
  grading_scheme: z.enum(GRADING_SCHEMES),
  /** How report forms and the analysis print subject teachers: initials ("JM") or names. */
  report_teacher_names: z.enum(REPORT_TEACHER_NAMES),
});
export type School = z.infer<typeof schoolSchema>;

/** PATCH /api/schools/{id}/ (admin). */
export const updateSchoolBody = changesOf({
  grading_scheme: z.enum(GRADING_SCHEMES, { error: 'Choose a grading scheme' }),
  postal_address: clearableText('Postal address', { max: 100 }),
  report_teacher_names: z.enum(REPORT_TEACHER_NAMES, {
    error: 'Choose initials or names for the subject teachers',
  }),
});
export type UpdateSchoolBody = z.input<typeof updateSchoolBody>;
