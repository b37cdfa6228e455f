import { isNumericMark, type Mark } from './marks';
import { roundHalfUp } from './rounding';

/** One component exam's mark in a subject, and that exam's weight in the combined exam. */
export interface WeightedMark {
  weight: number;
  mark: Mark | undefined;
}

/**
 * A combined exam's mark in a subject (docs/decisions/008-combined-exams.md): the weighted mean
 * of the numeric marks the student has, the weights rescaled over those (`rescaled` when a
 * component was X or missing), rounded half up to a whole mark as bands are whole marks. A Y
 * in any component withholds the combined mark (Y): another paper does not cure an
 * irregularity. Without a numeric mark: X when any component is X, else no mark.
 */
export function combinedMark(parts: readonly WeightedMark[]): {
  mark: Mark | undefined;
  rescaled: boolean;
} {
  let weighted = 0;
  let weights = 0;
  let numeric = 0;
  let absent = false;
  for (const { weight, mark } of parts) {
    if (mark === 'Y') return { mark: 'Y', rescaled: false };
    if (mark === undefined) continue;
    if (isNumericMark(mark)) {
      weighted += weight * mark;
      weights += weight;
      numeric += 1;
    } else absent = true;
  }
  if (numeric === 0) return { mark: absent ? 'X' : undefined, rescaled: false };
  return { mark: roundHalfUp(weighted / weights), rescaled: numeric < parts.length };
}

/**
 * A student's combined marks from their marks in each component exam (subject id → mark):
 * `combinedMark` per subject any component has, and the subjects whose weights were rescaled.
 */
export function combineMarks(
  components: readonly { weight: number; marks: Readonly<Record<string, Mark>> }[],
): { marks: Record<string, Mark>; rescaled: Set<string> } {
  const marks: Record<string, Mark> = {};
  const rescaled = new Set<string>();
  // Every student of a combined exam's list passes here: one set of parts, refilled per subject.
  const parts: WeightedMark[] = components.map((c) => ({ weight: c.weight, mark: undefined }));
  components.forEach((component, k) => {
    for (const subject of Object.keys(component.marks)) {
      // A subject is combined once, at the first component that has it.
      if (hasSubjectBefore(components, k, subject)) continue;
      components.forEach((c, i) => {
        parts[i]!.mark = c.marks[subject];
      });
      const combined = combinedMark(parts);
      if (combined.mark === undefined) continue;
      marks[subject] = combined.mark;
      if (combined.rescaled) rescaled.add(subject);
    }
  });
  return { marks, rescaled };
}

function hasSubjectBefore(
  components: readonly { marks: Readonly<Record<string, Mark>> }[],
  k: number,
  subject: string,
) {
  for (let i = 0; i < k; i++) if (Object.hasOwn(components[i]!.marks, subject)) return true;
  return false;
}
