import { describe, expect, it } from 'vitest';
import { centsFromKes, formatKes } from './kes';

describe('shillings', () => {
  it('reads the API decimal strings as whole cents, never through a float', () => {
    expect(centsFromKes('0.80')).toBe(80);
    expect(centsFromKes('0.8')).toBe(80);
    expect(centsFromKes('1')).toBe(100);
    expect(centsFromKes('12345.07')).toBe(1234507);
    expect(centsFromKes('KES 0.80')).toBeNull();
    expect(centsFromKes('-1.00')).toBeNull();
  });

  it('writes thousands apart and keeps the cents as given', () => {
    expect(formatKes('0.80')).toBe('KES 0.80');
    expect(formatKes('1234567.50')).toBe('KES 1,234,567.50');
    expect(formatKes('999')).toBe('KES 999');
  });
});
