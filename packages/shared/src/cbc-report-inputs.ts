import { z } from 'zod';
import { clearableText, idField, requiredText } from './fields';

/**
 * What the teachers write on a CBC learner progress report besides the levels: the class
 * teacher's rating of each core competency and value, each learning area teacher's comment, and
 * the class teacher's and head teacher's remarks. The lists are those the report card names.
 */
export const CORE_COMPETENCIES = [
  'Communication and collaboration',
  'Critical thinking and problem solving',
  'Creativity and imagination',
  'Citizenship',
  'Digital literacy',
  'Learning to learn',
  'Self-efficacy',
] as const;

export const CORE_VALUES = [
  'Love',
  'Responsibility',
  'Respect',
  'Unity',
  'Peace',
  'Patriotism',
  'Social justice',
  'Integrity',
] as const;

/** Competencies and values are rated on the four-level rubric, whatever the learner's grade. */
export const RATING_LEVELS = ['EE', 'ME', 'AE', 'BE'] as const;
export type RatingLevel = (typeof RATING_LEVELS)[number];

export const REPORT_INPUT_MESSAGES = {
  level: 'Choose EE, ME, AE or BE',
  name: 'Choose one of the core competencies or values',
  notInClass: 'This learner is not in the class',
  twice: (earlier: number) => `The same learner and item as entry ${earlier + 1}`,
  remarkMissing: 'Send a class teacher remark or a head teacher remark',
  notClassTeacher: (className: string) =>
    `Only the class teacher of ${className} or an administrator can rate competencies and values and write the class teacher's remark`,
  notHeadTeacher: "Only the head teacher (an administrator) can write the head teacher's remark",
  termInUse: (term: string, learners: number) =>
    `${term} has competency ratings, comments or remarks for ${learners === 1 ? '1 learner' : `${learners} learners`}: deleting it would lose them`,
} as const;

const ratingLevelField = z
  .string({ error: REPORT_INPUT_MESSAGES.level })
  .trim()
  .toUpperCase()
  .pipe(z.enum(RATING_LEVELS, { error: REPORT_INPUT_MESSAGES.level }));

const termField = idField('Term', 'Choose a term');
const studentField = idField('Student', 'Choose a learner');
const learningAreaField = idField('Learning area', 'Choose a learning area');
const entriesOf = <T extends z.ZodType>(entry: T) =>
  z
    .array(entry, { error: 'Send the entries to save' })
    .min(1, 'Send at least one entry')
    .max(5000, 'At most 5000 entries at once');

export const REMARK_MAX = 500;
const remarkField = (label: string) => clearableText(label, { max: REMARK_MAX, multiline: true });

/** GET /api/cbc/classes/{id}/report_inputs/?term= */
export const reportInputsQuery = z.object({ term: termField });

/** GET /api/cbc/classes/{id}/comments/?term=&learning_area= */
export const reportCommentsQuery = z.object({ term: termField, learning_area: learningAreaField });

/** One learner's level in one competency or value; null clears it. */
export const ratingEntryInput = z.object({
  student: studentField,
  name: z.enum([...CORE_COMPETENCIES, ...CORE_VALUES], { error: REPORT_INPUT_MESSAGES.name }),
  level: z.union([z.null(), ratingLevelField], { error: REPORT_INPUT_MESSAGES.level }),
});

/** PUT /api/cbc/classes/{id}/ratings/: all or nothing. */
export const saveRatingsBody = z.object({ term: termField, entries: entriesOf(ratingEntryInput) });
export type SaveRatingsBody = z.input<typeof saveRatingsBody>;

/** One learner's remarks; a remark left out stays as it is, '' or null clears it. */
export const remarkEntryInput = z
  .object({
    student: studentField,
    class_teacher_remark: remarkField("The class teacher's remark"),
    head_teacher_remark: remarkField("The head teacher's remark"),
  })
  .refine((e) => e.class_teacher_remark !== undefined || e.head_teacher_remark !== undefined, {
    message: REPORT_INPUT_MESSAGES.remarkMissing,
    path: ['class_teacher_remark'],
  });

/** The remarks form of one learner: the fields of a remarks entry. */
export const remarksFormSchema = z.object({
  class_teacher_remark: remarkField("The class teacher's remark"),
  head_teacher_remark: remarkField("The head teacher's remark"),
});
export type RemarksForm = z.input<typeof remarksFormSchema>;

/** PUT /api/cbc/classes/{id}/remarks/: all or nothing. */
export const saveRemarksBody = z.object({ term: termField, entries: entriesOf(remarkEntryInput) });
export type SaveRemarksBody = z.input<typeof saveRemarksBody>;

