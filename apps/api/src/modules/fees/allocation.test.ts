import { describe, expect, it } from 'vitest';
import { allocateCredits, percentOf } from './allocation';

describe('credits cover the oldest term first', () => {
  const charges = new Map([
    [2, 1_000_000],
    [1, 1_500_000],
  ]);
  it('fills Term 1 before Term 2 and carries the rest forward', () => {
    expect(allocateCredits(charges, 2_000_000, [1, 2])).toEqual(
      new Map([
        [1, 1_500_000],
        [2, 500_000],
      ]),
    );
    expect(allocateCredits(charges, 9_000_000, [1, 2])).toEqual(
      new Map([
        [1, 1_500_000],
        [2, 1_000_000],
      ]),
    );
    // More charged back (a reversed credit) than given: nothing is covered.
    expect(allocateCredits(charges, -300, [1, 2])).toEqual(
      new Map([
        [1, 0],
        [2, 0],
      ]),
    );
  });
  it('gives percentages with one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(5, 0)).toBe(0);
  });
});
