import { kcseMeanGradeOfTotalPoints } from './bands';
import { roundHalfUp } from './rounding';
import type { GradingScheme, StudentOutcome, SubjectMarkInput } from './scheme';
import { kcseCoreSubjectOf } from './subject-groups';
import {
  bestFew,
  bestOf,
  type GradedSubject,
  incompleteOutcome,
  missingSubjectReason,
  type SubjectsSat,
  subjectsSat,
  tooFewReason,
  withheldOutcome,
} from './subjects-sat';

/** Both KCSE rules count seven subjects: a total of 7 to 84 points. */
export const KCSE_SUBJECTS_COUNTED = 7;

export const isMathematics = (s: SubjectMarkInput) => kcseCoreSubjectOf(s.code) === 'mathematics';

/** Kenyan Sign Language stands in for Kiswahili in both rules. */
export const isKiswahiliOrKsl = (s: SubjectMarkInput) => {
  const core = kcseCoreSubjectOf(s.code);
  return core === 'kiswahili' || core === 'ksl';
};

const isLanguage = (s: SubjectMarkInput) => {
  const core = kcseCoreSubjectOf(s.code);
  return core === 'english' || core === 'kiswahili' || core === 'ksl';
};

/** The result of the seven subjects a KCSE rule counted: points, mean points and mean grade. */
export function kcseCountedOutcome(
  s: SubjectsSat,
  counted: readonly GradedSubject[],
): StudentOutcome {
  const totalPoints = counted.reduce((total, subject) => total + subject.points, 0);
  return {
    subjectCount: s.subjectCount,
    totalMarks: s.totalMarks,
    meanMark: s.meanMark,
    totalPoints,
    meanPoints: roundHalfUp(totalPoints / KCSE_SUBJECTS_COUNTED, 3),
    meanGrade: kcseMeanGradeOfTotalPoints(totalPoints),
    countedSubjectIds: counted.map((subject) => subject.subjectId),
    status: 'complete',
    reason: null,
  };
}

/**
 * KNEC's rule since the 2023 KCSE: Mathematics, the better of English and Kiswahili (or KSL),
 * and the best five of the rest, the other language included. "Best" is by points, then mark.
 */
function kcseOutcome(subjects: readonly SubjectMarkInput[]): StudentOutcome {
  const s = subjectsSat(subjects);
  const withheld = withheldOutcome(s);
  if (withheld) return withheld;

  const mathematics = bestOf(s.graded, isMathematics);
  const language = bestOf(s.graded, isLanguage);
  const reasons: string[] = [];
  if (!mathematics) reasons.push(missingSubjectReason(s, 'Mathematics', isMathematics));
  if (!language) reasons.push(missingSubjectReason(s, 'English, Kiswahili or KSL', isLanguage));
  const tooFew = tooFewReason(s.subjectCount, s.graded.length, KCSE_SUBJECTS_COUNTED);
  if (tooFew) reasons.push(tooFew);
  if (!mathematics || !language || reasons.length > 0) return incompleteOutcome(s, reasons);

  const bestFive = bestFew(
    s.graded,
    KCSE_SUBJECTS_COUNTED - 2,
    (subject) => subject !== mathematics && subject !== language,
  );
  return kcseCountedOutcome(s, [mathematics, language, ...bestFive]);
}

export const kcseScheme: GradingScheme = {
  name: 'kcse',
  ranks: true,
  rankBy: 'total_points',
  deviationOf: 'mean_points',
  outcome: kcseOutcome,
};
