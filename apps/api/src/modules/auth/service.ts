import type {
  AccessClaims,
  ChangePasswordResponse,
  CurrentUser,
  changePasswordBody,
  LoginResponse,
  loginBody,
  SignupResponse,
  signupBody,
} from '@shule/shared/auth';
import { PASSWORD_MESSAGES } from '@shule/shared/auth';
import { LOGIN_FAILED_MESSAGE } from '@shule/shared/auth-constants';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { conflict, invalid, unauthorized } from '../../errors';
import {
  assertLoginAllowed,
  clearLoginFailures,
  recordLoginFailure,
  type ThrottleLimits,
} from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { issueRefreshToken, revokeUserRefreshTokens, rotateRefreshToken } from './refresh-tokens';
import { findUserWithRoles, isPhoneTaken, type UserWithRoles } from './users';

export interface AuthDeps {
  db: Db;
  signAccessToken(claims: AccessClaims): Promise<string>;
}

export const PHONE_TAKEN_MESSAGE = 'A user with this phone number already exists';

const claimsOf = (u: UserWithRoles): AccessClaims => ({
  sub: String(u.user.id),
  school_id: u.user.schoolId,
  roles: u.roles.map((name) => ({ name })),
});

export function toCurrentUser(u: UserWithRoles): CurrentUser {
  return {
    id: u.user.id,
    first_name: u.user.firstName,
    last_name: u.user.lastName,
    username: u.user.username,
    phone_number: u.user.phoneNumber,
    email: u.user.email,
    roles: u.roles.map((name) => ({ name })),
    school: u.school,
  };
}

export async function login(
  deps: AuthDeps,
  input: z.output<typeof loginBody>,
  address: string,
  limits: ThrottleLimits,
): Promise<LoginResponse> {
  const phone = input.username;
  await assertLoginAllowed(deps.db, phone, address, limits);
  const found = await findUserWithRoles(deps.db, { phone });
  if (!(await verifyPassword(found?.user.passwordHash, input.password)) || !found) {
    await recordLoginFailure(deps.db, phone, address);
    throw unauthorized(LOGIN_FAILED_MESSAGE, 'invalid_credentials');
  }
  await clearLoginFailures(deps.db, phone);
  return {
    tokens: {
      access: await deps.signAccessToken(claimsOf(found)),
      refresh: await issueRefreshToken(deps.db, found.user.id),
    },
    user: { id: found.user.id, first_name: found.user.firstName, school: found.school },
  };
}

export async function signup(
  deps: AuthDeps,
  input: z.output<typeof signupBody>,
): Promise<SignupResponse> {
  if (await isPhoneTaken(deps.db, input.phone_number)) throw conflict(PHONE_TAKEN_MESSAGE);
  const [created] = await deps.db
    .insert(users)
    .values({
      firstName: input.first_name,
      lastName: input.last_name,
      username: input.username,
      phoneNumber: input.phone_number,
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: users.id });
  const found = await findUserWithRoles(deps.db, { id: created!.id });
  return {
    message: 'Account created successfully',
    tokens: {
      token: await deps.signAccessToken(claimsOf(found!)),
      refresh: await issueRefreshToken(deps.db, created!.id),
    },
  };
}

export async function refresh(deps: AuthDeps, token: string) {
  const rotated = await rotateRefreshToken(deps.db, token);
  const found = await findUserWithRoles(deps.db, { id: rotated.userId });
  if (!found) throw unauthorized('Token is invalid or expired', 'token_not_valid');
  return { access: await deps.signAccessToken(claimsOf(found)), refresh: rotated.refresh };
}

export async function currentUser(db: Db, userId: number) {
  const found = await findUserWithRoles(db, { id: userId });
  if (!found) throw unauthorized('Your account no longer exists', 'token_not_valid');
  return toCurrentUser(found);
}

/**
 * Replaces the user's password (a teacher's one-time password, say). Every other session is
 * signed out; this one gets fresh tokens so the user stays in.
 */
export async function changePassword(
  deps: AuthDeps,
  userId: number,
  input: z.output<typeof changePasswordBody>,
): Promise<ChangePasswordResponse> {
  const found = await findUserWithRoles(deps.db, { id: userId });
  if (!found) throw unauthorized('Your account no longer exists', 'token_not_valid');
  if (!(await verifyPassword(found.user.passwordHash, input.current_password))) {
    throw invalid('current_password', PASSWORD_MESSAGES.wrongCurrent);
  }
  if (input.new_password === input.current_password) {
    throw invalid('new_password', PASSWORD_MESSAGES.sameAsCurrent);
  }
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.new_password) })
    .where(eq(users.id, userId));
  await revokeUserRefreshTokens(deps.db, userId);
  return {
    message: PASSWORD_MESSAGES.changed,
    tokens: {
      access: await deps.signAccessToken(claimsOf(found)),
      refresh: await issueRefreshToken(deps.db, userId),
    },
  };
}