export const COMMENT_MAX = 300;
/** One learner's comment on the learning area; '' or null clears it. */
export const commentEntryInput = z.object({
  student: studentField,
  comment: clearableText('The comment', { max: COMMENT_MAX, multiline: true }).transform(
    (v) => v ?? null,
  ),
});

/** The comment picker's form: one learner's comment. */
export const commentFormSchema = commentEntryInput.pick({ comment: true });
export type CommentForm = z.input<typeof commentFormSchema>;

/** PUT /api/cbc/classes/{id}/comments/: one learning area's comments, all or nothing. */
export const saveCommentsBody = z.object({
  term: termField,
  learning_area: learningAreaField,
  entries: entriesOf(commentEntryInput),
});
export type SaveCommentsBody = z.input<typeof saveCommentsBody>;

/** POST /api/cbc/comment_bank/ */
export const commentBankBody = z.object({
  level: ratingLevelField,
  text: requiredText('The comment', { max: COMMENT_MAX }),
});
export type CommentBankBody = z.input<typeof commentBankBody>;

/** PATCH /api/cbc/comment_bank/{id}/ */
export const updateCommentBankBody = z
  .object({
    level: ratingLevelField.optional(),
    text: requiredText('The comment', { max: COMMENT_MAX }).optional(),
  })
  .refine((v) => v.level !== undefined || v.text !== undefined, 'Nothing to change');

/** The comments a school's bank starts with; the school edits them. */
export const DEFAULT_COMMENT_BANK: Record<RatingLevel, readonly string[]> = {
  EE: [
    'Excellent work. Keep it up.',
    'Shows a deep understanding and applies it with confidence.',
    'Works independently and helps others learn.',
  ],
  ME: [
    'Good work. Keep practising.',
    'Understands the work and completes tasks well.',
    'Steady progress this term.',
  ],
  AE: [
    'Is making progress. More practice will help.',
    'Needs some support to complete tasks on their own.',
    'Can do better with regular revision.',
  ],
  BE: [
    'Needs close support at school and at home.',
    'Finds this area difficult. Let us work together to help.',
    'Practise the basics with a parent every day.',
  ],
};

export const commentBankEntrySchema = z.object({
  id: z.number().int(),
  level: z.enum(RATING_LEVELS),
  text: z.string(),
});
export type CommentBankEntry = z.infer<typeof commentBankEntrySchema>;
export const commentBankResponse = z.object({ comments: z.array(commentBankEntrySchema) });
export type CommentBankResponse = z.infer<typeof commentBankResponse>;

/** What the progress report prints of the teachers' own words, per learner and term. */
export interface ProgressReportInputs {
  competencies: { name: string; level: string | null }[];
  values: { name: string; level: string | null }[];
  comments: Record<number /* learning area id */, string>;
  class_teacher_remark: string | null;
  head_teacher_remark: string | null;
}

const ratedSchema = z.object({ name: z.string(), level: z.string().nullable() });
/** A JSON object's keys are strings: the learning area ids as "12". */
export const progressReportInputsSchema = z.object({
  competencies: z.array(ratedSchema),
  values: z.array(ratedSchema),
  comments: z.record(z.string(), z.string()),
  class_teacher_remark: z.string().nullable(),
  head_teacher_remark: z.string().nullable(),
});

const learnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  admission_number: z.string(),
});

/** GET /api/cbc/classes/{id}/report_inputs/?term= */
export const reportInputsResponse = z.object({
  class: z.object({ id: z.number().int(), name: z.string() }),
  term: z.object({ id: z.number().int(), name: z.string() }),
  /** What the caller may write: the ratings and class remark (class teacher, admin), the head's. */
  may_write: z.object({ ratings: z.boolean(), head_teacher_remark: z.boolean() }),
  learners: z.array(learnerSchema.extend({ inputs: progressReportInputsSchema })),
});
export type ReportInputsResponse = z.infer<typeof reportInputsResponse>;

/** GET /api/cbc/classes/{id}/comments/?term=&learning_area= */
export const reportCommentsResponse = z.object({
  class: z.object({ id: z.number().int(), name: z.string() }),
  term: z.object({ id: z.number().int(), name: z.string() }),
  learning_area: z.object({ id: z.number().int(), name: z.string() }),
  learners: z.array(learnerSchema.extend({ comment: z.string().nullable() })),
});
export type ReportCommentsResponse = z.infer<typeof reportCommentsResponse>;
