import { describe, expect, it } from 'vitest';
import { parseMark, saveStudentMarksBody } from './scores';

describe('parseMark', () => {
  it('keeps marks from 0 to 100, typed or as numbers', () => {
    expect(parseMark(0)).toBe(0);
    expect(parseMark(100)).toBe(100);
    expect(parseMark('67.5')).toBe(67.5);
    expect(parseMark(' 42 ')).toBe(42);
  });
  it('keeps two decimals', () => {
    expect(parseMark(66.666)).toBe(66.67);
  });
  it('reads null and empty as no mark', () => {
    expect(parseMark(null)).toBeNull();
    expect(parseMark('')).toBeNull();
    expect(parseMark('  ')).toBeNull();
  });
  it('refuses marks outside 0–100 and text', () => {
    expect(parseMark(-1)).toBe('invalid');
    expect(parseMark(100.01)).toBe('invalid');
    expect(parseMark('abc')).toBe('invalid');
    expect(parseMark(Number.POSITIVE_INFINITY)).toBe('invalid');
  });
});

describe('saveStudentMarksBody', () => {
  it('needs a student and an exam', () => {
    const result = saveStudentMarksBody.safeParse({ subject_marks: {} });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Student is required',
      'Exam is required',
    ]);
  });
  it('accepts numbers, numeric text and null', () => {
    expect(
      saveStudentMarksBody.parse({
        student: 1,
        exam: '2',
        subject_marks: { 3: 40, 4: '50', 5: null },
      }),
    ).toEqual({ student: 1, exam: 2, subject_marks: { 3: 40, 4: '50', 5: null } });
  });
});
