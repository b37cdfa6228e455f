import { describe, expect, it } from 'vitest';
import {
  nextLevelOf,
  promotionMessage,
  promotionQuestion,
  streamOf,
  suggestTargets,
} from './promotion';

describe('promotion', () => {
  it('finds the next level by the number in its name, none for the last', () => {
    const levels = ['Form 1', 'Form 2', 'Form 4', 'Grade 7', 'form 3'];
    expect(nextLevelOf('Form 1', levels)).toBe('Form 2');
    expect(nextLevelOf('Form 2', levels)).toBe('form 3');
    expect(nextLevelOf('Form 4', levels)).toBeNull();
    expect(nextLevelOf('Grade 7', levels)).toBeNull();
    expect(nextLevelOf('Seniors', levels)).toBeNull();
  });

  it('reads the stream of a class with or without the level words', () => {
    expect(streamOf('Form 1 East', 'Form 1')).toBe('east');
    expect(streamOf('1 East', 'Form 1')).toBe('east');
    expect(streamOf('1East', 'Form 1')).toBe('east');
    expect(streamOf('Form 1', 'Form 1')).toBe('');
    expect(streamOf('12 West', 'Form 1')).toBe('12 west');
  });

  it('pairs the streams of two levels, and lone classes with each other', () => {
    const c = (id: number, name: string, level: string) => ({ id, name, level });
    const form1 = [c(1, '1 East', 'Form 1'), c(2, '1 West', 'Form 1'), c(3, '1 North', 'Form 1')];
    const all = [...form1, c(4, 'Form 2 East', 'Form 2'), c(5, 'Form 2 West', 'Form 2')];
    const targets = suggestTargets(form1, all, 'Form 2');
    expect([...targets].map(([id, t]) => [id, t?.id ?? null])).toEqual([
      [1, 4],
      [2, 5],
      [3, null],
    ]);
    const lone = suggestTargets(
      [c(1, 'Form 3', 'Form 3')],
      [c(9, 'Form 4 Red', 'Form 4')],
      'Form 4',
    );
    expect(lone.get(1)?.id).toBe(9);
    expect(suggestTargets(form1, all, null).get(1)).toBeNull();
  });

  it('says what is asked and what was done', () => {
    expect(promotionQuestion(245, 0, 'Form 1')).toBe(
      'Move 245 students of Form 1 up to their new classes?',
    );
    expect(promotionQuestion(0, 1, 'Form 4')).toBe(
      'Send 1 student to alumni (left today, completed)?',
    );
    expect(promotionMessage(2, 1)).toBe(
      'Moved 2 students to their new classes. 1 student left as alumni.',
    );
    expect(promotionMessage(0, 0)).toBe('No active students to move.');
  });
});
