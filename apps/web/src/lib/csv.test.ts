import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('defuses text a spreadsheet would run as a formula, but keeps negative numbers numbers', () => {
    expect(toCsv(['a', 'b', 'c'], [['=SUM(A1)', '-3', -3]])).toBe("a,b,c\r\n'=SUM(A1),'-3,-3");
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['x'], [['Form 1, "East"']])).toBe('x\r\n"Form 1, ""East"""');
  });
});
