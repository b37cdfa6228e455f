import { describe, expect, it } from 'vitest';
import { CBC_KJSEA_SCALE } from './results/bands';
import { KJSEA_LEVELS, kjseaPoints } from './senior';

describe('KJSEA levels', () => {
  it('are the codes of KNEC’s scale, best first, with its points', () => {
    expect([...KJSEA_LEVELS]).toEqual(CBC_KJSEA_SCALE.map((band) => band.code));
    expect(KJSEA_LEVELS.map(kjseaPoints)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });
});
