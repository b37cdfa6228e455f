import type { RoleName } from '@shule/shared/roles';
import type { FastifyInstance } from 'fastify';

/**
 * Who sees and changes money: admins. The one place it is said, for every fee route (a bursar
 * role, when it comes, is added here).
 */
export const MONEY_ROLES: readonly RoleName[] = ['admin'];

export const requireMoneyRole = (app: FastifyInstance) => app.requireRole(...MONEY_ROLES);

/** The school's time zone: days of payments and admissions are Nairobi days. */
export const NAIROBI = 'Africa/Nairobi';
