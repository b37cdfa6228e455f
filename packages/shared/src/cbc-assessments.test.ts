import { describe, expect, it } from 'vitest';
import { levelOfMark, rubricScaleOf, rubricWords } from './cbc-assessments';

describe('levelOfMark', () => {
  it('rounds the percentage half up before placing it on the eight levels', () => {
    expect(levelOfMark(89.5, 100, 'kjsea')).toBe('EE1');
    expect(levelOfMark(89.49, 100, 'kjsea')).toBe('EE2');
    expect(levelOfMark(90, 100, 'kjsea')).toBe('EE1');
    expect(levelOfMark(179, 200, 'kjsea')).toBe('EE1');
    expect(levelOfMark(58, 100, 'kjsea')).toBe('ME1');
    expect(levelOfMark(57.4, 100, 'kjsea')).toBe('ME2');
    expect(levelOfMark(0, 50, 'kjsea')).toBe('BE2');
  });

  it('places a mark on the four levels, and none out of range', () => {
    expect(levelOfMark(30, 40, 'rubric')).toBe('EE');
    expect(levelOfMark(17, 40, 'rubric')).toBe('ME');
    expect(levelOfMark(16, 40, 'rubric')).toBe('AE');
    expect(levelOfMark(41, 40, 'rubric')).toBeNull();
    expect(levelOfMark(-1, 40, 'rubric')).toBeNull();
  });
});

describe('rubricScaleOf and rubricWords', () => {
  it('assesses junior school on eight levels and the other grades on four', () => {
    expect(rubricScaleOf('Grade 7')).toBe('kjsea');
    expect(rubricScaleOf('Grade 9')).toBe('kjsea');
    expect(rubricScaleOf('Grade 6')).toBe('rubric');
    expect(rubricScaleOf('Grade 10')).toBe('rubric');
    expect(rubricScaleOf('PP2')).toBe('rubric');
  });

  it('says every code in words, so EE is never read as the old E', () => {
    expect(rubricWords('EE1')).toBe('Exceeding Expectations');
    expect(rubricWords('ME')).toBe('Meeting Expectations');
    expect(rubricWords('BE2')).toBe('Below Expectations');
  });
});
