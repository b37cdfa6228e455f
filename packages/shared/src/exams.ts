import { z } from 'zod';
import {
  acceptDateAliases,
  type DateRange,
  type DateStatus,
  dateRangeStatus,
  dateStatusSchema,
  endNotBeforeStart,
  endNotBeforeStartIssue,
} from './date-status';
import { changesOf, idField, isoDateField, requiredText, schoolRef } from './fields';
import { GRADING_SCHEMES } from './results/scheme';

const CLASSES_MESSAGE = 'Classes must be a list of class ids';
const LEVELS_MESSAGE = 'Levels must be a list of level names';
const MAX_SITTINGS = 200;
const WEIGHT_MESSAGE = 'Each weight must be a whole number from 1 to 100';
/** More papers than a term holds; the bound only keeps a body small. */
const MAX_COMPONENTS = 20;

export const tooFewComponentsMessage = 'Combine at least two exams';
export const weightsTotalMessage = (total: number) =>
  `The weights must add up to 100, not ${total}`;
export const repeatedComponentMessage = 'Each exam can be combined once';
export const combinedWithItselfMessage = 'An exam cannot be combined with itself';
export const componentIsCombinedMessage = (name: string) =>
  `${name} is a combined exam itself: combine exams whose marks were entered`;
export const componentNotFoundMessage = 'Combine exams of your school';
export const partOfCombinedMessage = (name: string, combined: string) =>
  `${name} is part of combined exam ${combined}`;
export const combinedHasScoresMessage = (name: string, count: number) =>
  `${name} has ${count} score${count === 1 ? '' : 's'}; an exam with marks entered cannot take its marks from other exams`;
export const combinedMarksMessage = (name: string) =>
  `${name} is a combined exam: its marks come from the exams it combines, enter them there`;

/** One exam a combined exam takes its marks from, and its weight out of 100. */
const componentSchema = z.object({
  exam: idField('Exam'),
  weight: z
    .number({ error: WEIGHT_MESSAGE })
    .int(WEIGHT_MESSAGE)
    .min(1, WEIGHT_MESSAGE)
    .max(100, WEIGHT_MESSAGE),
});
export type ExamComponent = z.infer<typeof componentSchema>;

/**
 * The exams a combined exam takes its marks from (docs/decisions/008-combined-exams.md): at
 * least two, each once, weights adding up to 100. Null or empty: an ordinary exam.
 */
const componentsField = z
  .array(componentSchema, { error: 'Components must be a list of exams and weights' })
  .max(MAX_COMPONENTS)
  .superRefine((components, ctx) => {
    if (components.length === 0) return;
    if (components.length < 2) {
      ctx.addIssue({ code: 'custom', message: tooFewComponentsMessage });
      return;
    }
    if (new Set(components.map((c) => c.exam)).size !== components.length) {
      ctx.addIssue({ code: 'custom', message: repeatedComponentMessage });
      return;
    }
    const total = components.reduce((sum, c) => sum + c.weight, 0);
    if (total !== 100) ctx.addIssue({ code: 'custom', message: weightsTotalMessage(total) });
  })
  .nullable()
  .optional();

/** Whole weights for `n` exams counted alike, adding up to 100: 3 → 34, 33, 33. */
export function equalWeights(n: number): number[] {
  if (n <= 0) return [];
  const share = Math.floor(100 / n);
  return Array.from({ length: n }, (_, i) => share + (i < 100 - share * n ? 1 : 0));
}

const examFields = {
  name: requiredText('Name'),
  start_date: isoDateField('Start date'),
  end_date: isoDateField('End date'),
  is_completed: z.boolean({ error: 'is_completed must be true or false' }).optional(),
  /** The term the exam belongs to, or null. */
  term: idField('Term').nullable().optional(),
  /** The results rule of this exam; null takes the school's. */
  grading_scheme: z
    .enum(GRADING_SCHEMES, { error: 'Choose a grading scheme' })
    .nullable()
    .optional(),
  /** Who sits the exam: these classes and the classes of these levels; neither means every class. */
  classes: z
    .array(idField('Class', CLASSES_MESSAGE), { error: CLASSES_MESSAGE })
    .max(MAX_SITTINGS)
    .optional(),
  levels: z
    .array(requiredText('Level', { max: 50 }), { error: LEVELS_MESSAGE })
    .max(MAX_SITTINGS)
    .optional(),
  /** Set for a combined exam: the exams whose marks it combines. */
  components: componentsField,
};

/** The exam form. */
export const examFormSchema = z
  .object(examFields)
  .refine(endNotBeforeStart, endNotBeforeStartIssue);
export type ExamForm = z.input<typeof examFormSchema>;

/** POST /api/grades/exams/ — also accepts the older `start`/`end` names. */
export const createExamBody = z.preprocess(
  acceptDateAliases,
  z.object({ ...examFields, school: schoolRef }).refine(endNotBeforeStart, endNotBeforeStartIssue),
);

/** PATCH /api/grades/exams/{id}/ */
export const updateExamBody = z.preprocess(
  acceptDateAliases,
  changesOf(examFields).refine(endNotBeforeStart, endNotBeforeStartIssue),
);

export const examSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  is_completed: z.boolean(),
  is_ongoing: z.boolean(),
  status: dateStatusSchema,
  school: z.number().int(),
  term: z.number().int().nullable(),
  grading_scheme: z.enum(GRADING_SCHEMES).nullable(),
  classes: z.array(z.number().int()),
  levels: z.array(z.string()),
  /** The exams a combined exam takes its marks from, in date order; empty for an ordinary exam. */
  components: z.array(z.object({ exam: z.number().int(), weight: z.number().int() })),
});
export type Exam = z.infer<typeof examSchema>;

/** GET /api/grades/exams/ */
export const examListResponse = z.array(examSchema);

/**
 * `is_completed` gives Completed, otherwise is_ongoing gives Ongoing, otherwise
 * Upcoming. We add that an exam whose end date has passed is Completed even
 * when nobody ticked it, and that an exam marked completed is no longer ongoing.
 */
export function examStatus(
  exam: DateRange & { is_completed: boolean },
  today: string,
): { is_ongoing: boolean; status: DateStatus } {
  if (exam.is_completed) return { is_ongoing: false, status: 'Completed' };
  const status = dateRangeStatus(exam, today);
  return { is_ongoing: status === 'Ongoing', status };
}

export const examHasScoresMessage = (name: string, count: number) =>
  `Exam ${name} has ${count} score${count === 1 ? '' : 's'}; remove ${count === 1 ? 'it' : 'them'} before deleting the exam`;

/** Whether a class sits an exam: an exam that names no classes or levels is sat by every class. */
export function classSitsExam(
  exam: { classes: readonly number[]; levels: readonly string[] },
  schoolClass: { id: number; level: string | null },
): boolean {
  return (
    (exam.classes.length === 0 && exam.levels.length === 0) ||
    exam.classes.includes(schoolClass.id) ||
    (schoolClass.level !== null && exam.levels.includes(schoolClass.level))
  );
}
