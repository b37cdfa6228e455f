import { describe, expect, it } from 'vitest';
import { NOTHING_TO_CHANGE_MESSAGE } from './fields';
import {
  type BandToCheck,
  bandProblems,
  batchUpdateBandsBody,
  createGradeBody,
  gradeForScore,
  updateGradeBody,
} from './grades';

let nextId = 1;
const band = (code: string, min: number | null, max: number | null): BandToCheck => ({
  grade: { id: nextId++, name: code, code },
  min_score: min,
  max_score: max,
});

describe('bandProblems', () => {
  it('accepts bands that touch without overlapping, and unset bands', () => {
    expect(bandProblems([band('A', 80, 100), band('B', 60, 79), band('C', null, null)])).toEqual(
      [],
    );
  });
  it('refuses bands that share a mark, naming both grades', () => {
    const problems = bandProblems([band('A', 80, 100), band('A-', 75, 80)]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toBe('Grades A- (75–80) and A (80–100) overlap');
  });
  it('finds a band inside a wider one, not only neighbours', () => {
    const messages = bandProblems([band('X', 0, 100), band('Y', 10, 20), band('Z', 30, 40)]).map(
      (p) => p.message,
    );
    expect(messages).toEqual([
      'Grades X (0–100) and Y (10–20) overlap',
      'Grades X (0–100) and Z (30–40) overlap',
    ]);
  });
  it('refuses a band outside 0–100 or not in whole marks', () => {
    expect(bandProblems([band('A', 80, 101)])[0]!.message).toBe(
      'Grade A scores must be whole numbers from 0 to 100',
    );
    expect(bandProblems([band('E', -1, 29)])[0]!.message).toContain('Grade E');
    expect(bandProblems([band('B', 60.5, 70)])).toHaveLength(1);
  });
  it('refuses a min above its max', () => {
    expect(bandProblems([band('B+', 74, 70)])[0]!.message).toBe(
      'Grade B+ has a min score (74) above its max score (70)',
    );
  });
  it('refuses a band with only one bound', () => {
    expect(bandProblems([band('C', 50, null)])[0]!.message).toBe(
      'Grade C needs both a min and a max score, or neither',
    );
  });
});

describe('gradeForScore', () => {
  const bands = [
    { code: 'A', min_score: 80, max_score: 100 },
    { code: 'B', min_score: 60, max_score: 79 },
    { code: 'C', min_score: null, max_score: null },
    { code: 'E', min_score: 0, max_score: 29 },
  ];
  it('finds the band that holds the score, bounds included', () => {
    expect(gradeForScore(80, bands)?.code).toBe('A');
    expect(gradeForScore(100, bands)?.code).toBe('A');
    expect(gradeForScore(79, bands)?.code).toBe('B');
    expect(gradeForScore(0, bands)?.code).toBe('E');
  });
  it('rounds to the nearest whole mark first', () => {
    expect(gradeForScore(79.5, bands)?.code).toBe('A');
    expect(gradeForScore(79.49, bands)?.code).toBe('B');
  });
  it('gives nothing when no band covers the score', () => {
    expect(gradeForScore(45, bands)).toBeUndefined();
    expect(gradeForScore(Number.NaN, bands)).toBeUndefined();
  });
});

describe('grade bodies', () => {
  it('stores the code upper case and trimmed', () => {
    expect(createGradeBody.parse({ name: 'B plus', code: ' b+ ' }).code).toBe('B+');
  });
  it('requires a name and a code', () => {
    const result = createGradeBody.safeParse({ name: '', code: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Name is required',
      'Code is required',
    ]);
  });
  it('reads points as a whole number, empty as none', () => {
    expect(createGradeBody.parse({ name: 'A', code: 'A', points: '12' }).points).toBe(12);
    expect(createGradeBody.parse({ name: 'A', code: 'A', points: '' }).points).toBeNull();
    expect(createGradeBody.safeParse({ name: 'A', code: 'A', points: 2.5 }).success).toBe(false);
  });
  it('clears comments sent empty on a change, and leaves them when not sent', () => {
    expect(updateGradeBody.parse({ comments: '' })).toEqual({ comments: null });
    expect(updateGradeBody.parse({ name: 'Excellent' })).toEqual({ name: 'Excellent' });
  });
  it('refuses a change with nothing in it', () => {
    expect(updateGradeBody.safeParse({}).error?.issues[0]?.message).toBe(NOTHING_TO_CHANGE_MESSAGE);
  });
});

describe('batchUpdateBandsBody', () => {
  it('reads bounds typed as text, empty as no bound', () => {
    expect(
      batchUpdateBandsBody.parse({ updates: [{ id: 3, min_score: '70', max_score: '' }] }),
    ).toEqual({ updates: [{ id: 3, min_score: 70, max_score: null }] });
  });
  it('refuses bounds that are not numbers', () => {
    expect(
      batchUpdateBandsBody.safeParse({ updates: [{ id: 3, min_score: 'abc', max_score: 4 }] })
        .success,
    ).toBe(false);
  });
});
