import type { AbsentStudents, AttendanceSummary } from '@shule/shared/attendance';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp } from '../../test/render-page';
import {
  AbsentTodayCard,
  AttendanceByClassCard,
  AttendanceRateCard,
  MyRegisterCard,
  NO_ABSENT_TEXT,
  NO_REGISTER_TEXT,
} from './attendance-cards';

const zero = { recorded: 0, present: 0, absent: 0, late: 0, excused: 0, rate: null };
const term = { id: 1, name: 'Term 3', start_date: '2026-09-01', end_date: '2026-11-27' };

const summary = (taken: boolean): AttendanceSummary => ({
  ...(taken ? { recorded: 40, present: 37, absent: 2, late: 1, excused: 0, rate: 95 } : zero),
  date: '2026-11-26',
  by_class: [
    {
      ...(taken ? { recorded: 40, present: 37, absent: 2, late: 1, excused: 0, rate: 95 } : zero),
      class: { id: 2, name: '2 West' },
      taken,
      active_students: 40,
      term_rate: taken ? 93.4 : null,
    },
    {
      ...zero,
      class: { id: 3, name: '3 North' },
      taken: false,
      active_students: 30,
      term_rate: 90,
    },
  ],
  term: { ...term, counts: { ...zero, recorded: 900, present: 830, late: 10, rate: 93.3 } },
});

function stub(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url in answers ? json(200, answers[url]) : json(404, { message: 'Not found' }),
    ),
  );
}

describe('attendance cards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says no register is taken today, then shows today's and the term's rates", async () => {
    stub({ '/api/attendance/summary/': summary(false) });
    renderWithApp(<AttendanceRateCard />);
    expect((await screen.findByTestId('attendance-today')).textContent).toBe(NO_REGISTER_TEXT);
    expect(screen.getByText(/0 of 2 classes taken/)).toBeTruthy();
    expect(screen.getByTestId('attendance-term').textContent).toBe('Term 3: 93.3%');

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stub({ '/api/attendance/summary/': summary(true) });
    renderWithApp(<AttendanceRateCard />);
    expect((await screen.findByTestId('attendance-today')).textContent).toBe('95.0%');
    expect(screen.getByText(/1 of 2 classes taken/)).toBeTruthy();
  });

  it("lists each class's register today and term rate, linking to it", async () => {
    stub({ '/api/attendance/summary/': summary(true) });
    renderWithApp(<AttendanceByClassCard />);
    const list = await screen.findByRole('list', { name: 'Registers by class' });
    const [west, north] = within(list).getAllByRole('link');
    expect(west?.getAttribute('href')).toBe('/attendance?class=2');
    expect(west?.textContent).toContain('95.0%');
    expect(west?.textContent).toContain('term 93.4%');
    expect(north?.textContent).toContain('not taken');
    expect(north?.textContent).toContain('term 90.0%');
  });

  it("lists today's absent students with their class and a parent's phone to call", async () => {
    const absent: AbsentStudents = {
      date: '2026-11-26',
      students: [
        {
          id: 21,
          first_name: 'Baraka',
          last_name: 'Otieno',
          admission_number: '0021',
          class: { id: 2, name: '2 West' },
          note: 'Sick',
          parent: { first_name: 'Grace', last_name: 'Otieno', phone_number: '0712345678' },
          absence_sms_sent: true,
        },
        {
          id: 22,
          first_name: 'Chebet',
          last_name: 'Kiprono',
          admission_number: '0022',
          class: { id: 3, name: '3 North' },
          note: null,
          parent: null,
          absence_sms_sent: false,
        },
      ],
    };
    stub({ '/api/attendance/absent/': absent });
    renderWithApp(<AbsentTodayCard />);
    const call = await screen.findByRole('link', { name: 'Call Grace Otieno, 0712345678' });
    expect(call.getAttribute('href')).toBe('tel:0712345678');
    expect(screen.getByText('2 West · Sick')).toBeTruthy();
    expect(screen.getByText('Parent texted')).toBeTruthy();
    expect(screen.getByText('No parent')).toBeTruthy();

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stub({ '/api/attendance/absent/': { date: '2026-11-26', students: [] } });
    renderWithApp(<AbsentTodayCard />);
    expect(await screen.findByText(NO_ABSENT_TEXT)).toBeTruthy();
  });

  it("asks a class teacher to take today's register, then shows its rate", async () => {
    stub({ '/api/attendance/summary/': summary(false) });
    renderWithApp(<MyRegisterCard myClass={{ id: 2, name: '2 West' }} />);
    expect((await screen.findByTestId('my-register')).textContent).toBe("Take today's register");
    expect(screen.getByRole('link').getAttribute('href')).toBe('/attendance?class=2');

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stub({ '/api/attendance/summary/': summary(true) });
    renderWithApp(<MyRegisterCard myClass={{ id: 2, name: '2 West' }} />);
    expect((await screen.findByTestId('my-register')).textContent).toBe('Register taken: 95.0%');
  });
});
