import { screen, within } from '@testing-library/react';
import { format } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { calendarDayName, SchoolCalendar } from './school-calendar';

const today = new Date();
const iso = (day: number) =>
  format(new Date(today.getFullYear(), today.getMonth(), day), 'yyyy-MM-dd');

describe('the dashboard calendar', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('names a day by its date, as shown, and what is on', () => {
    expect(calendarDayName(new Date(2026, 10, 23), {})).toBe('Monday 23 November 2026');
    expect(calendarDayName(new Date(2026, 10, 27), { today: true, selected: true })).toBe(
      'Friday 27 November 2026, today, selected',
    );
    expect(calendarDayName(new Date(2026, 10, 24), { term: true, exam: true })).toBe(
      'Tuesday 24 November 2026, exam',
    );
  });

  it("shows this month's terms and exams, marked on their days and listed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/users/user/') return json(200, sessionUser('admin'));
        if (url.startsWith('/api/fees/terms/'))
          return json(200, {
            terms: [
              {
                id: 1,
                name: 'Term 3',
                start_date: iso(1),
                end_date: iso(20),
                status: 'Ongoing',
                academic_year: null,
                school: 7,
              },
            ],
          });
        if (url.startsWith('/api/grades/exams/'))
          return json(200, [
            {
              id: 2,
              name: 'Mid term',
              start_date: iso(10),
              end_date: iso(12),
              is_completed: false,
              is_ongoing: false,
              status: 'Upcoming',
              school: 7,
              term: 1,
              grading_scheme: null,
              classes: [],
              levels: [],
              components: [],
            },
            {
              id: 3,
              name: 'Last year',
              start_date: '2020-01-06',
              end_date: '2020-01-10',
              is_completed: true,
              is_ongoing: false,
              status: 'Completed',
              school: 7,
              term: null,
              grading_scheme: null,
              classes: [],
              levels: [],
              components: [],
            },
          ]);
        return json(404, { message: `no route ${url}` });
      }),
    );
    renderWithApp(<SchoolCalendar />);
    const list = await screen.findByRole('list', { name: 'Terms and exams this month' });
    await within(list).findByText('Mid term');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Term 3 \(term\) /),
      expect.stringMatching(/^Mid term \(exam\) /),
    ]);
    const tenth = new Date(today.getFullYear(), today.getMonth(), 10);
    expect(
      screen.getByRole('button', {
        name: new RegExp(`^${format(tenth, 'EEEE d MMMM yyyy')}, exam`),
      }),
    ).toBeTruthy();
    const second = new Date(today.getFullYear(), today.getMonth(), 2);
    expect(
      screen.getByRole('button', {
        name: new RegExp(`^${format(second, 'EEEE d MMMM yyyy')}, term`),
      }),
    ).toBeTruthy();
  });
});
