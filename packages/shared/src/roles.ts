// Apart from auth.ts (its zod schemas): the dashboard needs these and not zod.

/** The roles a user can hold, the most capable first. */
export const ROLE_NAMES = ['admin', 'teacher', 'student'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Which dashboard a user sees: the most capable role they hold. */
export function dashboardFor(roles: { name: string }[] | undefined) {
  const names = new Set(roles?.map((r) => r.name));
  return ROLE_NAMES.find((name) => names.has(name)) ?? 'unauthorized';
}
