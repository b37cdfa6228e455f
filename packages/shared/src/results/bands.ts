import { KCSE_SCALE } from '../kcse';
import { roundHalfUp } from './rounding';

/** A grade's band of marks, inclusive at both ends, in whole marks (A 80-100, A- 75-79). */
export interface Band {
  code: string;
  points: number | null;
  min: number;
  max: number;
  comment?: string | null;
}

/**
 * The band a mark falls in. Bands are whole marks, so the mark is first rounded half up to a
 * whole number: 79.5 is 80 (A), 79.49 is 79 (A-). Null when no band holds it; the first band
 * wins if a school's bands overlap.
 */
export function bandOf(mark: number, bands: readonly Band[]): Band | null {
  if (!Number.isFinite(mark)) return null;
  const whole = roundHalfUp(mark);
  return bands.find((band) => band.min <= whole && whole <= band.max) ?? null;
}

/** The one-click KCSE scale's default bands (A 80-100 … E 0-29) as bands. */
export const KCSE_BANDS: readonly Band[] = KCSE_SCALE.map((grade) => ({
  code: grade.code,
  points: grade.points,
  min: grade.min_score,
  max: grade.max_score,
  comment: grade.comments,
}));

/** The KCSE mean grade from the total points of the seven subjects counted, out of 84. */
export const KCSE_MEAN_GRADES: readonly { code: string; minPoints: number; maxPoints: number }[] = [
  { code: 'A', minPoints: 81, maxPoints: 84 },
  { code: 'A-', minPoints: 74, maxPoints: 80 },
  { code: 'B+', minPoints: 67, maxPoints: 73 },
  { code: 'B', minPoints: 60, maxPoints: 66 },
  { code: 'B-', minPoints: 53, maxPoints: 59 },
  { code: 'C+', minPoints: 46, maxPoints: 52 },
  { code: 'C', minPoints: 39, maxPoints: 45 },
  { code: 'C-', minPoints: 32, maxPoints: 38 },
  { code: 'D+', minPoints: 25, maxPoints: 31 },
  { code: 'D', minPoints: 18, maxPoints: 24 },
  { code: 'D-', minPoints: 11, maxPoints: 17 },
  { code: 'E', minPoints: 7, maxPoints: 10 },
];

/**
 * The KCSE mean grade of a total of points. Seven subjects of 1 to 12 points give 7 to 84; a
 * school's own bands may give 0 points, so a total under 7 is still E.
 */
export function kcseMeanGradeOfTotalPoints(totalPoints: number): string {
  const grade = KCSE_MEAN_GRADES.find((g) => totalPoints >= g.minPoints);
  return (grade ?? KCSE_MEAN_GRADES.at(-1)!).code;
}

/**
 * KJSEA's eight performance levels (Grade 9). KNEC's table starts BE2 at 1; a mark of 0 is
 * still below expectations, so BE2 here runs from 0 and every mark from 0 to 100 has a level.
 */
export const CBC_KJSEA_SCALE: readonly Band[] = [
  { code: 'EE1', points: 8, min: 90, max: 100, comment: 'Exceeding expectations' },
  { code: 'EE2', points: 7, min: 75, max: 89, comment: 'Exceeding expectations' },
  { code: 'ME1', points: 6, min: 58, max: 74, comment: 'Meeting expectations' },
  { code: 'ME2', points: 5, min: 41, max: 57, comment: 'Meeting expectations' },
  { code: 'AE1', points: 4, min: 31, max: 40, comment: 'Approaching expectations' },
  { code: 'AE2', points: 3, min: 21, max: 30, comment: 'Approaching expectations' },
  { code: 'BE1', points: 2, min: 11, max: 20, comment: 'Below expectations' },
  { code: 'BE2', points: 1, min: 0, max: 10, comment: 'Below expectations' },
];

/**
 * The four CBC rubric levels. There is no national cut-off for them, so the defaults pair up
 * KJSEA's eight levels (EE = EE1 + EE2, and so on); the school edits them.
 */
export const CBC_RUBRIC_SCALE: readonly Band[] = [
  { code: 'EE', points: 4, min: 75, max: 100, comment: 'Exceeding expectations' },
  { code: 'ME', points: 3, min: 41, max: 74, comment: 'Meeting expectations' },
  { code: 'AE', points: 2, min: 21, max: 40, comment: 'Approaching expectations' },
  { code: 'BE', points: 1, min: 0, max: 20, comment: 'Below expectations' },
];
