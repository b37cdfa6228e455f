import { z } from 'zod';
import {
  asPhone,
  boundedText,
  LONG_TEXT_MAX,
  MESSAGES,
  passwordsPresent,
  phoneField,
  requiredSecret,
  SECRET_MAX,
  withPasswordRules,
} from './fields';
import { schoolInfoSchema } from './institution';
import { codeField } from './one-time-codes';
import { setupProgressSchema } from './setup-progress';

export const SIGNUP_MESSAGES = {
  incomplete: 'All fields have to be filled and valid',
  passwordsMatch: MESSAGES.passwordsMatch,
} as const;

const filled = (label: string) =>
  boundedText(
    z
      .string({ error: SIGNUP_MESSAGES.incomplete })
      .trim()
      .min(1, { error: SIGNUP_MESSAGES.incomplete, abort: true }),
    label,
  );

/** POST /api/users/signup/ */
export const signupBody = z.object({
  first_name: filled('First name'),
  last_name: filled('Last name'),
  username: filled('Username'),
  phone_number: asPhone(filled('Phone number')),
  password: withPasswordRules(requiredSecret('Password', SIGNUP_MESSAGES.incomplete)),
});
export type SignupBody = z.input<typeof signupBody>;

/** The sign-up form: the body plus the repeated password. */
export const signupFormSchema = signupBody
  .extend({ repeat_password: requiredSecret('Repeat password', SIGNUP_MESSAGES.incomplete) })
  .refine((f) => f.password === f.repeat_password, {
    message: SIGNUP_MESSAGES.passwordsMatch,
    path: ['repeat_password'],
    when: ({ value }) => passwordsPresent(value),
  });
export type SignupForm = z.input<typeof signupFormSchema>;

/** POST /api/users/login/ — username carries the phone number, read as any phone field reads it. */
export const loginBody = z.object({
  username: phoneField('Phone number'),
  password: boundedText(
    z.string({ error: 'Password is required' }).min(1, 'Password is required'),
    'Password',
    { max: SECRET_MAX },
  ),
});
export type LoginBody = z.input<typeof loginBody>;

export const refreshBody = z.object({
  refresh: boundedText(
    z.string({ error: 'Refresh token is required' }).min(1, 'Refresh token is required'),
    'Refresh token',
    { max: LONG_TEXT_MAX },
  ),
});

export const PASSWORD_MESSAGES = {
  wrongCurrent: 'Your current password is not correct',
  sameAsCurrent: 'Choose a new password that is different from the current one',
  changed: 'Your password has been changed. Other devices have been signed out.',
} as const;

/** POST /api/users/change_password/ — for teachers replacing their one-time password, and everyone. */
export const changePasswordBody = z.object({
  current_password: requiredSecret('Current password'),
  new_password: withPasswordRules(requiredSecret('New password')),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** A form's check that the new password was typed the same twice. */
const newPasswordRepeated = {
  message: MESSAGES.passwordsMatch,
  path: ['repeat_password'],
  when: ({ value }: { value: unknown }) => {
    const v = value as Record<string, unknown>;
    return passwordsPresent({ password: v.new_password, repeat_password: v.repeat_password });
  },
};
const repeatNewPassword = { repeat_password: requiredSecret('Repeat new password') };

export const changePasswordFormSchema = changePasswordBody
  .extend(repeatNewPassword)
  .refine((f) => f.new_password === f.repeat_password, newPasswordRepeated);
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** A fresh access token and refresh token: 200 from POST /api/token/refresh/. */
export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

/** 200 from POST /api/users/change_password/ */
export const changePasswordResponse = z.object({ message: z.string(), tokens: tokenPair });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/** 200 from POST /api/users/login/ */
export const loginResponse = z.object({
  tokens: tokenPair,
  user: z.object({
    id: z.number().int(),
    first_name: z.string(),
    school: schoolInfoSchema.nullable(),
  }),
  /** Said once, at the first sign-in after it happened: "You were added as a teacher at …". */
  notice: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** 201 from POST /api/users/signup/ (the access token is named `token` here, as older clients read it). */
export const signupResponse = z.object({
  message: z.string(),
  tokens: z.object({ token: z.string(), refresh: z.string() }),
});
export type SignupResponse = z.infer<typeof signupResponse>;

/** GET /api/users/user/: the signed-in user (never the password hash). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  phone_number: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.object({ name: z.string() })),
  school: schoolInfoSchema.nullable(),
  /** The password is still a one-time password: nothing but changing it is allowed. */
  password_change_required: z.boolean(),
  /**
   * Where the school's setup stands, for its admins; null for anyone else. The dashboard decides
   * from it whether to offer the wizard without asking GET /api/setup/ after this.
   */
  setup: setupProgressSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The claims of our access token. */
export interface AccessClaims {
  sub: string;
  school_id: number | null;
  roles: { name: string }[];
  /** The user's session version when signed: a later one (a new password, new roles) refuses it. */
  session_version: number;
  /** The sign-in it belongs to (a row of sessions): once that session ends, so does the token. */
  session_id: number;
  /** Present (true) while the password is a one-time password: the API refuses all but a few calls. */
  password_change_required?: true;
}

/** What the sign-in says, once, to someone an admin added to their school as a teacher. */
export const addedAsTeacherNotice = (schoolName: string) =>
  `You were added as a teacher at ${schoolName}`;

export const PASSWORD_RESET_MESSAGES = {
  /** The same for every phone: nothing says whether it has an account. */
  codeOnItsWay: (phone: string) =>
    `If ${phone} has a Shule account, a code is on its way to it by SMS.`,
  reset: 'Your password has been changed and every other device signed out.',
} as const;

/** POST /api/users/password_reset/: ask for a code by SMS. */
export const passwordResetRequestBody = z.object({ phone_number: phoneField('Phone number') });
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBody>;

/** POST /api/users/password_reset/confirm/: the code and the new password; signs in. */
export const passwordResetBody = z.object({
  phone_number: phoneField('Phone number'),
  code: codeField,
  new_password: withPasswordRules(requiredSecret('New password')),
});
export type PasswordResetBody = z.input<typeof passwordResetBody>;

/** The reset's last step on screen: the code and the new password twice. */
export const passwordResetFormSchema = passwordResetBody
  .extend(repeatNewPassword)
  .refine((f) => f.new_password === f.repeat_password, newPasswordRepeated);
export type PasswordResetForm = z.input<typeof passwordResetFormSchema>;

/** One place the user is signed in: a row of GET /api/users/sessions/. */
export const sessionSchema = z.object({
  id: z.number().int(),
  /** The browser and system it signed in with ("Chrome on Android"). */
  device: z.string(),
  /** The address it was last seen from; null when unknown. */
  address: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** 200 from GET /api/users/sessions/: the caller's active sessions, the latest seen first. */
export const sessionListResponse = z.object({ sessions: z.array(sessionSchema) });
export type SessionListResponse = z.infer<typeof sessionListResponse>;
