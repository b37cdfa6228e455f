import { describe, expect, it } from 'vitest';
import { formatDateShort } from './dates';

describe('formatDateShort', () => {
  it('writes a yyyy-mm-dd date as a search for 2026/01/05 types it', () => {
    expect(formatDateShort('2026-01-05')).toBe('2026/01/05');
  });

  it('is a dash for no date or something that is not one', () => {
    for (const missing of [null, undefined, '', 'soon', '2026-13-01']) {
      expect(formatDateShort(missing)).toBe('—');
    }
  });
});
