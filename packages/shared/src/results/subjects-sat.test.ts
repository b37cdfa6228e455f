import { describe, expect, it } from 'vitest';
import { bestFew, bestFirst, bestOf, type GradedSubject } from './subjects-sat';

/** Subjects with few distinct points and marks, so that ties are common (seeded, the same every run). */
function subjectsOf(seed: number, count: number): GradedSubject[] {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
  return Array.from({ length: count }, () => ({
    subjectId: 1 + next(6),
    code: 'X',
    group: null,
    mark: 40 + next(4),
    grade: 'C',
    points: 6 + next(3),
  }));
}

describe('bestFew and bestOf', () => {
  it('pick what filtering, sorting by bestFirst and keeping the first ones picks, ties included', () => {
    const even = (s: GradedSubject) => s.subjectId % 2 === 0;
    for (let seed = 1; seed <= 300; seed++) {
      const subjects = subjectsOf(seed, seed % 13);
      for (const test of [() => true, even]) {
        const sorted = subjects.filter(test).sort(bestFirst);
        for (const count of [0, 1, 2, 5, 20]) {
          const few = bestFew(subjects, count, test);
          expect(few).toHaveLength(Math.min(count, sorted.length));
          for (const [i, s] of few.entries()) expect(s).toBe(sorted[i]);
        }
        expect(bestOf(subjects, test)).toBe(sorted[0]);
      }
    }
  });
});
