import { z } from 'zod';

/**
 * GET /api/reports/: what the school has entered that its printable reports are made from, so
 * the Reports page can open each where it is made or say what is missing. `fees` is null for a
 * teacher (fee reports are an administrator's).
 */
export const reportsOverviewResponse = z.object({
  /** Every exam, newest first; `marked_class_ids` are the classes with at least one mark in it (a combined exam's: in its components). */
  exams: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      start_date: z.string(),
      combined: z.boolean(),
      marked_class_ids: z.array(z.number().int()),
    }),
  ),
  /**
   * Every class by name, with its active students. `may_see_results`: whether the caller may
   * open its report forms, merit list and analysis (an admin every class, a teacher the class
   * they lead).
   */
  classes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      level: z.string().nullable(),
      students: z.number().int(),
      may_see_results: z.boolean(),
    }),
  ),
  fees: z
    .object({
      /** Students billed by a fee structure. */
      billed_students: z.number().int(),
      payments: z.number().int(),
    })
    .nullable(),
  /** Registers taken: one per class and day. */
  registers: z.object({
    taken: z.number().int(),
    last_date: z.string().nullable(),
  }),
});
export type ReportsOverview = z.infer<typeof reportsOverviewResponse>;
export type ReportsExam = ReportsOverview['exams'][number];
export type ReportsClass = ReportsOverview['classes'][number];
