import type { AccessClaims } from '@shule/shared/auth';
import type { RoleName } from '@shule/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { forbidden, unauthorized } from '../errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';
/** Checked tokens kept (about 100 bytes each); past it the oldest is forgotten. */
const MAX_VERIFIED_TOKENS = 10_000;

const tokenNotValid = () =>
  unauthorized('Given token not valid for any token type', 'token_not_valid');

interface VerifiedToken {
  user: Readonly<AuthUser>;
  sessionVersion: number;
}

export interface AuthUser {
  id: number;
  schoolId: number | null;
  roles: string[];
  /** The sign-in the token belongs to (modules/auth/sessions.ts). */
  sessionId: number;
  /** The password is still a one-time password (plugins/access.ts refuses most routes). */
  passwordChangeRequired: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid bearer access token, or 401. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler hook: the signed-in user holds one of `roles`, or 403. */
    requireRole(...roles: RoleName[]): (request: FastifyRequest) => Promise<void>;
    signAccessToken(claims: AccessClaims): Promise<string>;
  }
  interface FastifyRequest {
    user: AuthUser;
    /** The caller's school, from the token; 403 when the account has none. */
    schoolId(): number;
    /** 403 when a school named by the client is not the caller's own: a token reaches one school only. */
    assertOwnSchool(schoolParam: number | undefined): number;
    /** assertOwnSchool for both `school` and `school_id` of a query string. */
    assertOwnSchoolIn(query: { school?: number; school_id?: number }): number;
  }
}

export interface AuthOptions {
  secret: string;
  /**
   * The user's current session version while the session is theirs and has not ended
   * (modules/auth/sessions.ts), else null. A token signed with another version answers 401.
   */
  liveSessionVersion(userId: number, sessionId: number): Promise<number | null>;
}

export default fp(async function auth(app: FastifyInstance, opts: AuthOptions) {
  // Imported once: handed the raw bytes, jose imports a key on every call, which tripled the
  // cost of checking a token (~200 µs against ~60 µs per request on the 2-core machine).
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(opts.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

  app.decorate('signAccessToken', (claims: AccessClaims) =>
    new SignJWT({
      school_id: claims.school_id,
      roles: claims.roles,
      session_version: claims.session_version,
      session_id: claims.session_id,
      ...(claims.password_change_required ? { password_change_required: true } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key),
  );

  app.decorateRequest('user', null as unknown as AuthUser);

  app.decorateRequest('schoolId', function (this: FastifyRequest) {
    if (this.user?.schoolId == null) throw forbidden('Your account is not linked to a school');
    return this.user.schoolId;
  });

  app.decorateRequest('assertOwnSchool', function (this: FastifyRequest, schoolParam?: number) {
    const own = this.schoolId();
    if (schoolParam !== undefined && schoolParam !== own) {
      throw forbidden('You can only see and change your own school');
    }
    return own;
  });

  app.decorateRequest(
    'assertOwnSchoolIn',
    function (this: FastifyRequest, query: { school?: number; school_id?: number }) {
      this.assertOwnSchool(query.school);
      return this.assertOwnSchool(query.school_id);
    },
  );

  /**
   * Tokens already checked, until their own expiry: the same few tokens come back on every
   * request, and checking one (HMAC through WebCrypto) cost a third of a small list's time.
   * Keyed by the whole token, so a cached answer is exactly what checking again would give
   * while the token lives. Only the token check is kept: a check against the database (an
   * account's session version) belongs after it and runs on every request.
   */
  const verified = new Map<string, { token: VerifiedToken; expiresAtMs: number }>();

  async function verifiedToken(token: string): Promise<VerifiedToken> {
    const known = verified.get(token);
    if (known && Date.now() < known.expiresAtMs) return known.token;
    if (known) verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['sub', 'iat', 'exp'],
        // Bounds a token by when it was signed too, whatever exp it carries.
        maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
      });
      const roles = Array.isArray(payload.roles) ? payload.roles : [];
      const user: AuthUser = {
        id: Number(payload.sub),
        schoolId: typeof payload.school_id === 'number' ? payload.school_id : null,
        roles: Object.freeze(roles.map((r: { name?: unknown }) => String(r?.name))) as string[],
        sessionId: typeof payload.session_id === 'number' ? payload.session_id : Number.NaN,
        passwordChangeRequired: payload.password_change_required === true,
      };
      const sessionVersion = payload.session_version;
      if (!Number.isSafeInteger(user.id) || user.id <= 0) throw new Error('bad subject');
      if (!Number.isSafeInteger(sessionVersion)) throw new Error('no session version');
      if (!Number.isSafeInteger(user.sessionId) || user.sessionId <= 0) {
        throw new Error('no session');
      }
      const checked = Object.freeze({
        user: Object.freeze(user),
        sessionVersion: sessionVersion as number,
      });
      const expiresAtMs = Math.min(payload.exp!, payload.iat! + ACCESS_TOKEN_TTL_SECONDS) * 1000;
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, { token: checked, expiresAtMs });
      return checked;
    } catch {
      throw tokenNotValid();
    }
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    const { user, sessionVersion } = await verifiedToken(token);
    // After the signature: the session ended (logout, a new password, deactivation), or the
    // version was raised (the account's school or roles changed under it).
    if ((await opts.liveSessionVersion(user.id, user.sessionId)) !== sessionVersion) {
      throw tokenNotValid();
    }
    request.user = user;
  });

  app.decorate('requireRole', (...roles: RoleName[]) => async (request: FastifyRequest) => {
    if (!request.user.roles.some((r) => (roles as string[]).includes(r))) {
      throw forbidden(`Only ${roles.join(' or ')} accounts can do that`);
    }
  });
});
