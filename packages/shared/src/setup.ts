import { z } from 'zod';
import { classFormSchema, classNameTakenMessage } from './classes';
import { endNotBeforeStart, endNotBeforeStartIssue } from './date-status';
import { createFeeCategoryBody, FEE_STRUCTURE_MESSAGES } from './fee-structures';
import { FEE_APPLICABILITY, FEE_DURATIONS, kesInputField, VOTE_HEADS } from './fees';
import { isoDateField, requiredText, schoolRef } from './fields';
import { schoolQuery } from './school-scope';
import { setupProgressSchema } from './setup-progress';
import { SETUP_STEP_COUNT, setupStepNumber } from './setup-steps';

export const SETUP_MESSAGES = {
  step: `Step must be a whole number from 1 to ${SETUP_STEP_COUNT}`,
  needsYear: 'Save the academic year first',
  needsTerm: 'Add at least one term to the academic year first',
  needsClass: 'Add at least one class first',
} as const;

const stepField = z
  .number({ error: SETUP_MESSAGES.step })
  .int(SETUP_MESSAGES.step)
  .min(1, SETUP_MESSAGES.step)
  .max(SETUP_STEP_COUNT, SETUP_MESSAGES.step);

/** GET /api/setup/?school= */
export const setupQuery = schoolQuery;

/** PUT /api/setup/ {step}: the step the user moved to (forward past a saved step, or back). */
export const updateSetupBody = z.object({ school: schoolRef, step: stepField });
export type UpdateSetupBody = z.input<typeof updateSetupBody>;

/** POST /api/setup/finish/ */
export const finishSetupBody = z.object({ school: schoolRef });

const savedTermSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});

/**
 * GET /api/setup/ and the answer of PUT and finish: the school's step, when it finished (null
 * until then), and what the wizard saved, read back: the latest academic year, its terms in
 * date order and the school's classes by name.
 */
export const setupResponse = setupProgressSchema.extend({
  academic_year: z
    .object({
      id: z.number().int(),
      name: z.string(),
      start_date: z.string(),
      end_date: z.string(),
    })
    .nullable(),
  terms: z.array(savedTermSchema),
  classes: z.array(
    z.object({ id: z.number().int(), name: z.string(), level: z.string().nullable() }),
  ),
  /**
   * What the school has beyond the wizard's own steps, for its last screen to send them on:
   * how many grades (the grading scale), subjects and teachers.
   */
  after: z.object({
    grades: z.number().int(),
    subjects: z.number().int(),
    teachers: z.number().int(),
  }),
});
export type SetupState = z.infer<typeof setupResponse>;

/**
 * The grading scale a school's classes call for: KCSE's for Form classes (8-4-4), a CBC scale
 * for Grade classes (CBE), both when it has both; from the classes' levels, or names without.
 */
export function suggestedScales(classes: readonly { name: string; level: string | null }[]) {
  const levels = classes.map((c) => (c.level ?? c.name).trim().toLowerCase());
  return {
    kcse: levels.some((l) => l.startsWith('form')),
    cbc: levels.some((l) => l.startsWith('grade')),
  };
}

/**
 * Why the wizard may not stand at `step` with what is saved, or null when it may: the terms
 * step needs the year, the classes step a term of it, the fees step a class (fees may wait).
 */
export function setupStepRefusal(
  step: number,
  saved: Pick<SetupState, 'academic_year' | 'terms' | 'classes'>,
): string | null {
  if (step >= setupStepNumber('terms') && !saved.academic_year) return SETUP_MESSAGES.needsYear;
  if (step >= setupStepNumber('classes') && saved.terms.length === 0)
    return SETUP_MESSAGES.needsTerm;
  if (step >= setupStepNumber('fees') && saved.classes.length === 0)
    return SETUP_MESSAGES.needsClass;
  return null;
}

// ── The wizard's forms ──────────────────────────────────────────────────────────────────────

const termRow = z
  .object({
    /** The saved term this row edits; absent for a row added with "Add another term". */
    id: z.number().int().optional(),
    name: requiredText('Name'),
    start_date: isoDateField('Start date'),
    end_date: isoDateField('End date'),
  })
  .refine(endNotBeforeStart, endNotBeforeStartIssue);

/** Step 3: the year's terms, one or more (each saved through POST/PATCH /api/fees/terms/). */
export const setupTermsFormSchema = z.object({
  terms: z.array(termRow).min(1, 'Add at least one term'),
});
export type SetupTermsForm = z.input<typeof setupTermsFormSchema>;

const classRow = z.object({
  id: z.number().int().optional(),
  name: classFormSchema.shape.name,
  level: classFormSchema.shape.level,
});

/** Step 4: the school's classes with their level (each saved through /api/classes/). */
export const setupClassesFormSchema = z
  .object({ classes: z.array(classRow).min(1, 'Add at least one class') })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.classes.forEach((c, i) => {
      const key = c.name.trim().toLowerCase();
      if (key && seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['classes', i, 'name'],
          message: classNameTakenMessage(c.name.trim()),
        });
      }
      seen.add(key);
    });
  });
export type SetupClassesForm = z.input<typeof setupClassesFormSchema>;

/** What the fees step says when a fee names no term or no class. */
export const SETUP_FEE_MESSAGES = {
  terms: 'Choose at least one term',
  classes: 'Tick at least one class and type its amount',
} as const;

const feeClassAmount = z.object({
  class: z.number().int(),
  /** A class's amount input is enabled only when its class is ticked. */
  checked: z.boolean(),
  /** Shillings as typed ("12,500"); read only when ticked. */
  amount: z.string().optional(),
});

const feeRow = z
  .object({
    /** The saved category this fee edits; absent for a fee added with "Add another fee". */
    id: z.number().int().optional(),
    name: createFeeCategoryBody.shape.name,
    applies_to: z.enum(FEE_APPLICABILITY, { error: FEE_STRUCTURE_MESSAGES.appliesTo }),
    duration: z.enum(FEE_DURATIONS, { error: FEE_STRUCTURE_MESSAGES.duration }),
    vote_head: z.enum(VOTE_HEADS, { error: FEE_STRUCTURE_MESSAGES.voteHead }),
    terms: z.array(z.number().int()).min(1, SETUP_FEE_MESSAGES.terms),
    amounts: z.array(feeClassAmount),
  })
  .transform((fee, ctx) => {
    const lines: { class: number; amount_cents: number }[] = [];
    fee.amounts.forEach((a, i) => {
      if (!a.checked) return;
      const cents = kesInputField.safeParse(a.amount ?? '');
      if (cents.success) lines.push({ class: a.class, amount_cents: cents.data });
      else
        ctx.addIssue({
          code: 'custom',
          path: ['amounts', i, 'amount'],
          message: cents.error.issues[0]!.message,
        });
    });
    if (!fee.amounts.some((a) => a.checked)) {
      ctx.addIssue({ code: 'custom', path: ['amounts'], message: SETUP_FEE_MESSAGES.classes });
    }
    return { ...fee, lines };
  });

/**
 * Step 5, the fee structure: fees, each a category (saved through
 * /api/fees/categories/) with the terms it is charged in and an amount per ticked class (saved
 * through PUT /api/fees/structures/ for that category alone, term by term). "Add another fee".
 */
export const setupFeesFormSchema = z.object({ fees: z.array(feeRow) });
export type SetupFeesForm = z.input<typeof setupFeesFormSchema>;
export type SetupFeesValues = z.output<typeof setupFeesFormSchema>;
