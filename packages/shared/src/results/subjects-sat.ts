import { isNumericMark } from './marks';
import { roundHalfUp } from './rounding';
import type { StudentOutcome, SubjectMarkInput } from './scheme';

/** A subject with a numeric mark. */
export type SatSubject = SubjectMarkInput & { mark: number };
/** A subject sat whose mark fell in a band with points: the KCSE rules can count it. */
export type GradedSubject = SatSubject & { points: number };

/** What every rule starts from: X is left out of everything, Y withholds the result. */
export interface SubjectsSat {
  sat: SatSubject[];
  graded: GradedSubject[];
  withheld: SubjectMarkInput[];
  subjectCount: number;
  totalMarks: number;
  meanMark: number | null;
}

export function subjectsSat(subjects: readonly SubjectMarkInput[]): SubjectsSat {
  // One pass (a level's list asks this of every student in two exams): the same lists, in the
  // subjects' order, as filtering three times would give.
  const sat: SatSubject[] = [];
  const graded: GradedSubject[] = [];
  const withheld: SubjectMarkInput[] = [];
  let sum = 0;
  for (const s of subjects) {
    if (isNumericMark(s.mark)) {
      sat.push(s as SatSubject);
      sum += s.mark;
      if (s.points !== null) graded.push(s as GradedSubject);
    } else if (s.mark === 'Y') withheld.push(s);
  }
  return {
    sat,
    graded,
    withheld,
    subjectCount: sat.length,
    totalMarks: roundHalfUp(sum, 2),
    meanMark: sat.length > 0 ? roundHalfUp(sum / sat.length, 2) : null,
  };
}

export const subjectLabel = (s: SubjectMarkInput) => s.name?.trim() || s.code.trim();

/**
 * A result with a Y is withheld whatever the rule: no mean, no points, no grade. The marks sat
 * are still counted and totalled so a list can show them beside the Y.
 */
export function withheldOutcome(s: SubjectsSat): StudentOutcome | null {
  if (s.withheld.length === 0) return null;
  return {
    subjectCount: s.subjectCount,
    totalMarks: s.totalMarks,
    meanMark: null,
    totalPoints: null,
    meanPoints: null,
    meanGrade: null,
    countedSubjectIds: [],
    status: 'withheld',
    reason: `Result withheld (Y in ${s.withheld.map(subjectLabel).join(', ')})`,
  };
}

/** A result the rule cannot give: the marks sat are shown, no points or grade are made up. */
export function incompleteOutcome(s: SubjectsSat, reasons: readonly string[]): StudentOutcome {
  return {
    subjectCount: s.subjectCount,
    totalMarks: s.totalMarks,
    meanMark: s.meanMark,
    totalPoints: null,
    meanPoints: null,
    meanGrade: null,
    countedSubjectIds: [],
    status: 'incomplete',
    reason: reasons.join('; '),
  };
}

/**
 * Best first: more points, then the higher mark; subjects equal in both are interchangeable
 * for the total, and the lower subject id comes first so the counted subjects are stable.
 */
export function bestFirst(a: GradedSubject, b: GradedSubject): number {
  return b.points - a.points || b.mark - a.mark || a.subjectId - b.subjectId;
}

/**
 * The best `count` of the subjects that pass the test, best first: the same as filtering,
 * sorting by bestFirst and keeping the first `count`, without Array.prototype.sort's working
 * copies (a level's list picks the best five of every student's subjects).
 */
export function bestFew(
  graded: readonly GradedSubject[],
  count: number,
  test: (s: GradedSubject) => boolean,
): GradedSubject[] {
  const best: GradedSubject[] = [];
  for (const subject of graded) {
    if (!test(subject)) continue;
    let at = best.length;
    while (at > 0 && bestFirst(subject, best[at - 1]!) < 0) at--;
    if (at >= count) continue;
    // Shift the worse ones down one place (the last falls off once `count` are kept).
    for (let i = Math.min(best.length, count - 1); i > at; i--) best[i] = best[i - 1]!;
    best[at] = subject;
  }
  return best;
}

/** The best of the subjects that pass the test, or undefined if none is graded. */
export function bestOf(
  graded: readonly GradedSubject[],
  test: (s: GradedSubject) => boolean,
): GradedSubject | undefined {
  // The first by bestFirst, found in one pass: a level's list asks this twice per student.
  let best: GradedSubject | undefined;
  for (const subject of graded) {
    if (test(subject) && (best === undefined || bestFirst(subject, best) < 0)) best = subject;
  }
  return best;
}

/** 'No mark in X' when none was sat, 'No grade in X' when one was sat but fell in no band. */
export function missingSubjectReason(
  s: SubjectsSat,
  what: string,
  test: (subject: SatSubject) => boolean,
): string {
  return `${s.sat.some(test) ? 'No grade' : 'No mark'} in ${what}`;
}

/** The reason a student has fewer subjects than a rule counts, sat or graded. */
export function tooFewReason(
  sat: number,
  graded: number,
  needed: number,
  what = 'subjects',
): string | null {
  if (sat < needed) return `Fewer than ${needed} ${what} sat (${sat})`;
  if (graded < needed) return `Fewer than ${needed} ${what} graded (${graded})`;
  return null;
}
