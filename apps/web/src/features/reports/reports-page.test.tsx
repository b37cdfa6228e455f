import type { ReportsOverview } from '@shule/shared/reports';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { ReportsPage } from './reports-page';

const EMPTY: ReportsOverview = {
  exams: [],
  classes: [],
  fees: { billed_students: 0, payments: 0 },
  registers: { taken: 0, last_date: null },
};

const schoolClass = (id: number, name: string, students: number, level: string | null = null) => ({
  id,
  name,
  level,
  students,
  may_see_results: true,
});

/** Two streams of Form 4; End Term is marked in 4 East only; a CAT has no marks. */
const ENTERED: ReportsOverview = {
  exams: [
    { id: 9, name: 'CAT 2', start_date: '2026-08-01', combined: false, marked_class_ids: [] },
    { id: 5, name: 'End Term', start_date: '2026-07-27', combined: false, marked_class_ids: [1] },
  ],
  classes: [schoolClass(1, '4 East', 30, 'Form 4'), schoolClass(2, '4 West', 0, 'Form 4')],
  fees: { billed_students: 30, payments: 12 },
  registers: { taken: 14, last_date: '2026-07-30' },
};

function useApi(overview: ReportsOverview, role: 'admin' | 'teacher' = 'admin') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/users/user/') return json(200, sessionUser(role));
      if (url === '/api/reports/') return json(200, overview);
      return json(404, { message: `no route ${url}` });
    }),
  );
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
const section = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('div.rounded-lg') as HTMLElement;

describe('reports page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('says what an empty school has to enter first, and where', async () => {
    useApi(EMPTY);
    renderWithApp(<ReportsPage />);
    expect(await screen.findByText(/No exam yet/)).toBeTruthy();
    expect(within(section('Exam reports')).getByRole('link', { name: 'Exams' })).toBeTruthy();
    expect(within(section('Class lists and registers')).getByText(/No class yet/)).toBeTruthy();
    expect(screen.getByText(/No student has been billed yet/)).toBeTruthy();
    expect(screen.getByText(/No payment recorded yet/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('says when exams exist but none has marks', async () => {
    useApi({ ...EMPTY, exams: [ENTERED.exams[0]!], classes: ENTERED.classes });
    renderWithApp(<ReportsPage />);
    expect(await screen.findByText(/No exam has marks yet — enter marks on/)).toBeTruthy();
  });

  it("opens an exam's reports for the class picked, and the whole level for an admin", async () => {
    useApi(ENTERED);
    renderWithApp(<ReportsPage />);
    await screen.findByRole('heading', { name: 'Exam reports' });
    // Only exams with marks are offered; the first class with marks is chosen.
    const exam = screen.getByLabelText('Exam') as HTMLSelectElement;
    expect([...exam.options].map((o) => o.textContent)).toEqual(['End Term · 2026']);
    expect(hrefOf('Open report forms')).toBe('/exams/5?class=1');
    expect(hrefOf('Open merit list')).toBe('/exams/5/merit-list?class=1');
    expect(hrefOf('Open analysis')).toBe('/results?exam=5&class=1');
    expect(
      screen.getAllByRole('link', { name: 'All of Form 4' }).map((a) => a.getAttribute('href')),
    ).toEqual(['/exams/5/merit-list?level=Form%204', '/results?exam=5&level=Form%204']);

    const examClass = within(section('Exam reports')).getByLabelText('Class');
    fireEvent.change(examClass, { target: { value: '2' } });
    expect(screen.queryByRole('link', { name: 'Open report forms' })).toBeNull();
    expect(screen.getAllByText(/4 West has no marks in End Term yet/)).toHaveLength(3);
  });

  it('opens class lists, registers and fee reports', async () => {
    useApi(ENTERED);
    renderWithApp(<ReportsPage />);
    await screen.findByRole('heading', { name: 'Class lists and registers' });
    expect(hrefOf('Open class list')).toBe('/students');
    expect(screen.getByText(/14 registers taken so far, the last on 30 Jul 2026/)).toBeTruthy();
    fireEvent.change(within(section('Class lists and registers')).getByLabelText('Class'), {
      target: { value: '2' },
    });
    expect(screen.getByText(/4 West has no students yet — admit them on/)).toBeTruthy();
    expect(hrefOf('Open register')).toBe('/attendance?class=2');
    expect(hrefOf('Find a student')).toBe('/students');
    expect(hrefOf('Open fees')).toBe('/fees');
  });

  it('shows a teacher the class they lead and no fee reports', async () => {
    useApi(
      {
        ...ENTERED,
        fees: null,
        classes: [{ ...ENTERED.classes[0]!, may_see_results: false }, ENTERED.classes[1]!],
      },
      'teacher',
    );
    renderWithApp(<ReportsPage />);
    await screen.findByRole('heading', { name: 'Exam reports' });
    const examClass = within(section('Exam reports')).getByLabelText('Class') as HTMLSelectElement;
    expect([...examClass.options].map((o) => o.textContent)).toEqual([
      '4 West (Form 4) · no marks',
    ]);
    expect(screen.queryByRole('link', { name: 'All of Form 4' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Fee reports' })).toBeNull();
  });

  it('says so when the reports cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/users/user/'
          ? json(200, sessionUser('admin'))
          : json(500, { message: 'Something went wrong' }),
      ),
    );
    renderWithApp(<ReportsPage />);
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
