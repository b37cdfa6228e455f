import { z } from 'zod';
import { idParam } from '../fields';

/** GET /api/students/{id}/results/: path. */
export const studentResultsParams = z.object({ id: idParam });

/**
 * One exam a student has marks in: the class they sat it in (where their report form is), how
 * many subjects are marked and the mean of the scored ones (null when none has a score).
 */
export const studentExamResultSchema = z.object({
  exam: z.object({
    id: z.number().int(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
  class: z.object({ id: z.number().int(), name: z.string() }),
  subjects_marked: z.number().int(),
  mean_score: z.number().nullable(),
});
export type StudentExamResult = z.infer<typeof studentExamResultSchema>;

/**
 * GET /api/students/{id}/results/ (staff): the student's exams, newest first; a teacher gets
 * those sat in a class they are class teacher of (as they may see its results), an admin all.
 */
export const studentResultsResponse = z.object({ exams: z.array(studentExamResultSchema) });
export type StudentResults = z.infer<typeof studentResultsResponse>;
