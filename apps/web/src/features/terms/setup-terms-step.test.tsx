import type { SetupState } from '@shule/shared/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderSetupStep } from '../../test/render-page';
import { fakeSetupApi, type Sent, setupState } from '../../test/setup-api';
import { SetupTermsStep } from './setup-terms-step';

const year = { id: 3, name: '2026', start_date: '2026-01-05', end_date: '2026-11-27' };
const term1 = { id: 11, name: 'Term 1', start_date: '2026-01-05', end_date: '2026-04-02' };

/** The wizard's API, refusing a term past the year. */
const fakeApi = (state: SetupState, sent: Sent[]) =>
  fakeSetupApi(state, sent, ({ method, url, body }) => {
    if (url !== '/api/fees/terms/' || method !== 'POST') return undefined;
    if (body.end_date > year.end_date) {
      const message = 'The term must lie within its academic year 2026 (2026-01-05 to 2026-11-27)';
      return json(400, { message, errors: { end_date: [message] } });
    }
    return json(201, { ...body, id: 12 });
  });

describe('the setup wizard’s terms', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('resumes at the saved step with the saved terms, and saves only the new one', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(setupState({ step: 3, academic_year: year, terms: [term1] }), sent),
    );
    renderSetupStep((state) => <SetupTermsStep state={state} />);

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
    await waitFor(() => expect(sent).toHaveLength(3));
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
});
