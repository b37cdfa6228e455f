import type { RoleName } from '@shule/shared/roles';

/**
 * Who sees money: admins. Every fee, payment and M-Pesa route declares `config: { access:
 * 'admin' }` (docs/decisions/017-who-may-call-what.md); this says the same for the parts of
 * other answers that hold money (a report form's fees).
 */
export const MONEY_ROLES: readonly RoleName[] = ['admin'];

/** Whether the signed-in user may see money where other staff see the rest (a report form). */
export const maySeeMoney = (user: { roles: string[] }) =>
  user.roles.some((role) => (MONEY_ROLES as readonly string[]).includes(role));

/** The school's time zone: days of payments and admissions are Nairobi days. */
export const NAIROBI = 'Africa/Nairobi';
