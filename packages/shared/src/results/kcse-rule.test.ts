import { describe, expect, it } from 'vitest';
import { type Band, KCSE_BANDS } from './bands';
import type { Mark } from './marks';
import { gradingScheme, type SubjectMarkInput, subjectMarkInput } from './scheme';

const kcse = gradingScheme('kcse');

type Row = [id: number, code: string, name: string, mark: Mark];

const marksOf = (rows: readonly Row[], bands: readonly Band[] = KCSE_BANDS): SubjectMarkInput[] =>
  rows.map(([id, code, name, mark]) => subjectMarkInput({ id, code, name }, mark, bands));

// KNEC's published example: MAT C+ 7, ENG C 6, KIS D 3, CRE B+ 10, HIS B 9, AGR A- 11,
// BIO C+ 7, CHE C- 5, with a mark in each grade's default band. Total marks 464.
const EXAMPLE: readonly Row[] = [
  [1, 'MAT', 'Mathematics', 57],
  [2, 'ENG', 'English', 52],
  [3, 'KIS', 'Kiswahili', 37],
  [4, 'CRE', 'CRE', 72],
  [5, 'HIS', 'History and Government', 67],
  [6, 'AGR', 'Agriculture', 77],
  [7, 'BIO', 'Biology', 56],
  [8, 'CHE', 'Chemistry', 46],
];
const without = (...codes: string[]) => EXAMPLE.filter(([, code]) => !codes.includes(code));
const replaced = (code: string, mark: Mark) =>
  EXAMPLE.map((row): Row => (row[1] === code ? [row[0], row[1], row[2], mark] : row));

