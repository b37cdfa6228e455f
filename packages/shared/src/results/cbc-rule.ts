import { meanMarkOutcome } from './average-rule';
import type { GradingScheme } from './scheme';

/**
 * CBC competency levels: the mean mark over the subjects sat, placed on the competency scale
 * the school applied (CBC_KJSEA_SCALE or CBC_RUBRIC_SCALE with its cut-offs). Competency
 * reports do not rank, so positions are hidden.
 */
export const cbcScheme: GradingScheme = {
  name: 'cbc',
  ranks: false,
  rankBy: 'mean_mark',
  deviationOf: 'mean_mark',
  outcome: meanMarkOutcome,
};
