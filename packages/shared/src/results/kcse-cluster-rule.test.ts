import { describe, expect, it } from 'vitest';
import { KCSE_BANDS } from './bands';
import type { Mark } from './marks';
import { gradingScheme, type SubjectMarkInput, subjectMarkInput } from './scheme';

const cluster = gradingScheme('kcse_cluster');

type Row = [id: number, code: string, mark: Mark];

const marksOf = (rows: readonly Row[]): SubjectMarkInput[] =>
  rows.map(([id, code, mark]) => subjectMarkInput({ id, code }, mark, KCSE_BANDS));

// The published example (MAT C+ 7, ENG C 6, KIS D 3, CRE B+ 10, HIS B 9, AGR A- 11, BIO C+ 7,
// CHE C- 5).
const EXAMPLE: readonly Row[] = [
  [1, 'MAT', 57],
  [2, 'ENG', 52],
  [3, 'KIS', 37],
  [4, 'CRE', 72],
  [5, 'HIS', 67],
  [6, 'AGR', 77],
  [7, 'BIO', 56],
  [8, 'CHE', 46],
];
const without = (...codes: string[]) => EXAMPLE.filter(([, code]) => !codes.includes(code));

describe('kcse_cluster (the rule before 2023)', () => {
  it('is ranked by total points and deviates on mean points', () => {
    expect(cluster).toMatchObject({
      name: 'kcse_cluster',
      ranks: true,
      rankBy: 'total_points',
      deviationOf: 'mean_points',
    });
  });

  it('gives the published example ENG 6 + KIS 3 + MAT 7 + BIO 7 + CHE 5 + CRE 10 + AGR 11 = 49, C+', () => {
    expect(cluster.outcome(marksOf(EXAMPLE), [])).toEqual({
      subjectCount: 8,
      totalMarks: 464,
      meanMark: 58,
      totalPoints: 49,
      meanPoints: 7,
      meanGrade: 'C+',
      countedSubjectIds: [2, 3, 1, 7, 8, 4, 6],
      status: 'complete',
      reason: null,
    });
  });

  it('takes a third science as the best remaining subject', () => {
    const rows: Row[] = [...without('CRE', 'AGR'), [9, 'PHY', 72]];
    // ENG 6 + KIS 3 + MAT 7 + PHY 10 + BIO 7 + HIS 9 + CHE 5
    expect(cluster.outcome(marksOf(rows), [])).toMatchObject({
      totalPoints: 47,
      meanPoints: 6.714,
      meanGrade: 'C+',
      countedSubjectIds: [2, 3, 1, 9, 7, 5, 8],
      status: 'complete',
    });
  });

  it('takes Kenyan Sign Language in place of Kiswahili', () => {
    const rows = EXAMPLE.map((row): Row => (row[1] === 'KIS' ? [3, '504', 61] : row));
    // ENG 6 + KSL 8 + MAT 7 + BIO 7 + CHE 5 + CRE 10 + AGR 11
    expect(cluster.outcome(marksOf(rows), [])).toMatchObject({
      totalPoints: 54,
      meanGrade: 'B-',
      countedSubjectIds: [2, 3, 1, 7, 8, 4, 6],
    });
  });

  it('needs English and Kiswahili both, where the 2023 rule needs one', () => {
    const rows: Row[] = [...without('ENG'), [9, 'GEO', 62]];
    expect(cluster.outcome(marksOf(rows), [])).toEqual({
      subjectCount: 8,
      totalMarks: 474,
      meanMark: 59.25,
      totalPoints: null,
      meanPoints: null,
      meanGrade: null,
      countedSubjectIds: [],
      status: 'incomplete',
      reason: 'No mark in English',
    });
    expect(gradingScheme('kcse').outcome(marksOf(rows), []).status).toBe('complete');
  });

  it('is incomplete without Mathematics or Kiswahili', () => {
    const rows: Row[] = [...without('MAT', 'KIS'), [9, 'GEO', 62], [10, 'PHY', 48]];
    expect(cluster.outcome(marksOf(rows), []).reason).toBe(
      'No mark in Kiswahili or KSL; No mark in Mathematics',
    );
  });

  it('is incomplete with fewer than two sciences', () => {
    const rows: Row[] = [...without('CHE'), [9, 'GEO', 62]];
    expect(cluster.outcome(marksOf(rows), [])).toMatchObject({
      status: 'incomplete',
      subjectCount: 8,
      totalPoints: null,
      reason: 'Fewer than 2 sciences sat (1)',
    });
  });

  it('is incomplete without a humanity', () => {
    const rows: Row[] = [...without('CRE', 'HIS'), [9, 'PHY', 62], [10, 'HSC', 70]];
    expect(cluster.outcome(marksOf(rows), [])).toMatchObject({
      status: 'incomplete',
      totalPoints: null,
      reason: 'No mark in a humanity',
    });
  });

  it('is incomplete with fewer than seven subjects, though every group is there', () => {
    expect(cluster.outcome(marksOf(without('HIS', 'AGR')), [])).toMatchObject({
      status: 'incomplete',
      subjectCount: 6,
      meanMark: 53.33,
      reason: 'Fewer than 7 subjects sat (6)',
    });
  });

  it('uses the school’s group: a science regrouped as technical no longer counts as one', () => {
    const subjects = marksOf(EXAMPLE).map((s) =>
      s.code === 'CHE' ? { ...s, group: 'technical' as const } : s,
    );
    expect(cluster.outcome(subjects, []).reason).toBe('Fewer than 2 sciences sat (1)');
  });

  it('withholds the result for a Y and leaves X out', () => {
    const withY = EXAMPLE.map((row): Row => (row[1] === 'BIO' ? [7, 'BIO', 'Y'] : row));
    expect(cluster.outcome(marksOf(withY), [])).toMatchObject({
      status: 'withheld',
      meanMark: null,
      reason: 'Result withheld (Y in BIO)',
    });
    const withX: Row[] = [...EXAMPLE, [9, 'PHY', 'X']];
    expect(cluster.outcome(marksOf(withX), [])).toEqual(cluster.outcome(marksOf(EXAMPLE), []));
  });
});
