import { describe, expect, it } from 'vitest';
import { createSubjectBody, updateSubjectBody } from './subjects';

describe('subject bodies', () => {
  it('forces the code to upper case and reads class ids', () => {
    expect(
      createSubjectBody.parse({ name: 'Mathematics', code: 'mat', classes: ['3', 4], school: 1 }),
    ).toEqual({ name: 'Mathematics', code: 'MAT', classes: [3, 4], school: 1 });
  });
  it('requires a name and a code', () => {
    const result = createSubjectBody.safeParse({ classes: [] });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Name is required',
      'Code is required',
    ]);
  });
  it('refuses classes that are not ids', () => {
    const result = createSubjectBody.safeParse({ name: 'Art', code: 'ART', classes: [0] });
    expect(result.error?.issues[0]?.message).toBe('Classes must be a list of class ids');
    expect(createSubjectBody.safeParse({ name: 'Art', code: 'ART', classes: 5 }).success).toBe(
      false,
    );
  });
  it('refuses a code longer than 10 characters', () => {
    const result = createSubjectBody.safeParse({ name: 'Art', code: 'ABCDEFGHIJK' });
    expect(result.error?.issues[0]?.message).toBe('Code must be at most 10 characters');
  });
  it('clears a description sent empty and leaves classes alone when not sent', () => {
    expect(updateSubjectBody.parse({ description: '' })).toEqual({ description: null });
  });
});
