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

export const INSTITUTION_TYPES = [
  { value: 'IPS', label: 'Independent Private School' },
  { value: 'FBS', label: 'Faith Based/Religious School' },
  { value: 'INT', label: 'International School' },
  { value: 'MNT', label: 'Montessori School' },
  { value: 'SNS', label: 'Special Needs School' },
  { value: 'other', label: 'Other' },
] as const;

const institutionTypeValues = INSTITUTION_TYPES.map((t) => t.value) as [string, ...string[]];

const institutionName = requiredText('Institution name').min(2, MESSAGES.institutionName);
const postalCode = requiredText('Postal code').regex(/^\d+$/, MESSAGES.postalCode);
const county = requiredText('County').refine(
  (v) => (KENYAN_COUNTIES as readonly string[]).includes(v),
  MESSAGES.county,
);
const institutionType = requiredText('Type').refine(
  (v) => institutionTypeValues.includes(v),
  MESSAGES.institutionType,
);
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
 * POST /api/schools/register_school/ (spec §2): the school and its first admin. The registration
 * form holds exactly this shape (plus the repeated password), so a field message the API answers
 * for `school.county` lands on the form's `school.county` input with no mapping in between.
 */
export const registerSchoolBody = z.object({
  school: z.object({
    name: institutionName,
    postal_code: postalCode,
    county,
    phone_number: phoneField('Phone'),
    email: optionalEmail,
    year_established: year,
    description: optionalText('Description', { max: LONG_TEXT_MAX, multiline: true }),
    type: institutionType,
    website,
    documents: optionalText('Documents', { max: LONG_TEXT_MAX }),
  }),
  admin: registerSchoolAdmin,
});
export type RegisterSchoolBody = z.input<typeof registerSchoolBody>;

/** The registration form as the browser holds it (checked on every change): the body above. */
export const registrationFormSchema = registerSchoolBody.extend({
  admin: registerSchoolAdmin
    .extend({ repeat_password: requiredSecret('Repeat password') })
    .refine((admin) => admin.password === admin.repeat_password, {
      message: MESSAGES.passwordsMatch,
      path: ['repeat_password'],
      when: ({ value }) => passwordsPresent(value),
    }),
});
export type RegistrationForm = z.input<typeof registrationFormSchema>;

/** The school info the browser keeps after login or registration (spec §3). */
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
