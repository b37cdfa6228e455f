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
import { addedAsTeacherNotice, PASSWORD_MESSAGES } from '@shule/shared/auth';
import {
  DEACTIVATED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  TOKEN_NOT_VALID,
} from '@shule/shared/auth-constants';
import type { CodeSentResponse, codeConfirmBody } from '@shule/shared/one-time-codes';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { LoginLimits } from '../../config';
import type { Db, Tx } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { conflict, forbidden, invalid, notFound, unauthorized } from '../../errors';
import { type AuditEntryInput, recordAudit } from '../audit/index';
import { setupProgress } from '../setup/index';
import { type CodeDeps, sendCodeOrNotice, takeCode } from './one-time-codes';
import { hashPassword, verifyPassword } from './passwords';
import {
  issueRefreshToken,
  revokeUserRefreshTokens,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from './refresh-tokens';
import {
  endSessionIn,
  endSessionsIn,
  endSessionsOf,
  forgetSessionVersion,
  openSession,
  type SignInClient,
  touchSession,
} from './sessions';
import { checkPasswordThrottled } from './throttle';
import { findUserWithRoles, isPhoneTaken, type UserWithRoles } from './users';

export interface AuthDeps {
  db: Db;
  signAccessToken(claims: AccessClaims): Promise<string>;
}

export const PHONE_TAKEN_MESSAGE = 'A user with this phone number already exists';

const claimsOf = (u: UserWithRoles, sessionId: number): AccessClaims => ({
  sub: String(u.user.id),
  school_id: u.user.schoolId,
  roles: u.roles.map((name) => ({ name })),
  session_version: u.user.sessionVersion,
  session_id: sessionId,
  ...(u.user.mustChangePassword ? { password_change_required: true } : {}),
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
    password_change_required: u.user.mustChangePassword,
    setup: null,
  };
}

/**
 * The once-only notice of a sign-in: an account an admin linked to their school as a teacher
 * hears of it here, and the mark is cleared so the next sign-in says nothing.
 */
async function takeNotice(db: Db, u: UserWithRoles) {
  if (!u.user.addedToSchoolUnseen || !u.school) return null;
  await db.update(users).set({ addedToSchoolUnseen: false }).where(eq(users.id, u.user.id));
  return addedAsTeacherNotice(u.school.name);
}

export async function login(
  deps: AuthDeps,
  input: z.output<typeof loginBody>,
  client: SignInClient & { address: string },
  limits: LoginLimits,
): Promise<LoginResponse> {
  const { address } = client;
  const phone = input.username;
  const found = await findUserWithRoles(deps.db, { phone });
  const right = await checkPasswordThrottled(deps.db, phone, address, limits, () =>
    verifyPassword(found?.user.passwordHash, input.password),
  );
  if (!right || !found) throw unauthorized(LOGIN_FAILED_MESSAGE, 'invalid_credentials');
  // Only to the one who knows the password: a deactivated account is not revealed to a guesser.
  if (found.user.deactivatedAt) throw forbidden(DEACTIVATED_MESSAGE, 'account_deactivated');
  await recordAudit(deps.db, {
    schoolId: found.user.schoolId,
    actorUserId: found.user.id,
    action: 'signed_in',
    address,
  });
  return signedIn(deps, found, client);
}

/** A new session for `found` and its first token pair. */
async function openSessionWithTokens(deps: AuthDeps, found: UserWithRoles, client: SignInClient) {
  const sessionId = await openSession(deps.db, found.user, client);
  return {
    access: await deps.signAccessToken(claimsOf(found, sessionId)),
    refresh: await issueRefreshToken(deps.db, found.user.id, sessionId),
  };
}

/** A new login's answer for `found`: its session's tokens, who it is, and its once-only notice. */
export async function signedIn(
  deps: AuthDeps,
  found: UserWithRoles,
  client: SignInClient,
): Promise<LoginResponse> {
  return {
    tokens: await openSessionWithTokens(deps, found, client),
    user: { id: found.user.id, first_name: found.user.firstName, school: found.school },
    notice: await takeNotice(deps.db, found),
  };
}

export interface SignupDeps extends AuthDeps {
  codes: CodeDeps;
  /**
   * Whether a phone must be proved by a code before an account exists for it: when SMS can be
   * sent (a gateway is configured). In test mode nothing leaves the server, so no one could
   * finish, and sign-up creates the account at once as before (decision 025).
   */
  verifiesPhones: boolean;
}

export type SignupAnswer =
  | { status: 201; body: SignupResponse }
  | { status: 202; body: CodeSentResponse };

/** What waits with a sign-up's code until it comes back. */
const pendingSignUp = z.object({
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  password_hash: z.string(),
});
type PendingSignUp = z.infer<typeof pendingSignUp>;

async function createAccount(
  deps: AuthDeps,
  account: PendingSignUp & { phone: string },
  client: SignInClient,
) {
  if (await isPhoneTaken(deps.db, account.phone)) throw conflict(PHONE_TAKEN_MESSAGE);
  const [created] = await deps.db
    .insert(users)
    .values({
      firstName: account.first_name,
      lastName: account.last_name,
      username: account.username,
      phoneNumber: account.phone,
      passwordHash: account.password_hash,
    })
    .returning({ id: users.id });
  const found = await findUserWithRoles(deps.db, { id: created!.id });
  const { access, refresh } = await openSessionWithTokens(deps, found!, client);
  return { message: 'Account created successfully', tokens: { token: access, refresh } };
}

/**
 * POST /users/signup/. With SMS configured, a code goes to the phone and the account is made
 * when it comes back (`confirmSignup`); a phone that already has an account gets an SMS saying
 * someone tried, and the answer is the same 202, so the screen tells no one whether a number is
 * in use. In test mode the account is made at once (201), or 409 for a phone in use.
 */
export async function signup(
  deps: SignupDeps,
  input: z.output<typeof signupBody>,
  client: SignInClient & { address: string },
): Promise<SignupAnswer> {
  const { address } = client;
  const phone = input.phone_number;
  const password_hash = await hashPassword(input.password);
  const account = {
    first_name: input.first_name,
    last_name: input.last_name,
    username: input.username,
    password_hash,
  };
  if (!deps.verifiesPhones) {
    return { status: 201, body: await createAccount(deps, { ...account, phone }, client) };
  }
  return sendCodeOrNotice(deps.codes, {
    purpose: 'sign_up',
    phone,
    address,
    inUse: await isPhoneTaken(deps.db, phone),
    pending: account,
    toFinish: 'to finish creating your account',
  });
}

/** POST /users/signup/confirm/: the code from the SMS makes the account and signs it in. */
export async function confirmSignup(
  deps: SignupDeps,
  input: z.output<typeof codeConfirmBody>,
  client: SignInClient,
): Promise<SignupResponse> {
  const taken = await takeCode(deps.codes, {
    purpose: 'sign_up',
    phone: input.phone_number,
    code: input.code,
  });
  return createAccount(
    deps,
    { ...pendingSignUp.parse(taken.pending), phone: input.phone_number },
    client,
  );
}

const refreshNotValid = () => unauthorized('Token is invalid or expired', TOKEN_NOT_VALID);

/**
 * A new token pair of the same session for a refresh token, the session seen now from
 * `address`; a spent one presented again ends all the user's sessions.
 */
export async function refresh(deps: AuthDeps, token: string, address: string | null) {
  const rotated = await rotateRefreshToken(deps.db, token);
  if (rotated === null) throw refreshNotValid();
  if ('reusedBy' in rotated) {
    await endSessionsOf(deps.db, rotated.reusedBy);
    throw refreshNotValid();
  }
  const found = await findUserWithRoles(deps.db, { id: rotated.userId });
  if (!found || found.user.deactivatedAt) throw refreshNotValid();
  await touchSession(deps.db, rotated.sessionId, address);
  return {
    access: await deps.signAccessToken(claimsOf(found, rotated.sessionId)),
    refresh: rotated.refresh,
  };
}

/**
 * Logout: the refresh token's session ends (its refresh tokens revoked, its access tokens
 * answer 401); the user's other sessions go on. Recorded as signed_out. An unknown token, or
 * one whose session already ended, changes nothing.
 */
export async function logout(db: Db, refreshToken: string, address: string) {
  const known = await sessionOfRefreshToken(db, refreshToken);
  if (!known) return;
  const ended = await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ schoolId: users.schoolId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, known.sessionId), isNull(sessions.endedAt)));
    if (!live) return false;
    await endSessionIn(tx, known.userId, known.sessionId);
    await recordAudit(tx, {
      schoolId: live.schoolId,
      actorUserId: known.userId,
      action: 'signed_out',
      address,
    });
    return true;
  });
  if (ended) forgetSessionVersion(db, known.userId);
}

