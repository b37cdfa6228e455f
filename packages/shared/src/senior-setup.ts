import { z } from 'zod';
import { changesOf, idField, optionalText, requiredText } from './fields';
import { codeField } from './grades';
import { CORE_OPTIONS } from './senior';

/**
 * The admin's own senior-school lists: pathways, tracks and subjects changed by hand. Every
 * change answers the whole list again (GET /api/senior/pathways/).
 */

export const SETUP_MESSAGES = {
  trackExists: (name: string) => `A track named ${name} already exists in this pathway`,
  pathwayExists: (name: string) => `A pathway named ${name} already exists`,
  trackInUse: (track: string, combinations: string[]) =>
    `${track} cannot be deleted: ${listOf(combinations)} ${combinations.length === 1 ? 'uses' : 'use'} its subjects`,
  subjectInUse: (subject: string, combinations: string[]) =>
    `${subject} cannot be removed: ${listOf(combinations)} ${combinations.length === 1 ? 'uses' : 'use'} it`,
  alreadySenior: (subject: string) => `${subject} is already a senior-school subject`,
  codeTaken: (code: string, subject: string) => `Code ${code} is taken by ${subject}`,
  chooseSubject: 'Choose a subject or give a new one a name and code',
  chooseTrack: 'Choose the track of the elective',
  coreHasNoTrack: 'A core subject belongs to no track',
  electiveHasNoOption: 'Only a core subject is taken by some learners only',
  combinationHeld: (combination: string, learners: number) =>
    `${combination} cannot be deleted: ${learners} ${learners === 1 ? 'learner has' : 'learners have'} held it`,
} as const;

const listOf = (names: string[]) =>
  names.length <= 1
    ? `combination ${names[0] ?? ''}`
    : `combinations ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const nameField = requiredText('Name', { max: 60 });

/** POST /api/senior/tracks/ */
export const createTrackBody = z.object({
  pathway: idField('Pathway', 'Choose a pathway'),
  name: nameField,
});
export type CreateTrackBody = z.input<typeof createTrackBody>;

/** PATCH /api/senior/tracks/{id}/ */
export const updateTrackBody = z.object({ name: nameField });
export type UpdateTrackBody = z.input<typeof updateTrackBody>;

/** PATCH /api/senior/pathways/{id}/ */
export const updatePathwayBody = changesOf({
  name: nameField,
  core_mathematics: z.boolean({ error: 'Core Mathematics must be true or false' }),
});
export type UpdatePathwayBody = z.input<typeof updatePathwayBody>;

export const SENIOR_SUBJECT_KINDS = ['core', 'elective'] as const;

/**
 * POST /api/senior/subjects/: one of the school's subjects (`subject`), or a new one (`name` and
 * `code`), as an elective of `track` or as a core subject taken by everyone (`core_option`
 * null) or by the learners of one mathematics or language choice.
 */
export const addSeniorSubjectBody = z
  .object({
    subject: idField('Subject').optional(),
    name: requiredText('Name', { max: 60 }).optional(),
    code: codeField().optional(),
    kind: z.enum(SENIOR_SUBJECT_KINDS, { error: 'Choose core or elective' }),
    track: idField('Track', SETUP_MESSAGES.chooseTrack).nullable().optional(),
    core_option: z
      .enum(CORE_OPTIONS, { error: 'Choose who takes the core subject' })
      .nullable()
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.subject === undefined && (b.name === undefined || b.code === undefined)) {
      const path = b.name === undefined ? 'name' : 'code';
      ctx.addIssue({ code: 'custom', message: SETUP_MESSAGES.chooseSubject, path: [path] });
    }
    if (b.kind === 'elective' && !b.track) {
      ctx.addIssue({ code: 'custom', message: SETUP_MESSAGES.chooseTrack, path: ['track'] });
    }
    if (b.kind === 'core' && b.track) {
      ctx.addIssue({ code: 'custom', message: SETUP_MESSAGES.coreHasNoTrack, path: ['track'] });
    }
    if (b.kind === 'elective' && b.core_option) {
      ctx.addIssue({
        code: 'custom',
        message: SETUP_MESSAGES.electiveHasNoOption,
        path: ['core_option'],
      });
    }
  });
export type AddSeniorSubjectBody = z.input<typeof addSeniorSubjectBody>;

/** Who takes a core subject, as the screen says it. */
export const CORE_OPTION_LABELS: Record<(typeof CORE_OPTIONS)[number] | 'all', string> = {
  all: 'Every learner',
  'mathematics:core': 'Learners taking Core Mathematics',
  'mathematics:essential': 'Learners taking Essential Mathematics',
  'language:KIS': 'Learners taking Kiswahili',
  'language:KSL': 'Learners taking Kenyan Sign Language',
};

/** A capacity as typed: empty for no limit, else a whole number from 1. */
export const capacityInput = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d+$/.test(v), 'Capacity must be a whole number')
  .transform((v) => (v === '' ? null : Number(v)))
  .refine((v) => v === null || (v >= 1 && v <= 10000), 'Capacity must be from 1 to 10000');

/** The "Add combination" form: the pathway and three electives as chosen in selects. */
export const combinationFormSchema = z.object({
  pathway: idField('Pathway', 'Choose a pathway'),
  subjects: z.array(idField('Subject', 'Choose three electives')),
  name: optionalText('Name', { max: 60 }),
  capacity: capacityInput,
});
export type CombinationForm = z.input<typeof combinationFormSchema>;
export type CombinationFormValues = z.output<typeof combinationFormSchema>;

/** The "Edit combination" form. */
export const editCombinationFormSchema = z.object({
  name: requiredText('Name', { max: 60 }),
  capacity: capacityInput,
});
export type EditCombinationForm = z.input<typeof editCombinationFormSchema>;
export type EditCombinationFormValues = z.output<typeof editCombinationFormSchema>;
