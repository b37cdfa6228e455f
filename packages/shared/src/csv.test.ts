import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv';

describe('toCsv', () => {
  it('defuses text a spreadsheet would run as a formula, but keeps negative numbers numbers', () => {
    expect(toCsv(['a', 'b', 'c'], [['=SUM(A1)', '-3', -3]])).toBe("a,b,c\r\n'=SUM(A1),'-3,-3");
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['x'], [['Form 1, "East"']])).toBe('x\r\n"Form 1, ""East"""');
  });
});

describe('parseCsv', () => {
  it('reads quotes, commas and line breaks inside them, CRLF, a BOM and semicolons', () => {
    expect(parseCsv('\uFEFFa,"b ""c""",d\r\n1,"2,5","x\ny"\n')).toEqual([
      { line: 1, cells: ['a', 'b "c"', 'd'] },
      { line: 2, cells: ['1', '2,5', 'x\ny'] },
    ]);
    expect(parseCsv('a;b\n1;2').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,"x\ny"\nb,c\n').map((r) => r.line)).toEqual([1, 3]);
  });
});
