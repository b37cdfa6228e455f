import { describe, expect, it } from 'vitest';
import { createAcademicYearBody, updateAcademicYearBody } from './academic-years';
import { createTermBody, isWithin } from './terms';

describe('academic year bodies', () => {
  it('accepts the older start and end names', () => {
    expect(
      createAcademicYearBody.parse({
        name: '2024',
        start: '2024-01-01',
        end: '2024-12-31',
        school: '4',
      }),
    ).toEqual({ name: '2024', start_date: '2024-01-01', end_date: '2024-12-31', school: 4 });
  });
  it('refuses an end before the start, on end_date', () => {
    const result = createAcademicYearBody.safeParse({
      name: '2024',
      start_date: '2024-12-31',
      end_date: '2024-01-01',
    });
    expect(result.error?.issues).toMatchObject([
      { path: ['end_date'], message: 'End date must be on or after the start date' },
    ]);
  });
  it('reports a missing name and an inverted range together', () => {
    const result = createAcademicYearBody.safeParse({
      name: '',
      start_date: '2024-12-31',
      end_date: '2024-01-01',
    });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['name', 'end_date']);
  });
  it('refuses impossible dates', () => {
    const result = createAcademicYearBody.safeParse({
      name: '2024',
      start_date: '2024-02-30',
      end_date: '2024-12-31',
    });
    expect(result.error?.issues[0]?.message).toBe('Start date must be a date (yyyy-mm-dd)');
  });
  it('checks the dates of a change only when both are sent', () => {
    expect(updateAcademicYearBody.parse({ end_date: '2020-01-01' })).toEqual({
      end_date: '2020-01-01',
    });
    expect(
      updateAcademicYearBody.safeParse({ start_date: '2024-02-01', end_date: '2024-01-01' })
        .success,
    ).toBe(false);
  });
});

describe('terms', () => {
  it('reads an empty academic year as none', () => {
    expect(
      createTermBody.parse({
        name: 'Term 1',
        start_date: '2024-01-08',
        end_date: '2024-04-05',
        academic_year: '',
      }).academic_year,
    ).toBeNull();
  });
  it('lies within a range with both ends included', () => {
    const year = { start_date: '2024-01-01', end_date: '2024-12-31' };
    expect(isWithin({ start_date: '2024-01-01', end_date: '2024-12-31' }, year)).toBe(true);
    expect(isWithin({ start_date: '2023-12-31', end_date: '2024-04-01' }, year)).toBe(false);
    expect(isWithin({ start_date: '2024-09-01', end_date: '2025-01-01' }, year)).toBe(false);
  });
});
