import {
  FEE_APPLICABILITY,
  FEE_APPLICABILITY_LABELS,
  FEE_DURATION_LABELS,
  FEE_DURATIONS,
  VOTE_HEAD_LABELS,
  VOTE_HEADS,
} from '@shule/shared/fees';

const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));

/** The choices of a fee category's selects, each said in words (the category dialog, setup). */
export const durationOptions = () => optionsOf(FEE_DURATIONS, FEE_DURATION_LABELS);
export const applicabilityOptions = () => optionsOf(FEE_APPLICABILITY, FEE_APPLICABILITY_LABELS);
export const voteHeadOptions = () => optionsOf(VOTE_HEADS, VOTE_HEAD_LABELS);
