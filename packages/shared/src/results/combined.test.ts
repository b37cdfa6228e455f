import { describe, expect, it } from 'vitest';
import { combinedMark, combineMarks } from './combined';

describe('combinedMark', () => {
  it('weighs the marks: 30% of 47 and 70% of 62 is 57.5, rounded half up to 58', () => {
    expect(
      combinedMark([
        { weight: 30, mark: 47 },
        { weight: 70, mark: 62 },
      ]),
    ).toEqual({ mark: 58, rescaled: false });
  });
  it('rounds down below the half: 30% of 48 and 70% of 61 is 57.1 → 57', () => {
    expect(
      combinedMark([
        { weight: 30, mark: 48 },
        { weight: 70, mark: 61 },
      ]).mark,
    ).toBe(57);
  });
  it('leaves out an X and rescales the other weights: 20/30/50 with the 30 absent', () => {
    // (20·40 + 50·70) / 70 = 4300 / 70 = 61.43 → 61
    expect(
      combinedMark([
        { weight: 20, mark: 40 },
        { weight: 30, mark: 'X' },
        { weight: 50, mark: 70 },
      ]),
    ).toEqual({ mark: 61, rescaled: true });
  });
  it('rescales over a component without a mark at all', () => {
    expect(
      combinedMark([
        { weight: 30, mark: undefined },
        { weight: 70, mark: 62 },
      ]),
    ).toEqual({
      mark: 62,
      rescaled: true,
    });
  });
  it('withholds the mark (Y) when any component is Y, even beside numbers', () => {
    expect(
      combinedMark([
        { weight: 30, mark: 'Y' },
        { weight: 70, mark: 62 },
      ]),
    ).toEqual({
      mark: 'Y',
      rescaled: false,
    });
  });
  it('is X when every component is X or missing, and no mark when none has one', () => {
    expect(
      combinedMark([
        { weight: 30, mark: 'X' },
        { weight: 70, mark: undefined },
      ]).mark,
    ).toBe('X');
    expect(
      combinedMark([
        { weight: 50, mark: undefined },
        { weight: 50, mark: undefined },
      ]),
    ).toEqual({ mark: undefined, rescaled: false });
  });
  it('takes decimal marks: 50/50 of 40.5 and 41 is 40.75 → 41', () => {
    expect(
      combinedMark([
        { weight: 50, mark: 40.5 },
        { weight: 50, mark: 41 },
      ]).mark,
    ).toBe(41);
  });
});

describe('combineMarks', () => {
  it('combines each subject any component has, and names the rescaled ones', () => {
    const { marks, rescaled } = combineMarks([
      { weight: 30, marks: { '1': 47, '2': 'X', '3': 80 } },
      { weight: 70, marks: { '1': 62, '2': 50 } },
    ]);
    expect(marks).toEqual({ '1': 58, '2': 50, '3': 80 });
    expect([...rescaled].sort()).toEqual(['2', '3']);
  });
});
