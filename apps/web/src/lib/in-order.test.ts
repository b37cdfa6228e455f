import { compareClasses } from '@shule/shared/classes';
import { describe, expect, it } from 'vitest';
import { withRowInOrder } from './in-order';

const c = (id: number, name: string) => ({ id, name });

describe('withRowInOrder', () => {
  it('puts a row where the order puts it: first, between, last', () => {
    const rows = [c(1, 'Form 2'), c(2, 'Form 4')];
    const names = (r: { name: string }[]) => r.map((x) => x.name);
    expect(names(withRowInOrder(rows, c(3, 'Form 1'), compareClasses))).toEqual([
      'Form 1',
      'Form 2',
      'Form 4',
    ]);
    expect(names(withRowInOrder(rows, c(3, 'Form 3'), compareClasses))).toEqual([
      'Form 2',
      'Form 3',
      'Form 4',
    ]);
    expect(names(withRowInOrder(rows, c(3, 'Form 5'), compareClasses))).toEqual([
      'Form 2',
      'Form 4',
      'Form 5',
    ]);
    expect(names(withRowInOrder(undefined, c(3, 'Form 5'), compareClasses))).toEqual(['Form 5']);
  });

  it('replaces a row of the same id rather than adding it twice', () => {
    expect(withRowInOrder([c(1, 'Form 2')], c(1, 'Form 2'), compareClasses)).toHaveLength(1);
  });
});
