import { z } from 'zod';
import { KENYAN_COUNTIES } from './counties';
import { boundedText, type TextBounds } from './fields';

/**
 * The government's learner register (NEMIS, becoming KEMIS): what the Ministry asks
 * of every school about each learner, beyond the name, birth date, gender and class. Every
 * field is optional (a learner without a birth certificate is registered all the same).
 */
export const LEARNER_RECORD_MESSAGES = {
  upi: 'UPI must be letters and digits only',
  birthCertificate: 'Birth certificate number must be letters, digits, / or - only',
  indexNumber: 'Index number must be 11 digits',
  county: 'Choose one of the 47 counties',
  nhif: 'NHIF/SHA number must be letters and digits only',
  nationalId: 'National ID number must be 6 to 9 digits',
  upiTaken: (upi: string) => `UPI ${upi} is already another student's in this school`,
  assessmentNumber: 'Assessment Number must be letters and digits only',
  assessmentNumberTaken: (number: string) =>
    `Assessment Number ${number} is already another student's in this school`,
  reOption: 'Choose CRE, IRE or HRE',
  kiswahiliOption: 'Choose Kiswahili or KSL',
  specialNeedsCode: 'Special-needs code must be letters and digits only',
} as const;

/** Text that may be cleared ('' and null become null) and, when given, matches `pattern`. */
const clearableMatching = (
  label: string,
  pattern: RegExp,
  message: string,
  bounds?: TextBounds,
  normalise: (v: string) => string = (v) => v,
) =>
  boundedText(z.string().trim(), label, bounds)
    .refine((v) => v === '' || pattern.test(v), message)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? normalise(v) : null));

const clearable = (label: string, bounds?: TextBounds) =>
  boundedText(z.string().trim(), label, bounds)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

const upperCase = (v: string) => v.toUpperCase();

/** A KNEC index (or assessment) number: KCPE, KPSEA and KJSEA numbers are 11 digits. */
export const INDEX_NUMBER_PATTERN = /^\d{11}$/;
export const entryIndexNumberField = clearableMatching(
  'Index number',
  INDEX_NUMBER_PATTERN,
  LEARNER_RECORD_MESSAGES.indexNumber,
  { max: 11 },
);

export const countyField = z
  .union([z.enum(KENYAN_COUNTIES), z.literal('').transform(() => null), z.null()], {
    error: LEARNER_RECORD_MESSAGES.county,
  })
  .optional();

export const parentNationalIdField = clearableMatching(
  'National ID number',
  /^\d{6,9}$/,
  LEARNER_RECORD_MESSAGES.nationalId,
  { max: 9 },
);

/** The student's own register fields, as PATCH /students/{id}/ and the import take them. */
export const learnerRecordFields = {
  upi: clearableMatching(
    'UPI',
    /^[A-Za-z0-9]+$/,
    LEARNER_RECORD_MESSAGES.upi,
    { max: 20 },
    upperCase,
  ),
  birth_certificate_number: clearableMatching(
    'Birth certificate number',
    /^[A-Za-z0-9/-]+$/,
    LEARNER_RECORD_MESSAGES.birthCertificate,
    { max: 20 },
    upperCase,
  ),
  nationality: clearable('Nationality', { max: 60 }),
  county: countyField,
  sub_county: clearable('Sub-county', { max: 100 }),
  special_needs: clearable('Special needs', { max: 500, multiline: true }),
  medical_condition: clearable('Medical condition', { max: 500, multiline: true }),
  nhif_number: clearableMatching(
    'NHIF/SHA number',
    /^[A-Za-z0-9]+$/,
    LEARNER_RECORD_MESSAGES.nhif,
    { max: 20 },
    upperCase,
  ),
};

/** The register fields as a student's answers carry them (null when not recorded). */
export const learnerRecordSchema = z.object({
  upi: z.string().nullable(),
  birth_certificate_number: z.string().nullable(),
  nationality: z.string().nullable(),
  county: z.string().nullable(),
  sub_county: z.string().nullable(),
  special_needs: z.string().nullable(),
  medical_condition: z.string().nullable(),
  nhif_number: z.string().nullable(),
});
export type LearnerRecord = z.infer<typeof learnerRecordSchema>;

