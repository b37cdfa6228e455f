import { z } from 'zod';

/** `?school=` / `?school_id=`: optional, since the server takes the school from the token. */
export const schoolQuery = z.object({
  school: z.coerce.number().int().positive().optional(),
  school_id: z.coerce.number().int().positive().optional(),
});
