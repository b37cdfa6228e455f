// Apart from auth.ts and its zod schemas: the web app's first load needs these two and not zod.

/** What a failed login says, without a hint of which of the two was wrong. */
export const LOGIN_FAILED_MESSAGE = 'Login Failed. Please check phone number and password';

/** The `code` of a 401 for an access or refresh token that is no longer valid: sign in again. */
export const TOKEN_NOT_VALID = 'token_not_valid';

/** 403 from sign-in for an account an administrator deactivated (a teacher who left). */
export const DEACTIVATED_MESSAGE =
  "This account has been deactivated. Ask your school's administrator.";

/**
 * The `code` and message of the 403 every call but the password change, the own account and
 * logout answers while the account still has its one-time password.
 */
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required';
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Change your one-time password to continue';
