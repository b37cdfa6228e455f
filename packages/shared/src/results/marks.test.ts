import { describe, expect, it } from 'vitest';
import { isMarkCode, isNumericMark, MARK_CODE_LABELS, MARK_CODES } from './marks';

describe('marks', () => {
  it('has the codes X (absent) and Y (irregularity)', () => {
    expect(MARK_CODES).toEqual(['X', 'Y']);
    expect(MARK_CODE_LABELS).toEqual({ X: 'Absent', Y: 'Irregularity (result withheld)' });
  });
  it('knows a mark code from anything else', () => {
    expect(isMarkCode('X')).toBe(true);
    expect(isMarkCode('Y')).toBe(true);
    expect(isMarkCode('x')).toBe(false);
    expect(isMarkCode('Z')).toBe(false);
    expect(isMarkCode(0)).toBe(false);
    expect(isMarkCode(null)).toBe(false);
  });
  it('counts only a finite number as a mark sat; 0 is a mark, X and Y are not', () => {
    expect(isNumericMark(0)).toBe(true);
    expect(isNumericMark(79.5)).toBe(true);
    expect(isNumericMark('X')).toBe(false);
    expect(isNumericMark('Y')).toBe(false);
    expect(isNumericMark(Number.NaN)).toBe(false);
  });
});
