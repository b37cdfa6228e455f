import { describe, expect, it } from 'vitest';
import { generateOneTimePassword } from './one-time-password';

describe('generateOneTimePassword', () => {
  it('is 10 readable letters and digits, with at least one of each', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generateOneTimePassword();
      expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{10}$/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[a-zA-Z]/);
    }
  });

  it('differs each time', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generateOneTimePassword()));
    expect(seen.size).toBe(100);
  });
});
