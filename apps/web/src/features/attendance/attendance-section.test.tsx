import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, studentDetail } from '../../test/render-page';
import { AttendanceSection } from './attendance-section';

const term = { id: 1, name: 'Term 3', start_date: '2026-09-01', end_date: '2026-11-27' };

const stub = (answer: Response) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer),
  );

describe('attendance section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the term's days attended and lists the days missed or late with their notes", async () => {
    stub(
      json(200, {
        term,
        counts: { recorded: 55, present: 50, absent: 2, late: 2, excused: 1, rate: 94.5 },
        days: [
          { date: '2026-11-25', status: 'absent', note: 'Sick' },
          { date: '2026-11-24', status: 'present', note: null },
          { date: '2026-11-20', status: 'late', note: null },
        ],
      }),
    );
    renderWithApp(<AttendanceSection student={studentDetail()} />);
    expect((await screen.findByTestId('attended-of-recorded')).textContent).toBe(
      '52 of 55 days (94.5%)',
    );
    const days = screen.getByRole('list', { name: 'Days absent, late or excused' });
    const items = within(days).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toBe('25 Nov 2026AbsentSick');
    expect(items[1]?.textContent).toContain('Late');
  });

  it('says when no register is taken yet, and when no term runs', async () => {
    stub(
      json(200, {
        term,
        counts: { recorded: 0, present: 0, absent: 0, late: 0, excused: 0, rate: null },
        days: [],
      }),
    );
    renderWithApp(<AttendanceSection student={studentDetail()} />);
    expect(await screen.findByText('No registers taken yet')).toBeTruthy();

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stub(
      json(200, {
        term: null,
        counts: { recorded: 0, present: 0, absent: 0, late: 0, excused: 0, rate: null },
        days: [],
      }),
    );
    renderWithApp(<AttendanceSection student={studentDetail()} />);
    expect(await screen.findByText(/No term is running/)).toBeTruthy();
  });

  it('shows a failure with Try Again', async () => {
    stub(json(500, { message: 'Server is down' }));
    renderWithApp(<AttendanceSection student={studentDetail()} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load the attendance. Server is down',
    );
  });
});
