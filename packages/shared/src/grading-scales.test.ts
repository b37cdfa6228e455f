import { describe, expect, it } from 'vitest';
import { bandProblems } from './grades';
import { CBC_SCALE_GRADES, scaleDefaultBand } from './grading-scales';

describe('CBC_SCALE_GRADES', () => {
  it('names the KJSEA levels and keeps their points and bands', () => {
    const ee1 = CBC_SCALE_GRADES.kjsea.find((g) => g.code === 'EE1');
    expect(ee1).toMatchObject({ name: 'Exceeding expectations 1', points: 8, max_score: 100 });
    expect(CBC_SCALE_GRADES.kjsea).toHaveLength(8);
  });
  it('has the four rubric levels EE, ME, AE, BE with bands that do not overlap', () => {
    expect(CBC_SCALE_GRADES.rubric.map((g) => g.code)).toEqual(['EE', 'ME', 'AE', 'BE']);
    for (const scale of Object.values(CBC_SCALE_GRADES)) {
      expect(
        bandProblems(scale.map((g, id) => ({ ...g, grade: { id, name: g.name, code: g.code } }))),
      ).toEqual([]);
    }
  });
});

describe('scaleDefaultBand', () => {
  it('gives the default band of a grade of a one-click scale', () => {
    expect(scaleDefaultBand({ code: 'B+', points: 10 })).toEqual({ min_score: 70, max_score: 74 });
    expect(scaleDefaultBand({ code: 'E', points: 1 })).toEqual({ min_score: 0, max_score: 29 });
    expect(scaleDefaultBand({ code: 'EE1', points: 8 })).toEqual({ min_score: 90, max_score: 100 });
  });
  it('gives none for a grade whose code or points are not a scale grade', () => {
    expect(scaleDefaultBand({ code: 'A', points: null })).toBeNull();
    expect(scaleDefaultBand({ code: 'A', points: 4 })).toBeNull();
    expect(scaleDefaultBand({ code: 'EE1', points: 3 })).toBeNull();
  });
});
