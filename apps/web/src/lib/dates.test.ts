import { describe, expect, it } from 'vitest';
import { formatDate, formatDateShort, formatSchoolMoment } from './dates';

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

describe('formatDate and formatDateShort', () => {
  it('show a yyyy-mm-dd date as the screens print it', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatDate('2026-09-30T12:00:00Z')).toBe('Sep 30, 2026');
    expect(formatDateShort('2026-01-05')).toBe('2026/01/05');
  });

  it('show a dash for no date or something that is not one', () => {
    for (const missing of [null, undefined, '', 'soon', '2026-13-01']) {
      expect(formatDate(missing)).toBe('—');
      expect(formatDateShort(missing)).toBe('—');
    }
  });
});
