import {
  PASSWORD_CHANGE_REQUIRED,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
} from '@shule/shared/auth-constants';
import type { RoleName } from '@shule/shared/roles';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden } from '../errors';

/**
 * Who may call a protected route, declared on the route as `config: { access }` and enforced
 * here, before its handler (docs/decisions/017-who-may-call-what.md lists every route):
 * - `admin`: the school's administrators;
 * - `staff`: administrators and teachers (a teacher's marks are further limited to the
 *   classes and subjects they teach: modules/teaching/may-mark.ts);
 * - `signed_in`: anyone with a valid token (their own account).
 */
export const ACCESS_ROLES = {
  admin: ['admin'],
  staff: ['admin', 'teacher'],
  signed_in: null,
} as const satisfies Record<string, readonly RoleName[] | null>;
export type Access = keyof typeof ACCESS_ROLES;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route answers an account that still has its one-time password (the password change
     * and the own account, which says the password must change); every other route refuses it.
     */
    beforePasswordChange?: true;
  }
}

const ACCESS_CHOICES = Object.keys(ACCESS_ROLES)
  .map((access) => `'${access}'`)
  .join(' | ');

/** 403 password_change_required while the caller's password is a one-time password. */
async function refuseUntilPasswordChanged(request: FastifyRequest) {
  if (request.user.passwordChangeRequired) {
    throw forbidden(PASSWORD_CHANGE_REQUIRED_MESSAGE, PASSWORD_CHANGE_REQUIRED);
  }
}

/**
 * onRoute hook of the protected scope: adds the route's checks as its first onRequest hooks
 * (after the scope's token check, before the body is parsed or validated: a caller without the
 * role learns nothing about the route's input): the one-time password first, then the role.
 * Refuses to start when a route does not say who may call it: a forgotten check would let every
 * signed-in user, a student's too, call it.
 */
export function enforceAccess(app: FastifyInstance) {
  return (route: RouteOptions) => {
    const config = route.config as { access?: Access; beforePasswordChange?: true } | undefined;
    const access = config?.access;
    if (!access || !Object.hasOwn(ACCESS_ROLES, access)) {
      const methods = [route.method].flat().join(',');
      throw new Error(
        `${methods} ${route.url} does not say who may call it: add config: { access: ${ACCESS_CHOICES} }`,
      );
    }
    const roles = ACCESS_ROLES[access];
    const checks = [
      ...(config?.beforePasswordChange ? [] : [refuseUntilPasswordChanged]),
      ...(roles ? [app.requireRole(...roles)] : []),
    ];
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...checks, ...own];
  };
}
