import { describe, expect, it } from 'vitest';
import { newCode } from './one-time-codes';

describe('newCode', () => {
  it('is six digits, leading zeros kept, from a random source', () => {
    const codes = Array.from({ length: 2000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // 2,000 draws of a million: a repeat or two at most, never a pattern.
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});
