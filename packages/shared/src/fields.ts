import { z } from 'zod';

/**
 * Field schemas shared by every form and route. The messages are the product's;
 * change them here and both the browser and the API follow.
 */
export const MESSAGES = {
  institutionName: 'Institution name must be 2 or more characters',
  postalCode: 'Please enter a valid postal code',
  phone: "Phone number must be 10 digits starting with '0'",
  email: 'Please enter a valid email',
  year: 'Enter valid year',
  website: 'Please enter a valid url',
  personName:
    'Name must be 2 or more characters and should not contain numbers or any special characters',
  password: 'Password must be at least 8 characters long and contain both letters and numbers.',
  passwordsMatch: 'Passwords have to match',
  county: 'Please choose a county from the list',
  institutionType: 'Please choose an institution type',
  schoolLevels: 'Choose the levels the school teaches',
} as const;

export const required = (label: string) => `${label} is required`;

/**
 * Bounds every text field inherits: a length a column and a screen can hold, and no control
 * characters (PostgreSQL refuses NUL outright; the others only hide or break text). Tab and
 * newline are allowed only in multi-line fields (descriptions, comments).
 */
export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 2000;
export interface TextBounds {
  /** At most this many characters (default TEXT_MAX). */
  max?: number;
  /** A textarea: tab and newline are allowed. */
  multiline?: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const hasControlCharacters = (value: string, multiline = false) =>
  (multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(value);
export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters`;
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters`;

/** `base` with the length and character bounds of a text field called `label`. */
export const boundedText = (
  base: z.ZodString,
  label: string,
  { max = TEXT_MAX, multiline = false }: TextBounds = {},
) =>
  base
    .max(max, tooLongMessage(label, max))
    .refine((v) => !hasControlCharacters(v, multiline), controlCharactersMessage(label));

/** A required text field: trimmed, bounded, and '{label} is required' when empty. */
export const requiredText = (label: string, bounds?: TextBounds) =>
  boundedText(
    z
      .string({ error: required(label) })
      .trim()
      .min(1, required(label)),
    label,
    bounds,
  );

/** Optional text: bounded; empty strings and missing values both become undefined. */
export const optionalText = (label: string, bounds?: TextBounds) =>
  boundedText(z.string().trim(), label, bounds)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Text that may be cleared: bounded; '' and null become null, a missing value stays undefined. */
export const clearableText = (label: string, bounds?: TextBounds) =>
  boundedText(z.string().trim(), label, bounds)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** The stored form of a phone: ten digits starting with 0 (0712345678, 0112345678). */
export const PHONE_PATTERN = /^0\d{9}$/;

/**
 * A phone as people write it, in the stored 10-digit local form: spaces, dashes, dots and
 * brackets dropped; +254 or 254 then the nine digits after the 0 (an extra 0, "+254 (0)712…",
 * dropped too); nine digits starting 7 or 1, a 0 a spreadsheet dropped. Anything else comes
 * back as typed, trimmed, for PHONE_PATTERN to refuse.
 */
export function readPhone(text: string): string {
  const trimmed = text.trim();
  const digits = trimmed.replace(/[\s\-.()]/g, '');
  const international = /^\+?2540?([1-9]\d{8})$/.exec(digits);
  if (international) return `0${international[1]}`;
  if (/^[17]\d{8}$/.test(digits)) return `0${digits}`;
  if (PHONE_PATTERN.test(digits)) return digits;
  return trimmed;
}

/**
 * Every phone a form or route takes (logins, parents, teachers, schools, M-Pesa): read by
 * `readPhone`, so +254712345002 and 0712 345 003 are accepted and stored as 0712345002.
 */
export const phoneField = (label = 'Phone number') => asPhone(requiredText(label));

/** `text` (a field's own required-text rule) read as a phone, as `phoneField` reads one. */
export const asPhone = (text: z.ZodType<string, string>) =>
  text.transform(readPhone).pipe(z.string().regex(PHONE_PATTERN, MESSAGES.phone));

/** RFC 5321's limit on an address. */
export const EMAIL_MAX = 254;
export const emailField = z
  .email(MESSAGES.email)
  .max(EMAIL_MAX, tooLongMessage('Email', EMAIL_MAX));
export const optionalEmail = z
  .union([z.literal(''), emailField])
  .optional()
  .transform((v) => (v ? v : undefined));

export const personNameField = (label: string) =>
  requiredText(label).regex(/^\p{L}{2,}$/u, MESSAGES.personName);

/** At least 8 characters with letters and numbers, on top of a form's own emptiness rule. */
export const withPasswordRules = (base: z.ZodString) =>
  base.min(8, MESSAGES.password).regex(/\p{L}/u, MESSAGES.password).regex(/\d/, MESSAGES.password);

export const SECRET_MAX = 128;

/**
 * A required password: kept exactly as typed (no trimming), so login compares what was set;
 * bounded like any text.
 */
export const requiredSecret = (label: string, message = required(label)) =>
  boundedText(
    z.string({ error: message }).refine((v) => v.trim() !== '', { error: message, abort: true }),
    label,
    { max: SECRET_MAX },
  );

export const passwordField = withPasswordRules(requiredSecret('Password'));

/**
 * A "passwords match" check must run while other fields are still wrong (the forms validate on
 * every change), so it runs whenever both passwords are strings rather than only on a clean form.
 */
export const passwordsPresent = (value: unknown) => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.password === 'string' && typeof v.repeat_password === 'string';
};

export const isValidUrl = (value: string) => {
  try {
    const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    return url.hostname.includes('.') && !/\s/.test(value);
  } catch {
    return false;
  }
};

/** Years from 1900 to the current year, four digits starting 19 or 20. */
export const isValidYear = (value: string, now = new Date()) =>
  /^(19|20)\d{2}$/.test(value) && Number(value) <= now.getFullYear();

/** A real calendar date written yyyy-mm-dd (2024-02-30 is not one). */
export function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The dates the product deals in (births, school years, terms, exams); PostgreSQL has no year 0. */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';
export const isDateInRange = (value: string) => value >= MIN_DATE && value <= MAX_DATE;

/** A required date; dates travel as yyyy-mm-dd, from 1900-01-01 to 2100-12-31. */
export const isoDateField = (label: string) =>
  requiredText(label)
    .refine(isCalendarDate, `${label} must be a date (yyyy-mm-dd)`)
    .refine(
      (v) => !isCalendarDate(v) || isDateInRange(v),
      `${label} must be between ${MIN_DATE} and ${MAX_DATE}`,
    );

/** Ids are PostgreSQL integers: 1 to 2147483647. */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a path, a query string or a body (numeric strings are read as numbers). Named ids
 * answer '{label} is required' and friends; `message` replaces every message.
 */
export const idField = (label?: string, message?: string) =>
  z.coerce
    .number({ error: message ?? (label ? required(label) : 'Must be a number') })
    .int(message ?? (label ? `${label} must be a whole number` : 'Must be a whole number'))
    .positive(
      message ?? (label ? `${label} must be a positive number` : 'Must be a positive number'),
    )
    .max(MAX_ID, message ?? (label ? `${label} is not a valid id` : 'Must be a valid id'));

/** A positive integer id in a path or query string. */
export const idParam = idField();

/** An id as the key of a JSON object ({"12": 60}): the digits of an id from 1 to MAX_ID. */
export const idKey = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .refine((v) => Number(v) <= MAX_ID);

/** The school a client names in a query or body: optional, checked against the token, never trusted. */
export const schoolRef = idField('School').optional();

export const NOTHING_TO_CHANGE_MESSAGE = 'Nothing to change';

/** Whether a parsed change names nothing to change: `{}`, or only fields a schema left out. */
export const isNothingToChange = (value: unknown) =>
  typeof value !== 'object' ||
  value === null ||
  Object.values(value).every((field) => field === undefined);

/**
 * A PATCH body: any of `fields`, but at least one of them (an empty change is a client's
 * mistake). The API also refuses an empty change on every PATCH route whatever its schema
 * (apps/api/src/plugins/changes.ts); this refinement lets a form say so before sending.
 */
export const changesOf = <Shape extends z.ZodRawShape>(fields: Shape) =>
  z
    .object(fields)
    .partial()
    .refine((v) => !isNothingToChange(v), NOTHING_TO_CHANGE_MESSAGE);
