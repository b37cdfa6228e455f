import { averageScheme } from './average-rule';
import { type Band, bandOf } from './bands';
import { cbcScheme } from './cbc-rule';
import { kcseClusterScheme } from './kcse-cluster-rule';
import { kcseScheme } from './kcse-rule';
import { isNumericMark, type Mark } from './marks';
import { type KcseGroup, kcseGroupOfCode } from './subject-groups';

/**
 * How an exam's marks become each student's result. The school picks a default and may
 * override it per exam, because schools still compare with the rule before 2023.
 */
export const GRADING_SCHEMES = ['kcse', 'kcse_cluster', 'average', 'cbc'] as const;
export type GradingSchemeName = (typeof GRADING_SCHEMES)[number];

export const GRADING_SCHEME_LABELS: Record<GradingSchemeName, string> = {
  kcse: 'KCSE, since 2023 (Mathematics, best language, best five)',
  kcse_cluster: 'KCSE, before 2023 (subject clusters)',
  average: 'Average mark',
  cbc: 'CBC competency levels',
};

/** One subject of a student in one exam. */
export interface SubjectMarkInput {
  subjectId: number;
  /** The subject's code (ENG, 121 …): it tells the rules which subjects are the required ones. */
  code: string;
  /** The school's KCSE group for the subject (the cluster rule picks sciences and humanities). */
  group: KcseGroup | null;
  /** For the reasons a person reads ('Result withheld (Y in English)'); the code if absent. */
  name?: string | null;
  mark: Mark;
  /** The subject's band for a numeric mark (bandOf with the subject's bands); null for X or Y. */
  grade: string | null;
  points: number | null;
}

/** complete: has a result and ranks; incomplete: the rule lacks a subject; withheld: a Y. */
export type OutcomeStatus = 'complete' | 'incomplete' | 'withheld';

export interface StudentOutcome {
  /** Subjects sat: numeric marks (X and Y are not counted). */
  subjectCount: number;
  /** Sum of the numeric marks, 2 decimals. */
  totalMarks: number;
  /** totalMarks / subjectCount, 2 decimals; null when nothing was sat or the result is withheld. */
  meanMark: number | null;
  /** KCSE rules: points of the seven subjects counted (of 84); average and cbc: the sum of the
   * points of the subjects sat when every one of them has points. */
  totalPoints: number | null;
  /** KCSE rules: totalPoints / 7; average and cbc: totalPoints / subjectCount; 3 decimals as
   * KNEC prints them (55 / 7 = 7.857). */
  meanPoints: number | null;
  /** KCSE rules: from KCSE_MEAN_GRADES by total points; average and cbc: the band of meanMark. */
  meanGrade: string | null;
  /** The subjects counted in totalPoints (KCSE rules: the seven), empty without a result. */
  countedSubjectIds: number[];
  status: OutcomeStatus;
  /** Why the status is not complete, for a person to read; null when complete. */
  reason: string | null;
}

export interface GradingScheme {
  name: GradingSchemeName;
  /** Whether positions are shown: competency reports (cbc) do not rank. */
  ranks: boolean;
  /** What a merit list ranks by first; total marks break ties. */
  rankBy: 'total_points' | 'mean_mark';
  /** What the deviation from the previous exam is measured on. */
  deviationOf: 'mean_points' | 'mean_mark';
  /** meanBands grade the overall mean (average: the school's bands; cbc: the scale's). The KCSE
   * rules grade by total points and do not use them. */
  outcome(subjects: readonly SubjectMarkInput[], meanBands: readonly Band[]): StudentOutcome;
}

/**
 * The mean a scheme compares across exams (the deviation, a form's trend): mean points under
 * the KCSE rules, mean mark otherwise; none for an incomplete or withheld result.
 */
export function comparableMean(
  scheme: GradingScheme,
  o: Pick<StudentOutcome, 'status' | 'meanPoints' | 'meanMark'>,
): number | null {
  if (o.status !== 'complete') return null;
  return scheme.deviationOf === 'mean_points' ? o.meanPoints : o.meanMark;
}

/**
 * A subject's mark as the rules take it: the grade and points of a numeric mark from the
 * subject's own bands, none for X or Y. The group defaults to the one the subject's code implies.
 */
export function subjectMarkInput(
  subject: { id: number; code: string; name?: string | null; group?: KcseGroup | null },
  mark: Mark,
  bands: readonly Band[],
): SubjectMarkInput {
  const band = isNumericMark(mark) ? bandOf(mark, bands) : null;
  return {
    subjectId: subject.id,
    code: subject.code,
    group: subject.group === undefined ? kcseGroupOfCode(subject.code) : subject.group,
    name: subject.name ?? null,
    mark,
    grade: band?.code ?? null,
    points: band?.points ?? null,
  };
}

const SCHEMES: Record<GradingSchemeName, GradingScheme> = {
  kcse: kcseScheme,
  kcse_cluster: kcseClusterScheme,
  average: averageScheme,
  cbc: cbcScheme,
};

export function gradingScheme(name: GradingSchemeName): GradingScheme {
  return SCHEMES[name];
}

/**
 * Sort key for ranking, higher first; a complete outcome ranks, others are listed after (null).
 * KCSE rules: total points then total marks; average and cbc: mean mark then total marks. A cbc
 * outcome has a key too, to order a list, but `scheme.ranks` says whether to show positions.
 */
export function rankKey(scheme: GradingScheme, o: StudentOutcome): number[] | null {
  if (o.status !== 'complete') return null;
  const first = scheme.rankBy === 'total_points' ? o.totalPoints : o.meanMark;
  return first === null ? null : [first, o.totalMarks];
}

/** Comparator for Array.sort: higher keys first, null keys last. */
export function compareRankKeys(a: readonly number[] | null, b: readonly number[] | null): number {
  if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const difference = (b[i] ?? -Infinity) - (a[i] ?? -Infinity);
    if (difference !== 0 && !Number.isNaN(difference)) return difference;
  }
  return 0;
}

/**
 * Standard competition ranking: equal keys share a place and the next place skips
 * (1, 2, 2, 4); null keys get null. Returns positions in input order.
 */
export function competitionRanks(keys: readonly (number[] | null)[]): (number | null)[] {
  const order = keys
    .map((key, index) => ({ key, index }))
    .filter((entry): entry is { key: number[]; index: number } => entry.key !== null)
    .sort((a, b) => compareRankKeys(a.key, b.key));
  const positions: (number | null)[] = keys.map(() => null);
  order.forEach((entry, i) => {
    const previous = order[i - 1];
    positions[entry.index] =
      previous && compareRankKeys(previous.key, entry.key) === 0
        ? positions[previous.index]!
        : i + 1;
  });
  return positions;
}

/**
 * competitionRanks of single numbers, higher first (a subject's positions among thousands of
 * marks): the same places without a key per value. Null values get no place.
 */
export function competitionRanksOfNumbers(values: readonly (number | null)[]): (number | null)[] {
  // A place is one more than the number of higher values: counted per distinct value (a
  // subject's marks have about a hundred), not by sorting every mark.
  const counts = new Map<number, number>();
  for (const value of values) {
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const placeOf = new Map<number, number>();
  let place = 1;
  for (const value of [...counts.keys()].sort((a, b) => b - a)) {
    placeOf.set(value, place);
    place += counts.get(value)!;
  }
  return values.map((value) => (value === null ? null : placeOf.get(value)!));
}
