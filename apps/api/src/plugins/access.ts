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

/** onRoute hook of the protected scope: puts the route's role check before its own preHandlers. */
export function enforceAccess(app: FastifyInstance) {
  return (route: RouteOptions) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) return;
    const roles = ACCESS_ROLES[access];
    if (!roles) return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [app.requireRole(...roles), ...own];
  };
}
