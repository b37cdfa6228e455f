import { describe, expect, it } from 'vitest';
import { defaultCurriculum, updateLevelBody } from './levels';

describe('defaultCurriculum', () => {
  it('puts Forms on 8-4-4 and everything else on CBC', () => {
    expect(defaultCurriculum('Form 4')).toBe('8-4-4');
    expect(defaultCurriculum(' form 3')).toBe('8-4-4');
    expect(defaultCurriculum('Grade 10')).toBe('cbc');
    expect(defaultCurriculum('PP1')).toBe('cbc');
    expect(defaultCurriculum('Formation')).toBe('cbc');
  });
});

describe('updateLevelBody', () => {
  it('takes cbc or 8-4-4 and names the field otherwise', () => {
    expect(updateLevelBody.parse({ curriculum: '8-4-4' })).toEqual({ curriculum: '8-4-4' });
    const bad = updateLevelBody.safeParse({ curriculum: 'igcse' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Choose CBC or 8-4-4');
  });
});
