import type { SetupState } from '@shule/shared/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../lib/storage';
import { json, renderWithApp } from '../test/render-page';
import { fakeSetupApi, type Sent, setupState } from '../test/setup-api';
import { SetupRoute } from './setup-route';

const year = { id: 3, name: '2026', start_date: '2026-01-05', end_date: '2026-11-27' };
const term1 = { id: 11, name: 'Term 1', start_date: '2026-01-05', end_date: '2026-04-02' };
const classes = [
  { id: 4, name: '4 East', level: 'Form 4' },
  { id: 5, name: 'Grade 7', level: null },
];

/** The wizard's API with a year of one term and no fees. */
const fakeApi = (state: SetupState, sent: Sent[]) =>
  fakeSetupApi(state, sent, ({ url }) => {
    if (url === '/api/fees/categories/') return json(200, { categories: [] });
    if (url === '/api/fees/structures/?term=11') {
      const term = { ...term1, academic_year: { id: 3, name: '2026' } };
      return json(200, { term, classes, categories: [], amounts: [], class_totals: [] });
    }
  });

describe('the setup wizard, composed of the steps of the features that own them', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('resumes at the saved step and moves on to the next feature’s step', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(setupState({ step: 3, academic_year: year, terms: [term1] }), sent),
    );
    renderWithApp(<SetupRoute />);
    const first = await screen.findByRole('listitem', { name: 'Term 1' });
    expect(within(first).getByLabelText('End Date')).toHaveProperty('value', '2026-04-02');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Classes' })).toBeTruthy();
    // The saved term, unchanged, is not sent again.
    expect(sent).toEqual([{ method: 'PUT', url: '/api/setup/', body: { school: 7, step: 4 } }]);
  });

  it('reviews the year, terms, classes and fees in order, each with Edit back to its step', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(setupState({ step: 6, academic_year: year, terms: [term1], classes }), sent),
    );
    renderWithApp(<SetupRoute />);
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Academic year',
      'Terms (1)',
      'Classes (2)',
      'Fees',
    ]);
    expect(screen.getByText('2026: 5 Jan 2026 – 27 Nov 2026')).toBeTruthy();
    expect(await screen.findByText(/^No fees yet/)).toBeTruthy();

    const terms = screen.getByRole('heading', { name: 'Terms (1)' }).closest('section')!;
    fireEvent.click(within(terms).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeTruthy();
    expect(sent).toEqual([{ method: 'PUT', url: '/api/setup/', body: { school: 7, step: 3 } }]);
  });

  it('shows the completion screen with its links once finished', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi(
        setupState({ step: 6, finished_at: '2026-11-26T10:00:00.000Z', academic_year: year }),
        [],
      ),
    );
    renderWithApp(<SetupRoute />);
    expect(await screen.findByRole('heading', { name: 'Setup complete' })).toBeTruthy();
    const links = within(screen.getByRole('list', { name: 'Where to go next' })).getAllByRole(
      'link',
    );
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/students', '/fees', '/dashboard']);
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Setup steps' })).toBeNull());
  });
});
