import { z } from 'zod';
import { changesOf, clearableText, emailField, optionalEmail, phoneField } from './fields';
import {
  countyField,
  institutionName,
  institutionType,
  SCHOOL_LEVELS,
  schoolLevelsField,
} from './institution';
import { GRADING_SCHEMES } from './results/scheme';
import { REPORT_TEACHER_NAMES } from './teaching';
import { replaceCrestField } from './uploads';

/** The school's motto, printed under its name on every PDF ("Strive to Excel"). */
export const MOTTO_MAX = 100;

/**
 * GET /api/schools/{id}/ (and PATCH's answer): the school's profile, what results and printed
 * forms show of it.
 */
export const schoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "P.O. Box 123-00100, Nairobi", printed under the name on every PDF. */
  postal_address: z.string().nullable(),
  postal_code: z.string(),
  county: z.string(),
  phone_number: z.string(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  motto: z.string().nullable(),
  /** The crest: an upload of the school (a signed link in answers), or null. */
  logo: z.string().nullable(),
  /** One of INSTITUTION_TYPES' values (public: National … Sub-County; private kinds). */
  type: z.string(),
  /** The levels taught, in SCHOOL_LEVELS' order; empty for a school registered before them. */
  levels: z.array(z.enum(SCHOOL_LEVELS.map((l) => l.value) as [string, ...string[]])),
  /** The rule of the school's exam results; an exam may override it. */
  grading_scheme: z.enum(GRADING_SCHEMES),
  /** How report forms and the analysis print subject teachers: initials ("JM") or names. */
  report_teacher_names: z.enum(REPORT_TEACHER_NAMES),
});
export type School = z.infer<typeof schoolSchema>;

/**
 * PATCH /api/schools/{id}/ (admin): the profile's fields, any of them. `logo` takes the link an
 * upload answered (an upload of the school itself), or null to remove the crest.
 */
export const updateSchoolBody = changesOf({
  name: institutionName,
  phone_number: phoneField('Phone'),
  email: z.union([z.literal(''), z.null(), emailField]).transform((v) => v || null),
  postal_address: clearableText('Postal address', { max: 100 }),
  motto: clearableText('Motto', { max: MOTTO_MAX }),
  logo: replaceCrestField,
  county: countyField,
  type: institutionType,
  levels: schoolLevelsField,
  grading_scheme: z.enum(GRADING_SCHEMES, { error: 'Choose a grading scheme' }),
  report_teacher_names: z.enum(REPORT_TEACHER_NAMES, {
    error: 'Choose initials or names for the subject teachers',
  }),
});
export type UpdateSchoolBody = z.input<typeof updateSchoolBody>;

/** The profile form as the browser holds it: PATCH's fields, all present. */
export const schoolProfileFormSchema = z.object({
  name: institutionName,
  phone_number: phoneField('Phone'),
  email: optionalEmail,
  postal_address: clearableText('Postal address', { max: 100 }),
  motto: clearableText('Motto', { max: MOTTO_MAX }),
  county: countyField,
  type: institutionType,
  levels: schoolLevelsField,
});
export type SchoolProfileForm = z.input<typeof schoolProfileFormSchema>;
