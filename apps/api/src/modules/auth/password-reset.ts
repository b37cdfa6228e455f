import {
  type LoginResponse,
  PASSWORD_RESET_MESSAGES,
  type passwordResetBody,
} from '@shule/shared/auth';
import { DEACTIVATED_MESSAGE } from '@shule/shared/auth-constants';
import { CODE_MESSAGES, type CodeSentResponse } from '@shule/shared/one-time-codes';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index';
import { forbidden, invalid } from '../../errors';
import { type CodeDeps, issueCode, takeCode } from './one-time-codes';
import { hashPassword } from './passwords';
import { type AuthDeps, replacePassword, signedIn } from './service';
import { forgetSessionVersion, type SignInClient } from './sessions';
import { findUserWithRoles } from './users';

/**
 * Forgot password: a code by SMS to the account's phone, then a new password with it. Nothing
 * tells whether a phone has an account: the answer is the same, a phone without one (or a
 * deactivated one) gets a code row no SMS carries, counted and answered alike (one-time-codes.ts).
 */

export interface PasswordResetDeps extends AuthDeps {
  codes: CodeDeps;
  /** SMS_DRIVER=test: no SMS leaves the server, and the answer says so. */
  smsTestMode: boolean;
}

/** POST /users/password_reset/ */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  phone: string,
  address: string,
): Promise<CodeSentResponse> {
  const [account] = await deps.db
    .select({ id: users.id, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.phoneNumber, phone));
  const usable = account && !account.deactivatedAt ? account.id : null;
  await issueCode(deps.codes, {
    purpose: 'password_reset',
    phone,
    address,
    userId: usable,
    send: usable !== null,
  });
  return {
    message: PASSWORD_RESET_MESSAGES.codeOnItsWay(phone),
    phone_number: phone,
    test_mode: deps.smsTestMode,
  };
}

/**
 * POST /users/password_reset/confirm/: with the code, the password is replaced, every session
 * of the account ends (its refresh tokens revoked, its access tokens refused: decision 010),
 * the reset is audit-logged, and this device is signed in. A one-time password an admin gave is
 * replaced too: the person chose this one.
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  input: z.output<typeof passwordResetBody>,
  client: SignInClient & { address: string },
): Promise<LoginResponse> {
  const taken = await takeCode(deps.codes, {
    purpose: 'password_reset',
    phone: input.phone_number,
    code: input.code,
  });
  // A phone without an account got no SMS: a right guess of its code is still not right.
  if (taken.userId === null) throw invalid('code', CODE_MESSAGES.wrong);
  const userId = taken.userId;
  const found = await findUserWithRoles(deps.db, { id: userId });
  if (!found || found.user.phoneNumber !== input.phone_number) {
    throw invalid('code', CODE_MESSAGES.wrong);
  }
  if (found.user.deactivatedAt) throw forbidden(DEACTIVATED_MESSAGE, 'account_deactivated');
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction((tx) =>
    replacePassword(tx, found.user, passwordHash, {
      action: 'password_reset',
      subjectType: 'user',
      subjectId: userId,
      address: client.address,
    }),
  );
  forgetSessionVersion(deps.db, userId);
  return signedIn(deps, { ...found, user: { ...found.user, mustChangePassword: false } }, client);
}