describe('kcse (the rule since 2023)', () => {
  it('is ranked by total points and deviates on mean points', () => {
    expect(kcse).toMatchObject({
      name: 'kcse',
      ranks: true,
      rankBy: 'total_points',
      deviationOf: 'mean_points',
    });
  });

  it('gives the published example 7 + 6 + (11 + 10 + 9 + 7 + 5) = 55 points, B-', () => {
    const subjects = marksOf(EXAMPLE);
    expect(subjects.map((s) => `${s.code} ${s.grade} ${s.points}`)).toEqual([
      'MAT C+ 7',
      'ENG C 6',
      'KIS D 3',
      'CRE B+ 10',
      'HIS B 9',
      'AGR A- 11',
      'BIO C+ 7',
      'CHE C- 5',
    ]);
    expect(kcse.outcome(subjects, [])).toEqual({
      subjectCount: 8,
      totalMarks: 464,
      meanMark: 58,
      totalPoints: 55,
      meanPoints: 7.857,
      meanGrade: 'B-',
      countedSubjectIds: [1, 2, 6, 4, 5, 7, 8],
      status: 'complete',
      reason: null,
    });
  });

  it('gives the same with KNEC numeric codes', () => {
    const numeric: Row[] = EXAMPLE.map(([id, , name, mark], i) => [
      id,
      ['121', '101', '102', '313', '311', '443', '231', '233'][i]!,
      name,
      mark,
    ]);
    expect(kcse.outcome(marksOf(numeric), [])).toMatchObject({
      totalPoints: 55,
      meanGrade: 'B-',
      countedSubjectIds: [1, 2, 6, 4, 5, 7, 8],
    });
  });

  it('leaves X out of everything: a ninth subject absent changes nothing', () => {
    const withAbsence = marksOf([...EXAMPLE, [9, 'FRE', 'French', 'X']]);
    expect(kcse.outcome(withAbsence, [])).toEqual(kcse.outcome(marksOf(EXAMPLE), []));
  });

  it('counts the next best subject in place of one marked X, never a zero', () => {
    expect(kcse.outcome(marksOf(replaced('CHE', 'X')), [])).toEqual({
      subjectCount: 7,
      totalMarks: 418,
      meanMark: 59.71,
      totalPoints: 53,
      meanPoints: 7.571,
      meanGrade: 'B-',
      countedSubjectIds: [1, 2, 6, 4, 5, 7, 3],
      status: 'complete',
      reason: null,
    });
  });

  it('withholds the result for a Y: no mean, no points, no grade', () => {
    expect(kcse.outcome(marksOf(replaced('ENG', 'Y')), [])).toEqual({
      subjectCount: 7,
      totalMarks: 412,
      meanMark: null,
      totalPoints: null,
      meanPoints: null,
      meanGrade: null,
      countedSubjectIds: [],
      status: 'withheld',
      reason: 'Result withheld (Y in English)',
    });
    const twoY = marksOf([...replaced('ENG', 'Y'), [9, 'GEO', '', 'Y']]);
    expect(kcse.outcome(twoY, []).reason).toBe('Result withheld (Y in English, GEO)');
  });

  it('is incomplete without Mathematics, but still shows the marks sat', () => {
    expect(kcse.outcome(marksOf(without('MAT')), [])).toEqual({
      subjectCount: 7,
      totalMarks: 407,
      meanMark: 58.14,
      totalPoints: null,
      meanPoints: null,
      meanGrade: null,
      countedSubjectIds: [],
      status: 'incomplete',
      reason: 'No mark in Mathematics',
    });
    expect(kcse.outcome(marksOf(replaced('MAT', 'X')), []).reason).toBe('No mark in Mathematics');
  });

  it('is incomplete without English, Kiswahili or KSL', () => {
    const rows: Row[] = [
      ...without('ENG', 'KIS'),
      [9, 'GEO', 'Geography', 62],
      [10, 'PHY', 'Physics', 48],
    ];
    expect(kcse.outcome(marksOf(rows), [])).toEqual({
      subjectCount: 8,
      totalMarks: 485,
      meanMark: 60.63,
      totalPoints: null,
      meanPoints: null,
      meanGrade: null,
      countedSubjectIds: [],
      status: 'incomplete',
      reason: 'No mark in English, Kiswahili or KSL',
    });
  });

  it('needs only one of English and Kiswahili', () => {
    const rows: Row[] = [...without('ENG'), [9, 'GEO', 'Geography', 62]];
    // MAT 7 + KIS 3 + (AGR 11 + CRE 10 + HIS 9 + GEO 8 + BIO 7)
    expect(kcse.outcome(marksOf(rows), [])).toMatchObject({
      totalPoints: 55,
      meanGrade: 'B-',
      countedSubjectIds: [1, 3, 6, 4, 5, 9, 7],
      status: 'complete',
    });
  });

  it('is incomplete with fewer than seven subjects sat', () => {
    expect(kcse.outcome(marksOf(without('HIS', 'AGR', 'CHE')), [])).toEqual({
      subjectCount: 5,
      totalMarks: 274,
      meanMark: 54.8,
      totalPoints: null,
      meanPoints: null,
      meanGrade: null,
      countedSubjectIds: [],
      status: 'incomplete',
      reason: 'Fewer than 7 subjects sat (5)',
    });
  });

  it('gives every reason at once', () => {
    expect(kcse.outcome(marksOf(without('MAT', 'ENG', 'KIS', 'AGR')), []).reason).toBe(
      'No mark in Mathematics; No mark in English, Kiswahili or KSL; Fewer than 7 subjects sat (4)',
    );
    expect(kcse.outcome([], [])).toMatchObject({ subjectCount: 0, totalMarks: 0, meanMark: null });
  });

  it('takes Kenyan Sign Language in place of Kiswahili, as the better language', () => {
    const rows = EXAMPLE.map((row): Row => (row[1] === 'KIS' ? [3, 'KSL', 'KSL', 61] : row));
    // MAT 7 + KSL B- 8 + (AGR 11 + CRE 10 + HIS 9 + BIO 7 + ENG 6)
    expect(kcse.outcome(marksOf(rows), [])).toMatchObject({
      totalPoints: 58,
      meanPoints: 8.286,
      meanGrade: 'B-',
      countedSubjectIds: [1, 3, 6, 4, 5, 7, 2],
      status: 'complete',
    });
  });

  it('breaks a tie in points by the higher mark', () => {
    // GEO C- 48 beats CHE C- 46 for the fifth place.
    const rows: Row[] = [...EXAMPLE, [9, 'GEO', 'Geography', 48]];
    expect(kcse.outcome(marksOf(rows), [])).toMatchObject({
      totalPoints: 55,
      countedSubjectIds: [1, 2, 6, 4, 5, 7, 9],
    });
    // ENG C 52 beats KIS C 50 as the language; KIS then counts among the best five.
    expect(kcse.outcome(marksOf(replaced('KIS', 50)), [])).toMatchObject({
      totalPoints: 56,
      meanGrade: 'B-',
      countedSubjectIds: [1, 2, 6, 4, 5, 7, 3],
    });
  });

  it('is incomplete when a required mark falls in no band of its subject', () => {
    const noCPlus = KCSE_BANDS.filter((b) => b.code !== 'C+');
    // MAT 57 and BIO 56 are C+ by default: with no C+ band they have no grade.
    const outcome = kcse.outcome(marksOf(EXAMPLE, noCPlus), []);
    expect(outcome).toMatchObject({ status: 'incomplete', subjectCount: 8, totalPoints: null });
    expect(outcome.reason).toBe('No grade in Mathematics; Fewer than 7 subjects graded (6)');
  });
});
