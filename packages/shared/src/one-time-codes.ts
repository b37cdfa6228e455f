import { z } from 'zod';
import { phoneField, requiredText } from './fields';

/**
 * Codes sent by SMS to prove a phone is the person's: a password reset, the end of a sign-up or
 * a school's registration (and the parents' sign-in to come). One machinery for all of them in
 * apps/api/src/modules/auth/one-time-codes.ts.
 */
export const CODE_PURPOSES = ['password_reset', 'sign_up', 'school_registration'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const CODE_DIGITS = 6;
export const CODE_LIFETIME_MINUTES = 5;
/** Wrong tries a code takes before it is no use. */
export const CODE_TRIES = 5;

export const CODE_MESSAGES = {
  wrong: 'That code is not right',
  expired: 'That code has expired',
  tooManyTries: 'That code was tried too many times: ask for a new one',
  format: `The code is the ${CODE_DIGITS} digits in the SMS`,
} as const;

/** The code as typed: spaces dropped ("123 456"), then six digits. */
export const codeField = requiredText('Code')
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), CODE_MESSAGES.format));

/** The form of the step that asks for the code (sign-up, registration). */
export const codeFormSchema = z.object({ code: codeField });
export type CodeForm = z.input<typeof codeFormSchema>;

const WHAT_FOR: Record<CodePurpose, string> = {
  password_reset: 'to reset your Shule password',
  sign_up: 'to finish creating your Shule account',
  school_registration: 'to finish registering your school on Shule',
};

/** The whole SMS: the code and what it is for, nothing else. */
export const codeSmsText = (purpose: CodePurpose, code: string) =>
  `${code} is your code ${WHAT_FOR[purpose]}. It expires in ${CODE_LIFETIME_MINUTES} minutes. Do not share it.`;

/**
 * The SMS to the owner of a phone someone tried to sign up or register a school with: the
 * answer on the screen is the same as for a new phone, so only the phone's owner learns it.
 */
export const PHONE_IN_USE_SMS = {
  sign_up:
    'Someone tried to create a Shule account with this number, which has one. If it was you, sign in or use "Forgot password?". If not, ignore this SMS.',
  school_registration:
    'Someone tried to register a school on Shule with this number, which has an account. If it was you, sign in first. If not, ignore this SMS.',
} as const;

/** A phone and the code sent to it: what finishes a sign-up or a registration. */
export const codeConfirmBody = z.object({
  phone_number: phoneField('Phone number'),
  code: codeField,
});
export type CodeConfirmBody = z.input<typeof codeConfirmBody>;

/**
 * 202 from every request that sends a code: the same answer whether or not the phone has an
 * account. `test_mode`: SMS are not configured (SMS_DRIVER=test), so nothing leaves the server.
 */
export const codeSentResponse = z.object({
  message: z.string(),
  phone_number: z.string(),
  test_mode: z.boolean(),
});
export type CodeSentResponse = z.infer<typeof codeSentResponse>;

/** What the answer says when a code (or, for a phone in use, a notice) went out. */
export const codeSentMessage = (phone: string, toFinish: string) =>
  `We sent an SMS to ${phone}. Enter the code it holds ${toFinish}.`;