/**
 * Ends the user's session `sessionId` (POST /users/sessions/{id}/end/), or every one of them
 * with 'all' (POST /users/sessions/end_all/), recorded as signed_out. A session of someone
 * else answers 404, as one that never was.
 */
export async function endOwnSessions(
  db: Db,
  user: { id: number; schoolId: number | null },
  which: number | 'all',
  address: string,
) {
  await db.transaction(async (tx) => {
    if (which === 'all') await endSessionsIn(tx, user.id);
    else if (!(await endSessionIn(tx, user.id, which))) throw notFound('Session');
    await recordAudit(tx, {
      schoolId: user.schoolId,
      actorUserId: user.id,
      action: 'signed_out',
      address,
    });
  });
  forgetSessionVersion(db, user.id);
}

/**
 * GET /users/user/: the user, and for a school's admin where its setup stands (one query more),
 * so the dashboard, opened first, knows at once whether to offer the wizard.
 */
export async function currentUser(db: Db, userId: number): Promise<CurrentUser> {
  const found = await findUserWithRoles(db, { id: userId });
  if (!found) throw unauthorized('Your account no longer exists', 'token_not_valid');
  const user = toCurrentUser(found);
  if (found.school && found.roles.includes('admin')) {
    return { ...user, setup: await setupProgress(db, found.school.id) };
  }
  return user;
}

