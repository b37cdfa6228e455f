import type { SetupState } from '@shule/shared/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { SetupPage } from './setup-page';

const year = { id: 3, name: '2026', start_date: '2026-01-05', end_date: '2026-11-27' };
const term1 = { id: 11, name: 'Term 1', start_date: '2026-01-05', end_date: '2026-04-02' };

const state = (changes: Partial<SetupState>): SetupState => ({
  step: 1,
  finished_at: null,
  academic_year: null,
  terms: [],
  classes: [],
  after: { grades: 0, subjects: 0, teachers: 0 },
  ...changes,
});

/** A stand-in API holding the setup state; every write is recorded. */
function fakeApi(initial: SetupState, sent: { method: string; url: string; body: unknown }[]) {
  let current = initial;
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url.startsWith('/api/setup/') && method === 'GET') return json(200, current);
    if (url === '/api/setup/' && method === 'PUT') {
      current = { ...current, step: body.step };
      return json(200, current);
    }
    if (url === '/api/fees/terms/' && method === 'POST') {
      if (body.end_date > year.end_date) {
        const message =
          'The term must lie within its academic year 2026 (2026-01-05 to 2026-11-27)';
        return json(400, { message, errors: { end_date: [message] } });
      }
      const created = { ...body, id: 12 };
      current = { ...current, terms: [...current.terms, created] };
      return json(201, created);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
}

describe('setup wizard', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('resumes at the saved step with the saved terms, and saves only the new one', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', fakeApi(state({ step: 3, academic_year: year, terms: [term1] }), sent));
    renderWithApp(<SetupPage />);

    const first = await screen.findByRole('listitem', { name: 'Term 1' });
    expect(within(first).getByLabelText('End Date')).toHaveProperty('value', '2026-04-02');
    // A saved term is not removed here.
    expect(screen.queryByRole('button', { name: 'Remove term 1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add another term' }));
    const second = screen.getByRole('listitem', { name: 'Term 2' });
    expect(within(second).getByLabelText('Name')).toHaveProperty('value', 'Term 2');
    fireEvent.change(within(second).getByLabelText('Start Date'), {
      target: { value: '2026-04-27' },
    });
    fireEvent.change(within(second).getByLabelText('End Date'), {
      target: { value: '2026-12-31' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    // The server's field message goes beside the row's input; the step stays.
    expect(await within(second).findByText(/must lie within its academic year 2026/)).toBeTruthy();
    expect(sent.filter((s) => s.url === '/api/setup/')).toEqual([]);

    fireEvent.change(within(second).getByLabelText('End Date'), {
      target: { value: '2026-07-31' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Classes' })).toBeTruthy();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/fees/terms/',
      'POST /api/fees/terms/',
      'PUT /api/setup/',
    ]);
    expect(sent[1]!.body).toEqual({
      name: 'Term 2',
      start_date: '2026-04-27',
      end_date: '2026-07-31',
      academic_year: 3,
      school: 7,
    });
    expect(sent[2]!.body).toEqual({ school: 7, step: 4 });
  });

  it('shows the field messages of the academic year before saving anything', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', fakeApi(state({ step: 2 }), sent));
    renderWithApp(<SetupPage />);
    await screen.findByRole('heading', { name: 'Academic year' });
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-27' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-01-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('End date must be on or after the start date')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows the completion screen with its links once finished', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi(state({ step: 6, finished_at: '2026-11-26T10:00:00.000Z', academic_year: year }), []),
    );
    renderWithApp(<SetupPage />);
    expect(await screen.findByRole('heading', { name: 'Setup complete' })).toBeTruthy();
    const links = within(screen.getByRole('list', { name: 'Where to go next' })).getAllByRole(
      'link',
    );
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/students', '/fees', '/dashboard']);
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Setup steps' })).toBeNull());
  });

  it('sends a finished school on to its grading, subjects and teachers, with what is done', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi(
        state({
          step: 6,
          finished_at: '2026-11-26T10:00:00.000Z',
          academic_year: year,
          classes: [
            { id: 4, name: '4 East', level: 'Form 4' },
            { id: 5, name: 'Grade 7', level: null },
          ],
          after: { grades: 0, subjects: 8, teachers: 1 },
        }),
        [],
      ),
    );
    renderWithApp(<SetupPage />);
    const toSet = await screen.findByRole('list', { name: 'Still to set' });
    expect(
      within(toSet)
        .getAllByRole('link')
        .map((l) => [l.getAttribute('href'), l.textContent]),
    ).toEqual([
      ['/grades', 'GradingThe KCSE scale for Form classes, a CBC scale for Grade classes'],
      ['/subjects', 'Subjects8 subjects'],
      ['/teachers', 'Teachers1 teacher'],
    ]);
    expect(within(toSet).getAllByLabelText('Done')).toHaveLength(2);
    expect(within(toSet).getAllByLabelText('Not yet')).toHaveLength(1);
  });
});
