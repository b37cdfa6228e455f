import { z } from 'zod';

/**
 * Field schemas shared by every form and route. The messages are the product's (spec §5);
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
} as const;

export const required = (label: string) => `${label} is required`;

/** A required text field: trimmed, and '{label} is required' when empty. */
export const requiredText = (label: string) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label));

/** Optional text: empty strings and missing values both become undefined. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const PHONE_PATTERN = /^0\d{9}$/;
export const phoneField = (label = 'Phone number') =>
  requiredText(label).regex(PHONE_PATTERN, MESSAGES.phone);

export const emailField = z.email(MESSAGES.email);
export const optionalEmail = z
  .union([z.literal(''), z.email(MESSAGES.email)])
  .optional()
  .transform((v) => (v ? v : undefined));

export const personNameField = (label: string) =>
  requiredText(label).regex(/^\p{L}{2,}$/u, MESSAGES.personName);

/** At least 8 characters with letters and numbers (spec §9), on top of a form's own emptiness rule. */
export const withPasswordRules = (base: z.ZodString) =>
  base.min(8, MESSAGES.password).regex(/\p{L}/u, MESSAGES.password).regex(/\d/, MESSAGES.password);

/** A required password: kept exactly as typed (no trimming), so login compares what was set. */
export const requiredSecret = (label: string, message = required(label)) =>
  z.string({ error: message }).refine((v) => v.trim() !== '', { error: message, abort: true });

export const passwordField = withPasswordRules(requiredSecret('Password'));

/**
 * A "passwords match" check must run while other fields are still wrong (the forms validate on
 * every change), so it runs whenever both passwords are strings rather than only on a clean form.
 */
export const passwordsPresent = (value: unknown) => {
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

/** A required date; dates travel as yyyy-mm-dd. */
export const isoDateField = (label: string) =>
  requiredText(label).refine(isCalendarDate, `${label} must be a date (yyyy-mm-dd)`);

/** A positive integer id in a path or query string. */
export const idParam = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number');
