import type { AccessClaims } from '@shule/shared/auth';
import type { RoleName } from '@shule/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { forbidden, unauthorized } from '../errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';

export interface AuthUser {
  id: number;
  schoolId: number | null;
  roles: string[];
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
    /** 403 when a school named by the client is not the caller's own (DESIGN.md §4). */
    assertOwnSchool(schoolParam: number | undefined): number;
    /** assertOwnSchool for both `school` and `school_id` of a query string. */
    assertOwnSchoolIn(query: { school?: number; school_id?: number }): number;
  }
}

export default fp(async function auth(app: FastifyInstance, opts: { secret: string }) {
  const key = new TextEncoder().encode(opts.secret);

  app.decorate('signAccessToken', (claims: AccessClaims) =>
    new SignJWT({ school_id: claims.school_id, roles: claims.roles })
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

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
      const roles = Array.isArray(payload.roles) ? payload.roles : [];
      request.user = {
        id: Number(payload.sub),
        schoolId: typeof payload.school_id === 'number' ? payload.school_id : null,
        roles: roles.map((r: { name?: unknown }) => String(r?.name)),
      };
      if (!Number.isInteger(request.user.id)) throw new Error('bad subject');
    } catch {
      throw unauthorized('Given token not valid for any token type', 'token_not_valid');
    }
  });

  app.decorate('requireRole', (...roles: RoleName[]) => async (request: FastifyRequest) => {
    if (!request.user.roles.some((r) => (roles as string[]).includes(r))) {
      throw forbidden(`Only ${roles.join(' or ')} accounts can do that`);
    }
  });
});
