import type { SetupState } from '@shule/shared/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderSetupStep } from '../../test/render-page';
import { fakeSetupApi, type Sent, setupState } from '../../test/setup-api';
import { SetupYearStep } from './setup-year-step';

const year = { id: 3, name: '2026', start_date: '2026-01-05', end_date: '2026-11-27' };

const fakeApi = (state: SetupState, sent: Sent[]) =>
  fakeSetupApi(state, sent, ({ url, body }) =>
    url === '/api/fees/academic_years/3/' ? json(200, { ...year, ...body }) : undefined,
  );

describe('the setup wizard’s academic year', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the field messages of the academic year before saving anything', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(setupState({ step: 2 }), sent));
    renderSetupStep((state) => <SetupYearStep state={state} />);
    await screen.findByRole('heading', { name: 'Academic year' });
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-27' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-01-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('End date must be on or after the start date')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('changes only what differs in a saved year, then moves on', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(setupState({ step: 2, academic_year: year }), sent));
    renderSetupStep((state) => <SetupYearStep state={state} />);
    const end = await screen.findByLabelText('End Date');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '2026');
    fireEvent.change(end, { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PATCH', url: '/api/fees/academic_years/3/', body: { end_date: '2026-11-20' } },
        { method: 'PUT', url: '/api/setup/', body: { school: 7, step: 3 } },
      ]),
    );
  });
});
