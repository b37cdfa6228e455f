import { describe, expect, it } from 'vitest';
import { KENYAN_COUNTIES } from './counties';

describe('KENYAN_COUNTIES', () => {
  it('lists exactly the 47 counties, each once', () => {
    expect(KENYAN_COUNTIES).toHaveLength(47);
    expect(new Set(KENYAN_COUNTIES).size).toBe(47);
  });

  it('runs in the official numbering order, from Mombasa (001) to Nairobi (047)', () => {
    expect(KENYAN_COUNTIES[0]).toBe('Mombasa');
    expect(KENYAN_COUNTIES[29]).toBe('Baringo');
    expect(KENYAN_COUNTIES[46]).toBe('Nairobi');
  });

  it('spells the names without stray spaces', () => {
    for (const county of KENYAN_COUNTIES) expect(county).toBe(county.trim());
  });
});
