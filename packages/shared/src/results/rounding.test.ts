import { describe, expect, it } from 'vitest';
import { roundHalfUp } from './rounding';

describe('roundHalfUp', () => {
  it('rounds a half up to a whole number', () => {
    expect(roundHalfUp(79.5)).toBe(80);
    expect(roundHalfUp(79.49)).toBe(79);
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(0)).toBe(0);
    expect(roundHalfUp(100)).toBe(100);
  });
  it('rounds to decimals without binary noise', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(60.625, 2)).toBe(60.63);
    expect(roundHalfUp(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundHalfUp(55 / 7, 3)).toBe(7.857);
  });
  it('rounds a negative half away from zero and never gives -0', () => {
    expect(roundHalfUp(-0.425, 2)).toBe(-0.43);
    expect(roundHalfUp(-2.5)).toBe(-3);
    expect(Object.is(roundHalfUp(-0.4), 0)).toBe(true);
  });
  it('gives a whole number back as it is, to any decimals', () => {
    expect(roundHalfUp(67, 2)).toBe(67);
    expect(roundHalfUp(-12, 3)).toBe(-12);
    expect(Object.is(roundHalfUp(-0, 2), 0)).toBe(true);
  });
});
