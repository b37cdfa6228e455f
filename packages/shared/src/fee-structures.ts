import { z } from 'zod';
import {
  amountCentsField,
  FEE_APPLICABILITY,
  FEE_DURATIONS,
  type FeeApplicability,
  type FeeDuration,
  VOTE_HEADS,
  type VoteHead,
} from './fees';
import { changesOf, idField, LONG_TEXT_MAX, optionalText, requiredText } from './fields';

/**
 * Fee categories, a term's fee structure (the amount of each category for each class) and
 * billing it (docs/decisions/015-fees-ledger.md). Routes: modules/fees/structure-routes.ts.
 */

export const FEE_STRUCTURE_MESSAGES = {
  appliesTo: 'Choose who the fee applies to: all, new or continuing students',
  duration: 'Duration is required',
  voteHead: 'Choose a vote head from the list',
  term: 'Choose a term',
  duplicateLine: 'Each class may have one amount per category',
  tooManyLines: 'A term may have at most 2,000 amounts',
} as const;

export const categoryNameTakenMessage = (name: string) =>
  `A fee category named '${name}' already exists`;
/** Why a category cannot be deleted: it is in a structure (or billed); nothing is lost silently. */
export const categoryInUseMessage = (name: string, where: string) =>
  `${name} is in ${where}; remove its amounts from the structure before deleting it`;
export const categoryBilledMessage = (name: string, students: number) =>
  `${name} has been billed to ${students} student${students === 1 ? '' : 's'}; it cannot be deleted (reverse the charges on their statements instead)`;
/** Why a billed structure line cannot change: the students' charges stand until reversed. */
export const billedLineMessage = (category: string, className: string, students: number) =>
  `${category} for ${className} has been billed to ${students} student${students === 1 ? '' : 's'}; it cannot be changed or removed (reverse the charges on their statements instead)`;

const categoryFields = {
  name: requiredText('Category name', { max: 100 }),
  applies_to: z.enum(FEE_APPLICABILITY, { error: FEE_STRUCTURE_MESSAGES.appliesTo }),
  duration: z.enum(FEE_DURATIONS, { error: FEE_STRUCTURE_MESSAGES.duration }),
  vote_head: z.enum(VOTE_HEADS, { error: FEE_STRUCTURE_MESSAGES.voteHead }),
  description: optionalText('Description', { max: LONG_TEXT_MAX, multiline: true }),
};

/** POST /api/fees/categories/: name and duration required; applies_to 'all' and vote_head 'tuition' when left out. */
export const createFeeCategoryBody = z.object({
  ...categoryFields,
  applies_to: categoryFields.applies_to.default('all'),
  vote_head: categoryFields.vote_head.default('tuition'),
});
export type CreateFeeCategoryBody = z.input<typeof createFeeCategoryBody>;

/** PATCH /api/fees/categories/{id}/: any of the fields; `description: null` or '' clears it. */
export const updateFeeCategoryBody = changesOf({
  ...categoryFields,
  description: z
    .union([z.null(), categoryFields.description])
    .transform((v) => (v === undefined ? undefined : (v ?? null))),
});
export type UpdateFeeCategoryBody = z.input<typeof updateFeeCategoryBody>;

/** A category as every category endpoint answers it. */
export const feeCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  applies_to: z.enum(FEE_APPLICABILITY),
  duration: z.enum(FEE_DURATIONS),
  vote_head: z.enum(VOTE_HEADS),
  description: z.string().nullable(),
  /** Structure lines (a term's amount for a class) naming it: while any, it cannot be deleted. */
  structure_lines: z.number().int(),
  /** Students charged it (reversed charges included): once any, it is never deleted. */
  billed_students: z.number().int(),
});
export type FeeCategory = z.infer<typeof feeCategorySchema>;
export type { FeeApplicability, FeeDuration, VoteHead };

/** GET /api/fees/categories/: by name. */
export const feeCategoryListResponse = z.object({ categories: z.array(feeCategorySchema) });
export type FeeCategoryList = z.infer<typeof feeCategoryListResponse>;

// ── Structures ──────────────────────────────────────────────────────────────────────────────

/** GET /api/fees/structures/?term= */
export const feeStructureQuery = z.object({
  term: idField('Term', FEE_STRUCTURE_MESSAGES.term),
});

