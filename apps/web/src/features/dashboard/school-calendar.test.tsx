import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calendarDayName, SchoolCalendar } from './school-calendar';

describe('the dashboard calendar', () => {
  it('names a day by its date, as shown', () => {
    expect(calendarDayName(new Date(2026, 10, 23), {})).toBe('Monday 23 November 2026');
    expect(calendarDayName(new Date(2026, 10, 27), { today: true, selected: true })).toBe(
      'Friday 27 November 2026, today, selected',
    );
  });

  it("labels each day button with this month's dates", () => {
    render(<SchoolCalendar />);
    const today = new Date();
    expect(
      screen.getByRole('button', { name: `${calendarDayName(today, { today: true })}` }),
    ).toBeTruthy();
  });
});
