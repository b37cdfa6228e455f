import { describe, expect, it } from 'vitest';
import { bandProblems } from './grades';
import { KCSE_SCALE } from './kcse';

describe('KCSE_SCALE', () => {
  it('has the twelve grades from A (12 points) to E (1 point)', () => {
    expect(KCSE_SCALE.map((g) => g.code)).toEqual([
      'A',
      'A-',
      'B+',
      'B',
      'B-',
      'C+',
      'C',
      'C-',
      'D+',
      'D',
      'D-',
      'E',
    ]);
    expect(KCSE_SCALE.map((g) => g.points)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
  it('has default bands that cover 0–100 without gaps or overlaps', () => {
    const bands = KCSE_SCALE.map((g, i) => ({
      ...g,
      grade: { id: i, name: g.name, code: g.code },
    }));
    expect(bandProblems(bands)).toEqual([]);
    const sorted = [...KCSE_SCALE].sort((a, b) => a.min_score - b.min_score);
    expect(sorted[0]!.min_score).toBe(0);
    expect(sorted.at(-1)!.max_score).toBe(100);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i]!.min_score).toBe(sorted[i - 1]!.max_score + 1);
    }
  });
});
