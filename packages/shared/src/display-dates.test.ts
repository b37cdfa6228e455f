import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDayMonth,
  formatSchoolMoment,
  formatSchoolTime,
} from './display-dates';

describe('formatSchoolMoment', () => {
  it("dates a moment by Nairobi's calendar, whatever the browser's zone", () => {
    // 21:00 UTC is midnight in Nairobi: the next day there.
    expect(formatSchoolMoment('2026-08-30T21:00:00.000Z')).toBe('31 Aug 2026');
    expect(formatSchoolMoment('2026-08-30T20:59:00.000Z', { time: true })).toBe(
      '30 Aug 2026 23:59',
    );
    expect(formatSchoolMoment('2026-11-20T09:15:00+03:00', { time: true })).toBe(
      '20 Nov 2026 09:15',
    );
  });

  it('dates a consent recorded at 00:49 in Nairobi on that day, not the day before', () => {
    expect(formatSchoolMoment('2026-08-23T21:49:00.000Z')).toBe('24 Aug 2026');
    expect(formatSchoolTime('2026-08-23T21:49:00.000Z')).toBe('00:49');
  });

  it('shows a dash for something that is not a moment', () => {
    expect(formatSchoolMoment('soon')).toBe('—');
    expect(formatSchoolTime('')).toBe('—');
  });
});

describe('formatDate', () => {
  it('shows a yyyy-mm-dd date in Kenyan order, as the PDFs print it', () => {
    expect(formatDate('2026-08-24')).toBe('24 Aug 2026');
    expect(formatDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDate('2026-09-30T12:00:00Z')).toBe('30 Sep 2026');
    expect(formatDayMonth('2026-08-04')).toBe('4 Aug');
    expect(formatDateRange('2026-08-24', '2026-10-30')).toBe('24 Aug 2026 – 30 Oct 2026');
    expect(formatDateRange('2026-12-02', '2026-12-02')).toBe('2 Dec 2026');
  });

  it('shows a dash for no date or something that is not one', () => {
    for (const missing of [null, undefined, '', 'soon', '2026-13-01']) {
      expect(formatDate(missing)).toBe('—');
    }
    expect(formatDayMonth('soon')).toBe('—');
  });
});
