import { describe, expect, it } from 'vitest';
import { hasSchoolGrades } from './analysis-charts';

describe('hasSchoolGrades', () => {
  it('is false when the only grades are X and Y: no subject has grading bands', () => {
    expect(hasSchoolGrades({ grades: ['X', 'Y'] })).toBe(false);
    expect(hasSchoolGrades({ grades: [] })).toBe(false);
  });

  it('is true once any grade of the school is there', () => {
    expect(hasSchoolGrades({ grades: ['A', 'B', 'X', 'Y'] })).toBe(true);
    expect(hasSchoolGrades({ grades: ['E', 'X', 'Y'] })).toBe(true);
  });
});
