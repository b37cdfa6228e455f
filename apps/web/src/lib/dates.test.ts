import { describe, expect, it } from 'vitest';
import { formatSchoolMoment } from './dates';

describe('formatSchoolMoment', () => {
  it("dates a moment by Nairobi's calendar, whatever the browser's zone", () => {
    // 21:00 UTC is midnight in Nairobi: the next day there.
    expect(formatSchoolMoment('2026-08-30T21:00:00.000Z')).toBe('Aug 31, 2026');
    expect(formatSchoolMoment('2026-08-30T20:59:00.000Z', { time: true })).toBe(
      'Aug 30, 2026 23:59',
    );
    expect(formatSchoolMoment('2026-11-20T09:15:00+03:00', { time: true })).toBe(
      'Nov 20, 2026 09:15',
    );
  });
});
