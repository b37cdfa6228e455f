import { describe, expect, it } from 'vitest';
import {
  classesQuery,
  classFormSchema,
  classHasStudentsMessage,
  createClassBody,
  updateClassBody,
} from './classes';

describe('class schemas', () => {
  it('trims the name and requires one', () => {
    expect(createClassBody.parse({ name: '  Form 1 ' })).toEqual({ name: 'Form 1' });
    for (const name of ['', '   ', undefined]) {
      const result = classFormSchema.safeParse({ name });
      expect(result.error?.issues[0]?.message).toBe('Class name is required');
    }
  });

  it('lets a PATCH rename, set or clear the class teacher', () => {
    expect(updateClassBody.parse({ name: ' Form 2 ' })).toEqual({ name: 'Form 2' });
    expect(updateClassBody.parse({ class_teacher: 7 })).toEqual({ class_teacher: 7 });
    expect(updateClassBody.parse({ class_teacher: '7' })).toEqual({ class_teacher: 7 });
    expect(updateClassBody.parse({ class_teacher: null })).toEqual({ class_teacher: null });
    expect(updateClassBody.safeParse({ class_teacher: 'abc' }).success).toBe(false);
    expect(updateClassBody.safeParse({ name: '' }).success).toBe(false);
  });

  it('reads ?school= and ?count=true', () => {
    expect(classesQuery.parse({ school: '3', count: 'true' })).toEqual({
      school: 3,
      count: 'true',
    });
  });

  it('names how many students block a delete', () => {
    expect(classHasStudentsMessage(1)).toBe(
      'This class has 1 student. Move or remove them before deleting the class.',
    );
    expect(classHasStudentsMessage(12)).toBe(
      'This class has 12 students. Move or remove them before deleting the class.',
    );
  });
});
