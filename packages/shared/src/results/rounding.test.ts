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
  it('rounds as cutting every product to 15 digits first does (the rule as first written)', () => {
    const byTheRule = (value: number, decimals: number) => {
      if (Number.isInteger(value)) return value === 0 ? 0 : value;
      const factor = 10 ** decimals;
      const scaled = Number((Math.abs(value) * factor).toPrecision(15));
      const rounded = Math.round(scaled) / factor;
      return value < 0 && rounded !== 0 ? -rounded : rounded;
    };
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const values: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const marks = Array.from({ length: 1 + (i % 12) }, () => Math.round(random() * 10000) / 100);
      const sum = marks.reduce((a, b) => a + b, 0);
      values.push(sum, sum / marks.length, (i % 85) / 7, -sum / 7, random() * 1e9, i / 2000);
    }
    values.push(1.005, 60.625, 2.675, 1.0049999999999999, 99999999.995, NaN, Infinity);
    const differing: string[] = [];
    for (const value of values) {
      for (const decimals of [0, 1, 2, 3]) {
        const rounded = roundHalfUp(value, decimals);
        if (!Object.is(rounded, byTheRule(value, decimals)))
          differing.push(`${value} to ${decimals}: ${rounded}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
