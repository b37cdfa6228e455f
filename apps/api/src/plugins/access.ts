import type { RoleName } from '@shule/shared/roles';
import type { FastifyInstance, RouteOptions } from 'fastify';

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
  }
}

const ACCESS_CHOICES = Object.keys(ACCESS_ROLES)
  .map((access) => `'${access}'`)
  .join(' | ');

/**
 * onRoute hook of the protected scope: adds the route's role check as its first onRequest hook
 * (after the scope's token check, before the body is parsed or validated: a caller without the
 * role learns nothing about the route's input). Refuses to start when a route does not say who
 * may call it: a forgotten check would let every signed-in user, a student's too, call it.
 */
export function enforceAccess(app: FastifyInstance) {
  return (route: RouteOptions) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access || !Object.hasOwn(ACCESS_ROLES, access)) {
      const methods = [route.method].flat().join(',');
      throw new Error(
        `${methods} ${route.url} does not say who may call it: add config: { access: ${ACCESS_CHOICES} }`,
      );
    }
    const roles = ACCESS_ROLES[access];
    if (!roles) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [app.requireRole(...roles), ...own];
  };
}
