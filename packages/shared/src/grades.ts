import { z } from 'zod';
import {
  changesOf,
  clearableText,
  idField,
  LONG_TEXT_MAX,
  requiredText,
  schoolRef,
} from './fields';

/** Scores and band bounds run from 0 to 100. */
export const MIN_SCORE = 0;
export const MAX_SCORE = 100;

export const GRADE_CODE_MAX = 10;

/** A grade or subject code: trimmed and upper case, at most 10 characters. */
export const codeField = (label = 'Code') =>
  requiredText(label, { max: GRADE_CODE_MAX }).transform((v) => v.toUpperCase());

const POINTS_MESSAGE = 'Points must be a whole number from 0 to 100';
const pointsField = z
  .preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: POINTS_MESSAGE })
      .int(POINTS_MESSAGE)
      .min(0, POINTS_MESSAGE)
      .max(100, POINTS_MESSAGE)
      .nullable(),
  )
  .optional();

const gradeFields = {
  name: requiredText('Name'),
  code: codeField(),
  comments: clearableText('Comments', { max: LONG_TEXT_MAX, multiline: true }),
  points: pointsField,
};

/** The grade form (name, code forced to upper case, comments). */
export const gradeFormSchema = z.object(gradeFields);
export type GradeForm = z.input<typeof gradeFormSchema>;

/** POST /api/grades/grades/ */
export const createGradeBody = z.object({ ...gradeFields, school: schoolRef });
/** PATCH /api/grades/grades/{id}/ */
export const updateGradeBody = changesOf(gradeFields);

export const gradeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  points: z.number().nullable(),
  comments: z.string().nullable(),
  school: z.number().int(),
});
export type Grade = z.infer<typeof gradeSchema>;

/**
 * The order GET /grades/grades/ lists a school's grades in (its SQL says the same): most points
 * first, those without points last, then by code; a screen puts a new grade where it belongs.
 */
export function compareGrades(a: Grade, b: Grade) {
  if (a.points !== b.points) {
    if (a.points === null) return 1;
    if (b.points === null) return -1;
    return b.points - a.points;
  }
  if (a.code !== b.code) return a.code < b.code ? -1 : 1;
  return b.id - a.id;
}

/** GET /api/grades/grades/, and 201 from POST /api/grades/grades/kcse/ */
export const gradeListResponse = z.array(gradeSchema);

export const gradeCodeTakenMessage = (code: string) => `A grade with code ${code} already exists`;
export const KCSE_SCALE_CONFLICT_MESSAGE =
  'This school already has grades. The KCSE scale can only be applied when there are none.';
export const CBC_SCALE_CONFLICT_MESSAGE =
  'This school already has grades. A CBC scale can only be applied when there are none.';

/** POST /api/grades/grades/cbc/: KJSEA's eight levels (EE1 … BE2) or the four-level rubric. */
export const CBC_SCALES = ['kjsea', 'rubric'] as const;
export const applyCbcScaleBody = z.object({
  scale: z.enum(CBC_SCALES, { error: 'Choose the KJSEA scale or the four-level rubric' }),
});

// ── Grading bands: a subject's min and max score for each grade ──────────────────────────────

/** One row of GET /api/grades/subject_grades/?subject= */
export const subjectGradeItemSchema = z.object({
  id: z.number().int(),
  grade: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  min_score: z.number().nullable(),
  max_score: z.number().nullable(),
});
export type SubjectGradeItem = z.infer<typeof subjectGradeItemSchema>;

/** GET /api/grades/subject_grades/ and PATCH …/batch_update/ (the bands changed) */
export const subjectGradeListResponse = z.array(subjectGradeItemSchema);

export const subjectGradesQuery = z.object({ subject: idField('Subject') });

/** A band bound as typed: a number, a numeric string, or empty (no band). */
const bandBound = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.number({ error: 'Band scores must be numbers' }).nullable(),
);

/** PATCH /api/grades/subject_grades/batch_update/ — ranges are checked with the grade names. */
export const batchUpdateBandsBody = z.object({
  updates: z.array(
    z.object({ id: idField('Band id'), min_score: bandBound, max_score: bandBound }),
    { error: 'updates must be a list of bands' },
  ),
});
export type BatchUpdateBands = z.input<typeof batchUpdateBandsBody>;

export interface BandToCheck {
  grade: { id: number; name: string; code: string };
  min_score: number | null;
  max_score: number | null;
}

export interface BandProblem {
  gradeId: number;
  message: string;
}

const isBound = (v: number) => Number.isInteger(v) && v >= MIN_SCORE && v <= MAX_SCORE;
const label = (b: BandToCheck) => `${b.grade.code} (${b.min_score}–${b.max_score})`;

/**
 * Everything wrong with one subject's full set of bands, each naming its grade: a bound
 * outside 0–100 or not whole, only one bound given, a min above its max, and bands that
 * overlap (bounds are whole marks and inclusive, so 75–80 and 80–100 overlap). A band with
 * neither bound is simply not set.
 */
export function bandProblems(bands: readonly BandToCheck[]): BandProblem[] {
  const problems: BandProblem[] = [];
  const complete: BandToCheck[] = [];
  for (const band of bands) {
    const { min_score: min, max_score: max, grade } = band;
    if (min === null && max === null) continue;
    if (min === null || max === null) {
      problems.push({
        gradeId: grade.id,
        message: `Grade ${grade.code} needs both a min and a max score, or neither`,
      });
    } else if (!isBound(min) || !isBound(max)) {
      problems.push({
        gradeId: grade.id,
        message: `Grade ${grade.code} scores must be whole numbers from ${MIN_SCORE} to ${MAX_SCORE}`,
      });
    } else if (min > max) {
      problems.push({
        gradeId: grade.id,
        message: `Grade ${grade.code} has a min score (${min}) above its max score (${max})`,
      });
    } else {
      complete.push(band);
    }
  }
  // Sorted by min, each band is compared with the band reaching highest so far.
  const sorted = [...complete].sort((a, b) => a.min_score! - b.min_score!);
  let reach: BandToCheck | undefined;
  for (const band of sorted) {
    if (reach && band.min_score! <= reach.max_score!) {
      problems.push({
        gradeId: band.grade.id,
        message: `Grades ${label(reach)} and ${label(band)} overlap`,
      });
    }
    if (!reach || band.max_score! > reach.max_score!) reach = band;
  }
  return problems;
}

/**
 * The band a score earns, or undefined when no band covers it. Bands are whole marks, so the
 * score is first rounded to the nearest whole mark (79.5 counts as 80).
 */
export function gradeForScore<T extends { min_score: number | null; max_score: number | null }>(
  score: number,
  bands: readonly T[],
): T | undefined {
  if (!Number.isFinite(score)) return undefined;
  const mark = Math.round(score);
  return bands.find(
    (b) =>
      b.min_score !== null && b.max_score !== null && b.min_score <= mark && mark <= b.max_score,
  );
}
