import { z } from 'zod';
import { schoolRef } from './fields';
import { schoolQuery } from './school-scope';

/**
 * The setup wizard (/setup, spec §2): six steps a new school walks through once. Each step
 * saves when the user moves on (the year, terms and classes through their own endpoints, the
 * fees through the fee structure's), and the school's step is kept (school_setups), so a reload
 * or another device resumes where it was left.
 */
export const SETUP_STEPS = [
  'welcome',
  'academic_year',
  'terms',
  'classes',
  'fees',
  'review',
] as const;
export type SetupStepName = (typeof SETUP_STEPS)[number];
/** Spec §9: the wizard has six steps. */
export const SETUP_STEP_COUNT = SETUP_STEPS.length;

export const SETUP_STEP_LABELS: Record<SetupStepName, string> = {
  welcome: 'Welcome',
  academic_year: 'Academic year',
  terms: 'Terms',
  classes: 'Classes',
  fees: 'Fee structures',
  review: 'Review',
};

/** The step number (1 to 6) of a step's name. */
export const setupStepNumber = (name: SetupStepName) => SETUP_STEPS.indexOf(name) + 1;

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
export const setupResponse = z.object({
  step: z.number().int(),
  /** ISO 8601, or null while setup is unfinished. */
  finished_at: z.string().nullable(),
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
});
export type SetupState = z.infer<typeof setupResponse>;

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
