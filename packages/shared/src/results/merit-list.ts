import { z } from 'zod';
import { idField, requiredText } from '../fields';
import { MARK_CODES } from './marks';
import { GRADING_SCHEMES } from './scheme';
import { KCSE_GROUPS } from './subject-groups';

/** What a results list or form covers: one class (stream), or every stream of a level. */
export const RESULTS_FORMATS = ['json', 'pdf'] as const;

/**
 * GET /api/exams/{id}/merit_list/?class={id}|level={name}[&format=json|pdf]: one of class and
 * level; json by default, pdf for the landscape A4 list.
 */
export const meritListQuery = z
  .object({
    class: idField('Class').optional(),
    level: requiredText('Level', { max: 50 }).optional(),
    format: z.enum(RESULTS_FORMATS, { error: 'Format must be json or pdf' }).optional(),
  })
  .refine((q) => (q.class === undefined) !== (q.level === undefined), {
    message: 'Choose a class or a level',
    path: ['class'],
  });
export type MeritListQuery = z.input<typeof meritListQuery>;

export const examIdParams = z.object({ id: idField('Exam') });

const markSchema = z.union([z.number(), z.enum(MARK_CODES)]);

/** A column of the list: a subject the exam has marks in, for the students listed. */
export const resultsSubjectSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  group: z.enum(KCSE_GROUPS),
});
export type ResultsSubject = z.infer<typeof resultsSubjectSchema>;

/** A student's mark in one subject, graded by the subject's bands, with its place in the level. */
export const subjectResultSchema = z.object({
  subject: z.number().int(),
  mark: markSchema,
  grade: z.string().nullable(),
  points: z.number().nullable(),
  /**
   * Place among the level's students with a numeric mark in the subject (ties share), of the
   * column's `entries`; null for X/Y.
   */
  position: z.number().int().nullable(),
});
export type SubjectResult = z.infer<typeof subjectResultSchema>;

export const outcomeStatusSchema = z.enum(['complete', 'incomplete', 'withheld']);

/** One student's result: a row of the merit list. */
export const meritListRowSchema = z.object({
  student_id: z.number().int(),
  admission_number: z.string(),
  name: z.string(),
  class: z.object({ id: z.number().int(), name: z.string() }),
  entry: z
    .object({
      exam: z.string().nullable(),
      index_number: z.string().nullable(),
      marks: z.number().int().nullable(),
    })
    .nullable(),
  subjects: z.array(subjectResultSchema),
  subject_count: z.number().int(),
  total_marks: z.number(),
  mean_mark: z.number().nullable(),
  total_points: z.number().nullable(),
  mean_points: z.number().nullable(),
  mean_grade: z.string().nullable(),
  /** This exam's mean points (KCSE rules) or mean mark (average, cbc) less the previous exam's. */
  deviation: z.number().nullable(),
  /** Null when the scheme does not rank (cbc) or the result is incomplete or withheld. */
  class_position: z.number().int().nullable(),
  class_size: z.number().int(),
  level_position: z.number().int().nullable(),
  level_size: z.number().int(),
  status: outcomeStatusSchema,
  incomplete: z.boolean(),
  /** Why the result is incomplete or withheld, for a person to read. */
  reason: z.string().nullable(),
});
export type MeritListRow = z.infer<typeof meritListRowSchema>;

export const meritListResponse = z.object({
  exam: z.object({
    id: z.number().int(),
    name: z.string(),
    term: z.string().nullable(),
    year: z.string().nullable(),
    grading_scheme: z.enum(GRADING_SCHEMES),
    /** Whether positions are shown (not for cbc). */
    ranks: z.boolean(),
  }),
  /** "4 East" for a class, "Form 4" for a level. */
  scope: z.object({
    kind: z.enum(['class', 'level']),
    name: z.string(),
    level: z.string().nullable(),
    class_id: z.number().int().nullable(),
  }),
  /** The exam the deviation is measured against, if any. */
  previous_exam: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The columns: each subject with the students of the level with a numeric mark in it. */
  subjects: z.array(resultsSubjectSchema.extend({ entries: z.number().int() })),
  /** Ranked students first by position, then the incomplete and withheld by name. */
  rows: z.array(meritListRowSchema),
});
export type MeritList = z.infer<typeof meritListResponse>;

export const examNotSatMessage = (scope: string) => `${scope} does not sit this exam`;
export const noSuchLevelMessage = (level: string) => `No class has the level ${level}`;
/** A teacher sees results of the class they lead; lists of a level are for admins. */
export const resultsForbiddenMessage = 'You can see the results of the class you teach';
/** The footer of a printed merit list. */
export const MERIT_LIST_FOOTER =
  'Merit list for staff use only: not to be given to parents or students';
