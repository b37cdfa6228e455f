import { describe, expect, it } from 'vitest';
import { type Band, CBC_KJSEA_SCALE, CBC_RUBRIC_SCALE } from './bands';
import type { Mark } from './marks';
import { gradingScheme, rankKey, type SubjectMarkInput, subjectMarkInput } from './scheme';

const cbc = gradingScheme('cbc');

const marksOf = (marks: readonly Mark[], bands: readonly Band[]): SubjectMarkInput[] =>
  marks.map((mark, i) => subjectMarkInput({ id: i + 1, code: `LA${i + 1}` }, mark, bands));

describe('cbc', () => {
  it('does not rank, and deviates on the mean mark', () => {
    expect(cbc).toMatchObject({
      name: 'cbc',
      ranks: false,
      rankBy: 'mean_mark',
      deviationOf: 'mean_mark',
    });
  });

  it('places the mean mark on the KJSEA scale', () => {
    const subjects = marksOf([92, 80, 60, 45, 35], CBC_KJSEA_SCALE);
    expect(subjects.map((s) => `${s.grade} ${s.points}`)).toEqual([
      'EE1 8',
      'EE2 7',
      'ME1 6',
      'ME2 5',
      'AE1 4',
    ]);
    const outcome = cbc.outcome(subjects, CBC_KJSEA_SCALE);
    expect(outcome).toEqual({
      subjectCount: 5,
      totalMarks: 312,
      meanMark: 62.4,
      totalPoints: 30,
      meanPoints: 6,
      meanGrade: 'ME1',
      countedSubjectIds: [1, 2, 3, 4, 5],
      status: 'complete',
      reason: null,
    });
    // A key still orders a list; cbc.ranks is what hides the positions.
    expect(rankKey(cbc, outcome)).toEqual([62.4, 312]);
  });

  it('places the mean mark on the four-level rubric', () => {
    const subjects = marksOf([92, 80, 60, 45, 35], CBC_RUBRIC_SCALE);
    expect(cbc.outcome(subjects, CBC_RUBRIC_SCALE)).toMatchObject({
      meanMark: 62.4,
      totalPoints: 16,
      meanPoints: 3.2,
      meanGrade: 'ME',
      status: 'complete',
    });
  });

  it('leaves X out and withholds for a Y', () => {
    expect(cbc.outcome(marksOf([10, 'X', 0], CBC_KJSEA_SCALE), CBC_KJSEA_SCALE)).toMatchObject({
      subjectCount: 2,
      meanMark: 5,
      totalPoints: 2,
      meanPoints: 1,
      meanGrade: 'BE2',
    });
    expect(cbc.outcome(marksOf([90, 'Y'], CBC_KJSEA_SCALE), CBC_KJSEA_SCALE)).toMatchObject({
      status: 'withheld',
      meanGrade: null,
      reason: 'Result withheld (Y in LA2)',
    });
  });
});
