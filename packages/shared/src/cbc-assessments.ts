import { z } from 'zod';
import { gradeOfLevel } from './cbc';
import { idField, isoDateField, optionalText } from './fields';
import { type Band, bandOf, CBC_KJSEA_SCALE, CBC_RUBRIC_SCALE } from './results/bands';

/** The kinds of assessment a CBC teacher records; the SBA ones are what KNEC collects. */
export const ASSESSMENT_KINDS = [
  'observation',
  'oral',
  'written',
  'project',
  'practical',
  'portfolio',
  'summative_test',
  'sba_project',
  'sba_practical',
  'sba_written',
] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

export const ASSESSMENT_KIND_LABELS: Record<AssessmentKind, string> = {
  observation: 'Observation',
  oral: 'Oral',
  written: 'Written',
  project: 'Project',
  practical: 'Practical',
  portfolio: 'Portfolio',
  summative_test: 'Summative test',
  sba_project: 'SBA project',
  sba_practical: 'SBA practical',
  sba_written: 'SBA written test',
};

/**
 * The rubric a level is assessed on: junior school (Grades 7-9) the eight KJSEA levels EE1-BE2,
 * every other CBC level the four EE-BE.
 */
export type RubricScale = 'kjsea' | 'rubric';
export function rubricScaleOf(levelName: string): RubricScale {
  const grade = gradeOfLevel(levelName);
  return grade !== null && grade >= 7 && grade <= 9 ? 'kjsea' : 'rubric';
}

export const RUBRIC_BANDS: Record<RubricScale, readonly Band[]> = {
  kjsea: CBC_KJSEA_SCALE,
  rubric: CBC_RUBRIC_SCALE,
};

/** "ME2" → "Meeting Expectations": the words printed beside every code. */
export function rubricWords(code: string): string {
  const words: Record<string, string> = {
    EE: 'Exceeding Expectations',
    ME: 'Meeting Expectations',
    AE: 'Approaching Expectations',
    BE: 'Below Expectations',
  };
  return words[code.slice(0, 2)] ?? code;
}

/** "ME - Meeting Expectations": a level as every screen and page prints it. */
export const levelLabel = (code: string) => `${code} - ${rubricWords(code)}`;

/**
 * The level a test's mark earns: its percentage of `outOf`, rounded half up to a whole
 * percentage (89.5 is 90: EE1), placed on the scale. Null when the mark is out of range.
 */
export function levelOfMark(mark: number, outOf: number, scale: RubricScale): string | null {
  if (!(mark >= 0 && mark <= outOf && outOf > 0)) return null;
  return bandOf((mark * 100) / outOf, RUBRIC_BANDS[scale])?.code ?? null;
}

/** POST /api/cbc/assessments/ */
export const createAssessmentBody = z.object({
  class: idField('Class', 'Choose a class'),
  learning_area: idField('Learning area', 'Choose a learning area'),
  kind: z.enum(ASSESSMENT_KINDS, { error: 'Choose the kind of assessment' }),
  date: isoDateField('Date'),
  title: optionalText('Title', { max: 100 }),
  strands: z
    .array(idField('Strand', 'Choose the strands it covers'), {
      error: 'Choose the strands it covers',
    })
    .max(100, 'At most 100 strands an assessment')
    .default([]),
  out_of: z
    .number({ error: 'Out of must be a number' })
    .int('Out of must be a whole number')
    .min(1, 'Out of must be at least 1')
    .max(1000, 'Out of must be at most 1000')
    .optional(),
});
export type CreateAssessmentBody = z.input<typeof createAssessmentBody>;

/** GET /api/cbc/assessments/?class=&learning_area= */
export const assessmentsQuery = z.object({
  class: idField('Class', 'Choose a class'),
  learning_area: idField('Learning area', 'Choose a learning area').optional(),
});

/** One learner's level (or mark, or absence) for one strand, or for the learning area (null). */
export const levelEntryInput = z.object({
  student: idField('Student', 'Choose a learner'),
  strand: z.union([z.null(), idField('Strand', 'Choose a strand')], { error: 'Choose a strand' }),
  level: z.string({ error: 'Choose a level' }).trim().max(5).nullable().optional(),
  mark: z
    .number({ error: 'The mark must be a number' })
    .min(0, 'The mark cannot be below 0')
    .optional(),
  absent: z.literal(true, { error: 'Absent is true or left out' }).optional(),
  comment: optionalText('Comment', { max: 500 }),
});
export type LevelEntryInput = z.input<typeof levelEntryInput>;

