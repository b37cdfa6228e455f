import { describe, expect, it } from 'vitest';
import { createAcademicYearBody, updateAcademicYearBody } from './academic-years';
import { acceptDateAliases, dateRangeStatus } from './date-status';
import { createExamBody, updateExamBody } from './exams';
import { isCalendarDate } from './fields';
import { todayIn } from './school-time';
import { createTermBody, updateTermBody } from './terms';

describe('dateRangeStatus', () => {
  const range = { start_date: '2024-01-08', end_date: '2024-04-05' };
  it('is Upcoming before the start date', () => {
    expect(dateRangeStatus(range, '2024-01-07')).toBe('Upcoming');
  });
  it('is Ongoing from the start date to the end date, both included', () => {
    expect(dateRangeStatus(range, '2024-01-08')).toBe('Ongoing');
    expect(dateRangeStatus(range, '2024-02-15')).toBe('Ongoing');
    expect(dateRangeStatus(range, '2024-04-05')).toBe('Ongoing');
  });
  it('is Completed after the end date', () => {
    expect(dateRangeStatus(range, '2024-04-06')).toBe('Completed');
  });
});

describe('isCalendarDate', () => {
  it('accepts real yyyy-mm-dd dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
  });
  it('refuses impossible dates and other formats', () => {
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-30')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024/01/01')).toBe(false);
    expect(isCalendarDate('1-1-2024')).toBe(false);
  });
});

describe('todayIn', () => {
  it('gives the calendar day in Nairobi, three hours ahead of UTC', () => {
    expect(todayIn('Africa/Nairobi', new Date('2024-03-31T21:30:00Z'))).toBe('2024-04-01');
    expect(todayIn('Africa/Nairobi', new Date('2024-03-31T20:30:00Z'))).toBe('2024-03-31');
  });
});

describe('acceptDateAliases', () => {
  it('maps start and end to start_date and end_date', () => {
    expect(acceptDateAliases({ name: 'x', start: '2024-01-01', end: '2024-12-31' })).toEqual({
      name: 'x',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
    });
  });
  it('prefers start_date and end_date when both spellings are sent', () => {
    expect(
      acceptDateAliases({ start: '2020-01-01', start_date: '2024-01-01', end_date: '2024-12-31' }),
    ).toEqual({ start_date: '2024-01-01', end_date: '2024-12-31' });
  });
  it('leaves anything but an object alone', () => {
    expect(acceptDateAliases(null)).toBe(null);
    expect(acceptDateAliases([1])).toEqual([1]);
  });
});

describe('bodies with a start and an end date', () => {
  const bodies = {
    createAcademicYearBody,
    updateAcademicYearBody,
    createTermBody,
    updateTermBody,
    createExamBody,
    updateExamBody,
  };
  it.each(Object.entries(bodies))('%s refuses null, arrays and text as the body', (_, body) => {
    for (const value of [null, [], ['x'], 'text', 7, true]) {
      expect(body.safeParse(value).success).toBe(false);
    }
  });
  it.each(Object.entries(bodies))('%s refuses a year 0000 date and 2024-02-30', (_, body) => {
    for (const start_date of ['0000-01-01', '2024-02-30', '9999-12-31']) {
      const result = body.safeParse({ name: 'Term 1', start_date, end_date: '2024-12-31' });
      expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('start_date');
    }
  });
});
