// No zod here: the dashboard's setup offer reads the step count, and zod is not part of its load.

/**
 * The setup wizard (/setup): six steps a new school walks through once. Each step
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
/** The wizard has six steps. */
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
