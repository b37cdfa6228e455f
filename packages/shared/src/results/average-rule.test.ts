import { describe, expect, it } from 'vitest';
import { type Band, KCSE_BANDS } from './bands';
import type { Mark } from './marks';
import { gradingScheme, type SubjectMarkInput, subjectMarkInput } from './scheme';

const average = gradingScheme('average');

const marksOf = (marks: readonly Mark[], bands: readonly Band[] = KCSE_BANDS): SubjectMarkInput[] =>
  marks.map((mark, i) => subjectMarkInput({ id: i + 1, code: `S${i + 1}` }, mark, bands));

// A school's own letter bands, without points.
const SCHOOL_BANDS: Band[] = [
  { code: 'Distinction', points: null, min: 75, max: 100 },
  { code: 'Credit', points: null, min: 60, max: 74 },
  { code: 'Pass', points: null, min: 40, max: 59 },
  { code: 'Fail', points: null, min: 0, max: 39 },
];

describe('average', () => {
  it('is ranked by mean mark and deviates on mean mark', () => {
    expect(average).toMatchObject({
      name: 'average',
      ranks: true,
      rankBy: 'mean_mark',
      deviationOf: 'mean_mark',
    });
  });

  it('grades the mean mark over the subjects sat, with the points of the subjects', () => {
    // The KCSE example's marks: points 7 + 6 + 3 + 10 + 9 + 11 + 7 + 5 = 58 over 8 subjects.
    const subjects = marksOf([57, 52, 37, 72, 67, 77, 56, 46]);
    expect(average.outcome(subjects, KCSE_BANDS)).toEqual({
      subjectCount: 8,
      totalMarks: 464,
      meanMark: 58,
      totalPoints: 58,
      meanPoints: 7.25,
      meanGrade: 'C+',
      countedSubjectIds: [1, 2, 3, 4, 5, 6, 7, 8],
      status: 'complete',
      reason: null,
    });
  });

  it('grades with bands that carry no points, and then gives no points', () => {
    const subjects = marksOf([57, 52, 37, 72, 67, 77, 56, 46], SCHOOL_BANDS);
    expect(average.outcome(subjects, SCHOOL_BANDS)).toEqual({
      subjectCount: 8,
      totalMarks: 464,
      meanMark: 58,
      totalPoints: null,
      meanPoints: null,
      meanGrade: 'Pass',
      countedSubjectIds: [1, 2, 3, 4, 5, 6, 7, 8],
      status: 'complete',
      reason: null,
    });
  });

  it('gives no total points when a subject sat has none', () => {
    const subjects = [
      ...marksOf([60, 70]),
      subjectMarkInput({ id: 3, code: 'S3' }, 80, SCHOOL_BANDS),
    ];
    expect(average.outcome(subjects, KCSE_BANDS)).toMatchObject({
      meanMark: 70,
      meanGrade: 'B+',
      totalPoints: null,
      meanPoints: null,
    });
  });

  it('keeps two decimals, rounded half up, and grades the mean as shown', () => {
    expect(average.outcome(marksOf([50.5, 60.25, 70.333]), KCSE_BANDS)).toMatchObject({
      totalMarks: 181.08,
      meanMark: 60.36,
      meanGrade: 'B-',
    });
    // 79 and 80 average 79.5, which rounds to 80: A, not A-.
    expect(average.outcome(marksOf([79, 80]), KCSE_BANDS)).toMatchObject({
      meanMark: 79.5,
      meanGrade: 'A',
      totalPoints: 23,
      meanPoints: 11.5,
    });
  });

  it('leaves X out of the mean instead of counting a zero', () => {
    expect(average.outcome(marksOf([60, 'X', 70]), KCSE_BANDS)).toMatchObject({
      subjectCount: 2,
      totalMarks: 130,
      meanMark: 65,
      meanGrade: 'B',
      countedSubjectIds: [1, 3],
      status: 'complete',
    });
  });

  it('withholds the result for a Y', () => {
    expect(average.outcome(marksOf([60, 'Y', 70]), KCSE_BANDS)).toEqual({
      subjectCount: 2,
      totalMarks: 130,
      meanMark: null,
      totalPoints: null,
      meanPoints: null,
      meanGrade: null,
      countedSubjectIds: [],
      status: 'withheld',
      reason: 'Result withheld (Y in S2)',
    });
  });

  it('is incomplete with no subject sat, and never makes up a mean', () => {
    expect(average.outcome(marksOf(['X', 'X']), KCSE_BANDS)).toEqual({
      subjectCount: 0,
      totalMarks: 0,
      meanMark: null,
      totalPoints: null,
      meanPoints: null,
      meanGrade: null,
      countedSubjectIds: [],
      status: 'incomplete',
      reason: 'No subjects sat',
    });
  });

  it('ranks a mean that falls in none of the school’s bands, without a grade', () => {
    expect(average.outcome(marksOf([60, 70]), [])).toMatchObject({
      meanMark: 65,
      meanGrade: null,
      status: 'complete',
    });
  });
});
