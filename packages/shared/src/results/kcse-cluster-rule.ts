import {
  isKiswahiliOrKsl,
  isMathematics,
  KCSE_SUBJECTS_COUNTED,
  kcseCountedOutcome,
} from './kcse-rule';
import type { GradingScheme, StudentOutcome, SubjectMarkInput } from './scheme';
import { kcseCoreSubjectOf } from './subject-groups';
import {
  bestFew,
  bestOf,
  incompleteOutcome,
  missingSubjectReason,
  subjectsSat,
  tooFewReason,
  withheldOutcome,
} from './subjects-sat';

const SCIENCES_COUNTED = 2;

const isEnglish = (s: SubjectMarkInput) => kcseCoreSubjectOf(s.code) === 'english';
const isScience = (s: SubjectMarkInput) =>
  s.group === 'sciences' && kcseCoreSubjectOf(s.code) === null;
const isHumanity = (s: SubjectMarkInput) =>
  s.group === 'humanities' && kcseCoreSubjectOf(s.code) === null;

/**
 * KNEC's rule before 2023, which schools still compare with: English, Kiswahili (or KSL),
 * Mathematics, the best two sciences, the best humanity and the best remaining subject (a
 * third science, a second humanity, a technical subject or any other). Sciences and humanities
 * are the subject's group as the school set it. "Best" is by points, then mark.
 */
function kcseClusterOutcome(subjects: readonly SubjectMarkInput[]): StudentOutcome {
  const s = subjectsSat(subjects);
  const withheld = withheldOutcome(s);
  if (withheld) return withheld;

  const english = bestOf(s.graded, isEnglish);
  const kiswahili = bestOf(s.graded, isKiswahiliOrKsl);
  const mathematics = bestOf(s.graded, isMathematics);
  const sciences = bestFew(s.graded, SCIENCES_COUNTED, isScience);
  const humanity = bestOf(s.graded, isHumanity);

  const reasons: string[] = [];
  if (!english) reasons.push(missingSubjectReason(s, 'English', isEnglish));
  if (!kiswahili) reasons.push(missingSubjectReason(s, 'Kiswahili or KSL', isKiswahiliOrKsl));
  if (!mathematics) reasons.push(missingSubjectReason(s, 'Mathematics', isMathematics));
  const tooFewSciences = tooFewReason(
    s.sat.filter(isScience).length,
    s.graded.filter(isScience).length,
    SCIENCES_COUNTED,
    'sciences',
  );
  if (tooFewSciences) reasons.push(tooFewSciences);
  if (!humanity) reasons.push(missingSubjectReason(s, 'a humanity', isHumanity));
  const tooFew = tooFewReason(s.subjectCount, s.graded.length, KCSE_SUBJECTS_COUNTED);
  if (tooFew) reasons.push(tooFew);

  const required = [english, kiswahili, mathematics, ...sciences, humanity];
  const remaining = bestOf(s.graded, (subject) => !required.includes(subject));
  if (!english || !kiswahili || !mathematics || !humanity || !remaining || reasons.length > 0) {
    return incompleteOutcome(s, reasons);
  }
  return kcseCountedOutcome(s, [english, kiswahili, mathematics, ...sciences, humanity, remaining]);
}

export const kcseClusterScheme: GradingScheme = {
  name: 'kcse_cluster',
  ranks: true,
  rankBy: 'total_points',
  deviationOf: 'mean_points',
  outcome: kcseClusterOutcome,
};
