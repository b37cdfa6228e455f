import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_MESSAGES,
  attendanceRate,
  attendedOfRecorded,
  registerDateProblem,
} from './attendance';

const term = { name: 'Term 3', start_date: '2026-09-01', end_date: '2026-11-27' };

describe('registerDateProblem', () => {
  it('takes a school day of the current term up to today', () => {
    expect(registerDateProblem('2026-11-26', '2026-11-26', term)).toBeNull();
    expect(registerDateProblem('2026-09-01', '2026-11-26', term)).toBeNull();
  });

  it('refuses a future day, a day outside the term, a weekend and a holiday', () => {
    expect(registerDateProblem('2026-11-27', '2026-11-26', term)).toBe(ATTENDANCE_MESSAGES.future);
    expect(registerDateProblem('2026-08-31', '2026-11-26', term)).toBe(
      ATTENDANCE_MESSAGES.outsideTerm(term),
    );
    expect(registerDateProblem('2026-11-21', '2026-11-26', term)).toBe(ATTENDANCE_MESSAGES.weekend);
    expect(registerDateProblem('2026-11-22', '2026-11-26', term)).toBe(ATTENDANCE_MESSAGES.weekend);
    expect(registerDateProblem('2026-12-01', '2026-12-02', null)).toBe(ATTENDANCE_MESSAGES.noTerm);
  });
});

describe('attendanceRate', () => {
  it('counts late as attended, to one decimal, and nothing recorded as no rate', () => {
    expect(attendanceRate({ recorded: 3, present: 1, late: 1 })).toBe(66.7);
    expect(attendanceRate({ recorded: 40, present: 38, late: 1 })).toBe(97.5);
    expect(attendanceRate({ recorded: 0, present: 0, late: 0 })).toBeNull();
  });

  it('says days attended of days recorded', () => {
    const counts = { recorded: 55, present: 50, late: 2, absent: 2, excused: 1, rate: 94.5 };
    expect(attendedOfRecorded(counts)).toBe('52 of 55 days (94.5%)');
  });
});
