import { type Band, bandOf } from './bands';
import { roundHalfUp } from './rounding';
import type { GradingScheme, StudentOutcome, SubjectMarkInput } from './scheme';
import { incompleteOutcome, subjectsSat, withheldOutcome } from './subjects-sat';

/**
 * The mean mark over the subjects sat, graded by meanBands. The grade is of the mean as shown
 * (2 decimals), so a printed 79.50 reads as the 80 it rounds to. Points are summed only when
 * every subject sat has them: a total missing some subjects would mislead.
 */
export function meanMarkOutcome(
  subjects: readonly SubjectMarkInput[],
  meanBands: readonly Band[],
): StudentOutcome {
  const s = subjectsSat(subjects);
  const withheld = withheldOutcome(s);
  if (withheld) return withheld;
  if (s.meanMark === null) return incompleteOutcome(s, ['No subjects sat']);

  const allHavePoints = s.graded.length === s.subjectCount;
  const totalPoints = allHavePoints ? s.graded.reduce((total, g) => total + g.points, 0) : null;
  return {
    subjectCount: s.subjectCount,
    totalMarks: s.totalMarks,
    meanMark: s.meanMark,
    totalPoints,
    meanPoints: totalPoints === null ? null : roundHalfUp(totalPoints / s.subjectCount, 3),
    meanGrade: bandOf(s.meanMark, meanBands)?.code ?? null,
    countedSubjectIds: s.sat.map((subject) => subject.subjectId),
    status: 'complete',
    reason: null,
  };
}

export const averageScheme: GradingScheme = {
  name: 'average',
  ranks: true,
  rankBy: 'mean_mark',
  deviationOf: 'mean_mark',
  outcome: meanMarkOutcome,
};