/** PUT /api/cbc/assessments/{id}/levels/: all or nothing. */
export const saveLevelsBody = z.object({
  entries: z
    .array(levelEntryInput, { error: 'Send the entries to save' })
    .min(1, 'Send at least one entry')
    .max(5000, 'At most 5000 entries at once'),
});
export type SaveLevelsBody = z.input<typeof saveLevelsBody>;

export const assessmentSchema = z.object({
  id: z.number().int(),
  class: z.object({ id: z.number().int(), name: z.string() }),
  learning_area: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(ASSESSMENT_KINDS),
  date: z.string(),
  title: z.string().nullable(),
  out_of: z.number().int().nullable(),
  scale: z.enum(['kjsea', 'rubric']),
  strands: z.array(
    z.object({ id: z.number().int(), strand: z.string(), sub_strand: z.string().nullable() }),
  ),
});
export type Assessment = z.infer<typeof assessmentSchema>;
export const assessmentListResponse = z.object({ assessments: z.array(assessmentSchema) });

export const levelEntrySchema = z.object({
  student: z.number().int(),
  strand: z.number().int().nullable(),
  level: z.string().nullable(),
  mark: z.number().nullable(),
  absent: z.boolean(),
  comment: z.string().nullable(),
});
export type LevelEntry = z.infer<typeof levelEntrySchema>;

/** GET /api/cbc/assessments/{id}/ and the answer of a save: the class list and its entries. */
export const assessmentSheetResponse = z.object({
  assessment: assessmentSchema,
  learners: z.array(
    z.object({ id: z.number().int(), name: z.string(), admission_number: z.string() }),
  ),
  entries: z.array(levelEntrySchema),
});
export type AssessmentSheet = z.infer<typeof assessmentSheetResponse>;

/** The words of a refused entry: which one, whose, and why. */
export const ENTRY_MESSAGES = {
  notInClass: 'This learner is not in the class',
  doesNotTake: (area: string) => `This learner does not take ${area}`,
  notCovered: 'This strand is not one the assessment covers',
  unknownLevel: (scale: RubricScale) =>
    `Choose one of ${RUBRIC_BANDS[scale].map((b) => b.code).join(', ')}`,
  markWithoutOutOf: 'This assessment has no out-of mark: enter a level',
  markOver: (outOf: number) => `The mark cannot be above ${outOf}`,
  markDisagrees: (mark: number, level: string) =>
    `A mark of ${mark} is ${level}, not the level sent`,
  absentWithLevel: 'An absent learner has no level or mark',
  twice: (first: number) => `The same learner and strand are also entry ${first + 1}`,
} as const;

/** GET /api/cbc/assessments/{id}/history/?student=: one learner's kept changes. */
export const assessmentHistoryQuery = z.object({
  student: idField('Student', 'Choose a learner'),
});

/** One kept change: what the entry became (all empty: cleared), who made it and when. */
export const entryChangeSchema = z.object({
  id: z.number().int(),
  strand: z
    .object({ id: z.number().int(), strand: z.string(), sub_strand: z.string().nullable() })
    .nullable(),
  level: z.string().nullable(),
  mark: z.number().nullable(),
  absent: z.boolean(),
  comment: z.string().nullable(),
  changed_by: z.object({ name: z.string().nullable() }),
  changed_at: z.string(),
});
export type EntryChange = z.infer<typeof entryChangeSchema>;
export const assessmentHistoryResponse = z.object({
  student: z.object({ id: z.number().int(), name: z.string() }),
  changes: z.array(entryChangeSchema),
});
export type AssessmentHistory = z.infer<typeof assessmentHistoryResponse>;

/** The new-assessment form: the class and learning area come from the page it is opened on. */
export const assessmentFormSchema = createAssessmentBody.omit({ class: true, learning_area: true });
export type AssessmentForm = z.input<typeof assessmentFormSchema>;

/** The kinds marked out of a total (a test), whose marks are turned into levels by the scale. */
export const MARKED_KINDS: readonly AssessmentKind[] = ['summative_test', 'sba_written'];

/**
 * "Set all to ME": the level a class starts from. On the four-level scale ME; on the
 * eight-level junior scale ME2 (41-57%), the lower of its two Meeting Expectations levels, so
 * the starting level claims no more than meeting expectations: the teacher raises a learner
 * to ME1 or EE on evidence.
 */
export const STARTING_LEVEL: Record<RubricScale, string> = { rubric: 'ME', kjsea: 'ME2' };