/** Labels of the register fields, as the student page and the NEMIS export name them. */
export const LEARNER_RECORD_LABELS: Record<keyof LearnerRecord, string> = {
  upi: 'UPI',
  birth_certificate_number: 'Birth certificate number',
  nationality: 'Nationality',
  county: 'County',
  sub_county: 'Sub-county',
  special_needs: 'Special needs',
  medical_condition: 'Medical condition',
  nhif_number: 'NHIF/SHA number',
};

/** The Religious Education a learner takes: Christian, Islamic or Hindu. */
export const RE_OPTIONS = ['CRE', 'IRE', 'HRE'] as const;
export type ReOption = (typeof RE_OPTIONS)[number];
export const RE_OPTION_LABELS: Record<ReOption, string> = {
  CRE: 'CRE - Christian Religious Education',
  IRE: 'IRE - Islamic Religious Education',
  HRE: 'HRE - Hindu Religious Education',
};
/** Kiswahili, or Kenyan Sign Language in its place. */
export const KISWAHILI_OPTIONS = ['KIS', 'KSL'] as const;
export type KiswahiliOption = (typeof KISWAHILI_OPTIONS)[number];
export const KISWAHILI_OPTION_LABELS: Record<KiswahiliOption, string> = {
  KIS: 'Kiswahili',
  KSL: 'KSL - Kenyan Sign Language',
};

/** One of `options`, or cleared ('' and null become null). */
const clearableChoice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z
    .union([z.enum(options), z.literal('').transform(() => null), z.null()], { error: message })
    .optional();

/**
 * What KNEC's CBA portal keeps of each learner for school-based assessment (packages/shared/src/
 * sba.ts exports them): the Assessment Number (issued in Grade 3), the names in the birth
 * certificate's order (when they differ from first name then last name), the RE option,
 * Kiswahili or KSL, and the special-needs code. Every field is optional.
 */
export const knecRecordFields = {
  assessment_number: clearableMatching(
    'Assessment Number',
    /^[A-Za-z0-9]+$/,
    LEARNER_RECORD_MESSAGES.assessmentNumber,
    { max: 20 },
    upperCase,
  ),
  birth_certificate_names: clearable('Names as on the birth certificate', { max: 150 }),
  re_option: clearableChoice(RE_OPTIONS, LEARNER_RECORD_MESSAGES.reOption),
  kiswahili_option: clearableChoice(KISWAHILI_OPTIONS, LEARNER_RECORD_MESSAGES.kiswahiliOption),
  special_needs_code: clearableMatching(
    'Special-needs code',
    /^[A-Za-z0-9]+$/,
    LEARNER_RECORD_MESSAGES.specialNeedsCode,
    { max: 10 },
    upperCase,
  ),
};

export const knecRecordSchema = z.object({
  assessment_number: z.string().nullable(),
  birth_certificate_names: z.string().nullable(),
  re_option: z.enum(RE_OPTIONS).nullable(),
  kiswahili_option: z.enum(KISWAHILI_OPTIONS).nullable(),
  special_needs_code: z.string().nullable(),
});
export type KnecRecord = z.infer<typeof knecRecordSchema>;

export const KNEC_RECORD_LABELS: Record<keyof KnecRecord, string> = {
  assessment_number: 'Assessment Number',
  birth_certificate_names: 'Names as on the birth certificate',
  re_option: 'RE option',
  kiswahili_option: 'Kiswahili or KSL',
  special_needs_code: 'Special-needs code',
};

/**
 * The student page's "Learner record" dialog: the register fields, KNEC's, the index number and
 * the parent's national ID (sent only when the student has a parent), as PATCH takes them.
 */
export const learnerRecordFormSchema = z.object({
  ...learnerRecordFields,
  ...knecRecordFields,
  entry_index_number: entryIndexNumberField,
  parent_national_id_number: parentNationalIdField,
});
export type LearnerRecordForm = z.input<typeof learnerRecordFormSchema>;
