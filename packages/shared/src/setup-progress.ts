import { z } from 'zod';

/**
 * Where a school's setup stands: its step, and when it finished (ISO 8601, null until then).
 * GET /api/setup/ answers it with what the wizard saved; the session's answer (GET /users/user/)
 * carries it alone for a school's admin. Apart from setup.ts so that auth.ts stays light.
 */
export const setupProgressSchema = z.object({
  step: z.number().int(),
  finished_at: z.string().nullable(),
});
export type SetupProgress = z.infer<typeof setupProgressSchema>;
