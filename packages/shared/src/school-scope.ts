import { z } from 'zod';
import { schoolRef } from './fields';

/** `?school=` / `?school_id=`: optional, since the server takes the school from the token. */
export const schoolQuery = z.object({
  school: schoolRef,
  school_id: schoolRef,
});
