import { describe, expect, it } from 'vitest';
import { jsonBytes } from './typed-json';

describe('jsonBytes', () => {
  it('writes the bytes JSON.stringify writes', () => {
    const answers: unknown[] = [
      { exam: { id: 1, name: 'End of Term 1' }, previous_exam: null, subjects: [], rows: [] },
      {
        total: 2,
        skipped: undefined,
        fn: () => 1,
        'quote"d key': 'ü ✓ \u2028 "x"\n',
        rows: [
          { id: 1, name: 'Wanjiru Kamau', marks: [79.5, 'X', null], entry: undefined },
          undefined,
          [1, [2, { a: [] }]],
          new Date(0),
          { toJSON: () => 'own' },
        ],
        students: [{ photo: null }],
      },
      [{ a: 1 }, 'two', 3, null, undefined, { b: [4] }],
      [],
      {},
      'text',
      null,
      new Date(0),
      { toJSON: () => ({ replaced: true }) },
      Object.assign(Object.create(null), { rows: [1, 2] }),
    ];
    // Each also in a long answer (above 128 K), which is written element by element.
    const bulk = Array.from({ length: 4000 }, (_, i) => ({
      i,
      name: 'Wanjiru Kamau',
      marks: [i, 'X'],
    }));
    const long = (answer: unknown) =>
      Array.isArray(answer)
        ? [...answer, ...bulk]
        : answer !== null && typeof answer === 'object' && !(answer instanceof Date)
          ? { ...answer, bulk }
          : { answer, bulk };
    for (const answer of [...answers, ...answers.map(long)]) {
      expect(jsonBytes(answer).toString('utf8')).toBe(JSON.stringify(answer));
    }
    expect(JSON.stringify(long({})).length).toBeGreaterThan(128 * 1024);
  });

  it('counts the bytes of characters beyond ASCII', () => {
    const answer = {
      rows: Array.from({ length: 5000 }, (_, i) => ({ i, name: 'Njeri Wanjikũ 🎓' })),
    };
    const bytes = jsonBytes(answer);
    expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify(answer)));
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(answer);
  });
});
