import type { CBC_SCALES } from './grades';
import { KCSE_SCALE, type KcseGrade } from './kcse';
import { type Band, CBC_KJSEA_SCALE, CBC_RUBRIC_SCALE } from './results/bands';

/** A grade of a one-click scale: its name, code, points, comment and default band of marks. */
export type ScaleGrade = KcseGrade;

const CBC_LEVEL_NAMES: Record<string, string> = {
  EE: 'Exceeding expectations',
  ME: 'Meeting expectations',
  AE: 'Approaching expectations',
  BE: 'Below expectations',
};

/** EE1 → 'Exceeding expectations 1', ME → 'Meeting expectations'. */
function cbcGrade(band: Band): ScaleGrade {
  const level = CBC_LEVEL_NAMES[band.code.slice(0, 2)] ?? band.code;
  const name = band.code.length > 2 ? `${level} ${band.code.slice(2)}` : level;
  return {
    code: band.code,
    name,
    points: band.points ?? 0,
    comments: band.comment ?? name,
    min_score: band.min,
    max_score: band.max,
  };
}

/** The CBC scales a school applies in one click (POST /api/grades/grades/cbc/). */
export const CBC_SCALE_GRADES: Record<(typeof CBC_SCALES)[number], readonly ScaleGrade[]> = {
  kjsea: CBC_KJSEA_SCALE.map(cbcGrade),
  rubric: CBC_RUBRIC_SCALE.map(cbcGrade),
};

const ONE_CLICK_GRADES = [KCSE_SCALE, CBC_SCALE_GRADES.kjsea, CBC_SCALE_GRADES.rubric].flat();

/**
 * The default band of a school grade, for a subject created after a one-click scale was
 * applied. Only a grade that is still a grade of such a scale (its code and its points both
 * match) gets one; any other grade starts with an empty band, so a school's own scale is never
 * guessed at.
 */
export function scaleDefaultBand(grade: { code: string; points: number | null }) {
  const known = ONE_CLICK_GRADES.find((k) => k.code === grade.code && k.points === grade.points);
  return known ? { min_score: known.min_score, max_score: known.max_score } : null;
}
