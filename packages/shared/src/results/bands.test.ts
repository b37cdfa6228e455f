import { describe, expect, it } from 'vitest';
import { KCSE_SCALE } from '../kcse';
import {
  type Band,
  bandOf,
  CBC_KJSEA_SCALE,
  CBC_RUBRIC_SCALE,
  KCSE_BANDS,
  KCSE_MEAN_GRADES,
  kcseMeanGradeOfTotalPoints,
} from './bands';

/** Sorted low to high, each band starts one after the one before: no gaps, no overlaps. */
function expectContiguous(
  ranges: readonly { min: number; max: number }[],
  from: number,
  to: number,
) {
  const sorted = [...ranges].sort((a, b) => a.min - b.min);
  expect(sorted[0]!.min).toBe(from);
  expect(sorted.at(-1)!.max).toBe(to);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.min).toBe(sorted[i - 1]!.max + 1);
}

describe('bandOf', () => {
  it('rounds the mark half up to a whole number before finding its band', () => {
    expect(bandOf(79.5, KCSE_BANDS)?.code).toBe('A');
    expect(bandOf(79.49, KCSE_BANDS)?.code).toBe('A-');
    expect(bandOf(29.5, KCSE_BANDS)?.code).toBe('D-');
    expect(bandOf(29.49, KCSE_BANDS)?.code).toBe('E');
  });
  it('includes both ends of a band', () => {
    expect(bandOf(0, KCSE_BANDS)).toEqual({
      code: 'E',
      points: 1,
      min: 0,
      max: 29,
      comment: 'Needs a lot of support',
    });
    expect(bandOf(100, KCSE_BANDS)?.code).toBe('A');
    expect(bandOf(80, KCSE_BANDS)?.code).toBe('A');
    expect(bandOf(75, KCSE_BANDS)?.code).toBe('A-');
    expect(bandOf(74, KCSE_BANDS)?.code).toBe('B+');
  });
  it('gives null outside every band, in a gap, or for no bands', () => {
    expect(bandOf(100.5, KCSE_BANDS)).toBeNull();
    expect(bandOf(100.4, KCSE_BANDS)?.code).toBe('A');
    expect(bandOf(-1, KCSE_BANDS)).toBeNull();
    expect(bandOf(Number.NaN, KCSE_BANDS)).toBeNull();
    expect(bandOf(50, [])).toBeNull();
    const withGap: Band[] = [
      { code: 'P', points: null, min: 50, max: 100 },
      { code: 'F', points: null, min: 0, max: 39 },
    ];
    expect(bandOf(45, withGap)).toBeNull();
    expect(bandOf(39.4, withGap)?.code).toBe('F');
  });
});

describe('KCSE_BANDS', () => {
  it('are the one-click KCSE scale as bands', () => {
    expect(KCSE_BANDS).toHaveLength(KCSE_SCALE.length);
    expect(KCSE_BANDS[1]).toEqual({
      code: 'A-',
      points: 11,
      min: 75,
      max: 79,
      comment: 'Very good',
    });
    expectContiguous(KCSE_BANDS, 0, 100);
  });
});

describe('kcseMeanGradeOfTotalPoints', () => {
  it.each([
    [84, 'A'],
    [81, 'A'],
    [80, 'A-'],
    [74, 'A-'],
    [73, 'B+'],
    [67, 'B+'],
    [66, 'B'],
    [60, 'B'],
    [59, 'B-'],
    [53, 'B-'],
    [52, 'C+'],
    [46, 'C+'],
    [45, 'C'],
    [39, 'C'],
    [38, 'C-'],
    [32, 'C-'],
    [31, 'D+'],
    [25, 'D+'],
    [24, 'D'],
    [18, 'D'],
    [17, 'D-'],
    [11, 'D-'],
    [10, 'E'],
    [7, 'E'],
  ])('gives %i points %s', (points, grade) => {
    expect(kcseMeanGradeOfTotalPoints(points)).toBe(grade);
  });
  it('gives E under 7 points (bands of 0 points) and A over 84', () => {
    expect(kcseMeanGradeOfTotalPoints(6)).toBe('E');
    expect(kcseMeanGradeOfTotalPoints(0)).toBe('E');
    expect(kcseMeanGradeOfTotalPoints(85)).toBe('A');
  });
  it('covers 7 to 84 points without gaps, twelve grades from A to E', () => {
    expect(KCSE_MEAN_GRADES.map((g) => g.code)).toEqual(KCSE_SCALE.map((g) => g.code));
    expectContiguous(
      KCSE_MEAN_GRADES.map((g) => ({ min: g.minPoints, max: g.maxPoints })),
      7,
      84,
    );
  });
});

describe('CBC_KJSEA_SCALE', () => {
  it.each([
    [100, 'EE1', 8],
    [90, 'EE1', 8],
    [89.5, 'EE1', 8],
    [89, 'EE2', 7],
    [75, 'EE2', 7],
    [74, 'ME1', 6],
    [58, 'ME1', 6],
    [57, 'ME2', 5],
    [41, 'ME2', 5],
    [40, 'AE1', 4],
    [31, 'AE1', 4],
    [30, 'AE2', 3],
    [21, 'AE2', 3],
    [20, 'BE1', 2],
    [11, 'BE1', 2],
    [10, 'BE2', 1],
    [1, 'BE2', 1],
    [0, 'BE2', 1],
  ])('puts %d in %s (%i points)', (mark, code, points) => {
    expect(bandOf(mark, CBC_KJSEA_SCALE)).toMatchObject({ code, points });
  });
  it('covers 0 to 100 without gaps', () => {
    expectContiguous(CBC_KJSEA_SCALE, 0, 100);
  });
});

describe('CBC_RUBRIC_SCALE', () => {
  it('has the four levels EE, ME, AE, BE worth 4 to 1 points', () => {
    expect(CBC_RUBRIC_SCALE.map((b) => [b.code, b.points, b.min, b.max])).toEqual([
      ['EE', 4, 75, 100],
      ['ME', 3, 41, 74],
      ['AE', 2, 21, 40],
      ['BE', 1, 0, 20],
    ]);
    expectContiguous(CBC_RUBRIC_SCALE, 0, 100);
    expect(bandOf(74.5, CBC_RUBRIC_SCALE)?.code).toBe('EE');
    expect(bandOf(0, CBC_RUBRIC_SCALE)?.code).toBe('BE');
  });
});