/** One line of a PUT: a category's amount for a class in the term. */
export const feeStructureLineBody = z.object({
  category: idField('Category', 'Choose a fee category'),
  class: idField('Class', 'Choose a class'),
  amount_cents: amountCentsField('Amount'),
});
export type FeeStructureLineBody = z.input<typeof feeStructureLineBody>;

/**
 * PUT /api/fees/structures/: the term's amounts, set in one transaction. Without `categories`
 * the lines given are the whole structure of the term (a line left out is removed); with
 * `categories` only those categories' lines are replaced and the others stay (the setup
 * wizard saves one category at a time). A billed line that would change or go answers 409.
 */
export const putFeeStructureBody = z.object({
  term: idField('Term', FEE_STRUCTURE_MESSAGES.term),
  amounts: z
    .array(feeStructureLineBody, { error: 'amounts must be a list' })
    .max(2000, FEE_STRUCTURE_MESSAGES.tooManyLines)
    .refine(
      (lines) => new Set(lines.map((l) => `${l.category}:${l.class}`)).size === lines.length,
      FEE_STRUCTURE_MESSAGES.duplicateLine,
    ),
  categories: z
    .array(idField('Category', 'Choose a fee category'))
    .max(500, 'Name at most 500 categories')
    .optional(),
});
export type PutFeeStructureBody = z.input<typeof putFeeStructureBody>;

export const feeStructureLineSchema = z.object({
  id: z.number().int(),
  category: z.number().int(),
  class: z.number().int(),
  amount_cents: z.number().int(),
  /** Students this line has charged: a billed line is fixed. */
  billed_students: z.number().int(),
});
export type FeeStructureLine = z.infer<typeof feeStructureLineSchema>;

/**
 * GET and PUT /api/fees/structures/: the term, the school's classes and categories, and every
 * amount of the term. `class_totals` is what a student of each class is charged for the term:
 * `new_cents` a student admitted this academic year, `old_cents` a continuing one.
 */
export const feeStructureResponse = z.object({
  term: z.object({
    id: z.number().int(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    academic_year: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
  classes: z.array(
    z.object({ id: z.number().int(), name: z.string(), level: z.string().nullable() }),
  ),
  categories: z.array(feeCategorySchema),
  amounts: z.array(feeStructureLineSchema),
  class_totals: z.array(
    z.object({
      class: z.number().int(),
      new_cents: z.number().int(),
      old_cents: z.number().int(),
    }),
  ),
  /** Students billed for the term so far (any line). */
  billed_students: z.number().int(),
});
export type FeeStructure = z.infer<typeof feeStructureResponse>;

/** POST /api/fees/structures/{term}/apply/ */
export const applyStructureParams = z.object({
  term: idField('Term', FEE_STRUCTURE_MESSAGES.term),
});

/**
 * What applying a term's structure did: students who got at least one new charge, the charges
 * added and their sum. Applying again adds only lines (or students) that are new: 0, 0, 0.
 */
export const applyStructureResponse = z.object({
  billed_students: z.number().int(),
  new_charges: z.number().int(),
  total_cents: z.number().int(),
});
export type ApplyStructureResult = z.infer<typeof applyStructureResponse>;

/**
 * GET /api/fees/structures/{term}/apply/preview/: what applying would do now, charging nothing,
 * in the same fields (the students who would get a new charge, the charges, their sum).
 */
export const applyStructurePreviewResponse = applyStructureResponse;

export const NOTHING_TO_BILL_MESSAGE = 'This term has no fee amounts yet: set its structure first';

/**
 * Whether a category applies to a student: 'new' students were admitted on or after the start
 * of the term's academic year (the term's own start when it has none), 'old' before it.
 */
export function appliesToStudent(
  appliesTo: FeeApplicability,
  admittedOn: string,
  yearStart: string,
): boolean {
  if (appliesTo === 'all') return true;
  const isNew = admittedOn >= yearStart;
  return appliesTo === 'new' ? isNew : !isNew;
}

/** Why a class or a term the fees use cannot be deleted (nothing lost silently). */
export const classHasFeesMessage = (name: string) =>
  `${name} has amounts in a fee structure; remove them from the structure before deleting it`;
export const termHasFeeStructureMessage = (name: string) =>
  `${name} has a fee structure; remove its amounts before deleting it`;
export const termHasLedgerMessage = (name: string) =>
  `${name} has fees billed or credited to students; it cannot be deleted`;
