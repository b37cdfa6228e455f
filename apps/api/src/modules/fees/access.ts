import type { RoleName } from '@shule/shared/roles';
import type { FastifyInstance } from 'fastify';

/**
 * Who sees and changes money: admins. The one place it is said, for every fee route (a bursar
 * role, when it comes, is added here).
 */
export const MONEY_ROLES: readonly RoleName[] = ['admin'];

export const requireMoneyRole = (app: FastifyInstance) => app.requireRole(...MONEY_ROLES);

/** Whether the signed-in user may see money where other staff see the rest (a report form). */
export const maySeeMoney = (user: { roles: string[] }) =>
  user.roles.some((role) => (MONEY_ROLES as readonly string[]).includes(role));

/** The school's time zone: days of payments and admissions are Nairobi days. */
export const NAIROBI = 'Africa/Nairobi';