/**
 * Sets the password of `user` inside `tx` (no longer one to change first), ends every session
 * of it but `keep` and revokes every refresh token (`keep`'s holder gets a new one; call
 * forgetSessionVersion once `tx` is committed), and records `audit` as the user's own act.
 */
export async function replacePassword(
  tx: Tx,
  user: { id: number; schoolId: number | null },
  passwordHash: string,
  audit: Pick<AuditEntryInput, 'action' | 'subjectType' | 'subjectId' | 'address'>,
  keep?: number,
) {
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(users.id, user.id));
  await endSessionsIn(tx, user.id, keep);
  await revokeUserRefreshTokens(tx, user.id);
  await recordAudit(tx, { schoolId: user.schoolId, actorUserId: user.id, ...audit });
}

/**
 * Replaces the user's password (a teacher's one-time password, say), recorded as
 * password_changed. Every other session ends, its access tokens at once; this one goes on with
 * fresh tokens (no longer marked for a password change).
 */
export async function changePassword(
  deps: AuthDeps,
  { userId, sessionId }: { userId: number; sessionId: number },
  input: z.output<typeof changePasswordBody>,
  address: string,
  limits: LoginLimits,
): Promise<ChangePasswordResponse> {
  const found = await findUserWithRoles(deps.db, { id: userId });
  if (!found) throw unauthorized('Your account no longer exists', 'token_not_valid');
  // A guess at the current password is a guess at the login's: the same limits hold.
  const right = await checkPasswordThrottled(deps.db, found.user.phoneNumber, address, limits, () =>
    verifyPassword(found.user.passwordHash, input.current_password),
  );
  if (!right) throw invalid('current_password', PASSWORD_MESSAGES.wrongCurrent);
  if (input.new_password === input.current_password) {
    throw invalid('new_password', PASSWORD_MESSAGES.sameAsCurrent);
  }
  const passwordHash = await hashPassword(input.new_password);
  const refresh = await deps.db.transaction(async (tx) => {
    await replacePassword(
      tx,
      found.user,
      passwordHash,
      { action: 'password_changed', address },
      sessionId,
    );
    return issueRefreshToken(tx, userId, sessionId);
  });
  forgetSessionVersion(deps.db, userId);
  const changed = { ...found, user: { ...found.user, mustChangePassword: false } };
  return {
    message: PASSWORD_MESSAGES.changed,
    tokens: { access: await deps.signAccessToken(claimsOf(changed, sessionId)), refresh },
  };
}
