import { z } from 'zod';

/** The one error shape every endpoint answers with. */
export const apiErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** GET …?count=true */
export const countResponse = z.object({ count: z.number().int() });
export type CountResponse = z.infer<typeof countResponse>;

/** GET /api/staff/count/ */
export const teacherCountResponse = z.object({ teacher_count: z.number().int() });
export type TeacherCount = z.infer<typeof teacherCountResponse>;

/** 204: no body (a delete, a logout). */
export const noContent = z.undefined();
