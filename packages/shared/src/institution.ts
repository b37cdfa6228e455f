import { z } from 'zod';
import { KENYAN_COUNTIES } from './counties';
import {
  isValidUrl,
  isValidYear,
  LONG_TEXT_MAX,
  MESSAGES,
  optionalEmail,
  optionalText,
  passwordField,
  passwordsPresent,
  personNameField,
  phoneField,
  requiredSecret,
  requiredText,
} from './fields';

/**
 * What a school is: public schools by the Ministry's categories (National, Extra-County,
 * County, Sub-County), then the private kinds. The value is what is stored.
 */
export const INSTITUTION_TYPES = [
  { value: 'NAT', label: 'National School', sector: 'public' },
  { value: 'XCT', label: 'Extra-County School', sector: 'public' },
  { value: 'CTY', label: 'County School', sector: 'public' },
  { value: 'SCT', label: 'Sub-County School', sector: 'public' },
  { value: 'IPS', label: 'Independent Private School', sector: 'private' },
  { value: 'FBS', label: 'Faith Based/Religious School', sector: 'private' },
  { value: 'INT', label: 'International School', sector: 'private' },
  { value: 'MNT', label: 'Montessori School', sector: 'private' },
  { value: 'SNS', label: 'Special Needs School', sector: 'private' },
  { value: 'other', label: 'Other', sector: 'private' },
] as const;
export type InstitutionType = (typeof INSTITUTION_TYPES)[number]['value'];

/** "Public · County School", "Private · Montessori School", "Other": as a form lists a type. */
export const institutionTypeLabel = (value: string) => {
  const type = INSTITUTION_TYPES.find((t) => t.value === value);
  if (!type) return value;
  if (type.value === 'other') return type.label;
  return `${type.sector === 'public' ? 'Public' : 'Private'} · ${type.label}`;
};

/** The levels a school teaches under the CBC (several at once: a comprehensive school). */
export const SCHOOL_LEVELS = [
  { value: 'pre_primary', label: 'Pre-primary (PP1–PP2)' },
  { value: 'primary', label: 'Primary (Grade 1–6)' },
  { value: 'junior', label: 'Junior School (Grade 7–9)' },
  { value: 'senior', label: 'Senior School / Secondary (Grade 10–12, Form 1–4)' },
] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number]['value'];
const schoolLevelValues = SCHOOL_LEVELS.map((l) => l.value) as [SchoolLevel, ...SchoolLevel[]];

const institutionTypeValues = INSTITUTION_TYPES.map((t) => t.value) as [string, ...string[]];

export const institutionName = requiredText('Institution name').min(2, MESSAGES.institutionName);
const postalCode = requiredText('Postal code').regex(/^\d+$/, MESSAGES.postalCode);
export const countyField = requiredText('County').refine(
  (v) => (KENYAN_COUNTIES as readonly string[]).includes(v),
  MESSAGES.county,
);
export const institutionType = requiredText('Type').refine(
  (v) => institutionTypeValues.includes(v),
  MESSAGES.institutionType,
);
/** One or more levels, each once, in the order of SCHOOL_LEVELS; one message, on the field. */
export const schoolLevelsField = z
  .array(z.string(), { error: MESSAGES.schoolLevels })
  .min(1, MESSAGES.schoolLevels)
  .refine(
    (levels) => levels.every((l) => (schoolLevelValues as string[]).includes(l)),
    MESSAGES.schoolLevels,
  )
  .transform((levels) => schoolLevelValues.filter((l) => levels.includes(l)));
const year = z
  .union([z.string(), z.number()], { error: 'Year is required' })
  .transform((v) => String(v).trim())
  .refine((v) => v.length > 0, 'Year is required')
  .refine((v) => v.length === 0 || isValidYear(v), MESSAGES.year);
const website = optionalText('Website').refine(
  (v) => v === undefined || isValidUrl(v),
  MESSAGES.website,
);

const registerSchoolAdmin = z.object({
  first_name: personNameField('First name'),
  last_name: personNameField('Last name'),
  email: optionalEmail,
  phone_number: phoneField('Admin phone'),
  password: passwordField,
});

/**
 * POST /api/schools/register_school/: the school and its first admin. The registration
 * form holds exactly this shape (plus the repeated password), so a field message the API answers
 * for `school.county` lands on the form's `school.county` input with no mapping in between.
 */
export const registerSchoolBody = z.object({
  school: z.object({
    name: institutionName,
    postal_code: postalCode,
    county: countyField,
    phone_number: phoneField('Phone'),
    email: optionalEmail,
    year_established: year,
    description: optionalText('Description', { max: LONG_TEXT_MAX, multiline: true }),
    type: institutionType,
    /** Optional for clients from before levels (stored as none); the form asks for them. */
    levels: schoolLevelsField.optional(),
    website,
    documents: optionalText('Documents', { max: LONG_TEXT_MAX }),
  }),
  admin: registerSchoolAdmin,
});
export type RegisterSchoolBody = z.input<typeof registerSchoolBody>;

/** The registration form as the browser holds it (checked on every change): the body above. */
export const registrationFormSchema = registerSchoolBody.extend({
  school: registerSchoolBody.shape.school.extend({ levels: schoolLevelsField }),
  admin: registerSchoolAdmin
    .extend({ repeat_password: requiredSecret('Repeat password') })
    .refine((admin) => admin.password === admin.repeat_password, {
      message: MESSAGES.passwordsMatch,
      path: ['repeat_password'],
      when: ({ value }) => passwordsPresent(value),
    }),
});
export type RegistrationForm = z.input<typeof registrationFormSchema>;

/** The school info the browser keeps after login or registration. */
export const schoolInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  postal_code: z.string(),
  phone_number: z.string(),
  email: z.string().nullable(),
});
export type SchoolInfo = z.infer<typeof schoolInfoSchema>;

/** 201 from POST /api/schools/register_school/ */
export const registerSchoolResponse = z.object({ message: z.string(), school: schoolInfoSchema });
export type RegisterSchoolResponse = z.infer<typeof registerSchoolResponse>;
