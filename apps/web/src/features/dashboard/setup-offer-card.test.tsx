import type { SetupState } from '@shule/shared/setup';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { setupState } from '../../test/setup-api';
import { SetupOfferCard } from './setup-offer-card';

function serve(state: SetupState) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/users/user/') return json(200, sessionUser('admin'));
      if (url === '/api/setup/?school=7') return json(200, state);
      return json(404, { message: 'no route' });
    }),
  );
}

describe('the dashboard offer of the setup wizard', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('offers a new school to start', async () => {
    serve(setupState({}));
    renderWithApp(<SetupOfferCard schoolId={7} />);
    expect(await screen.findByRole('heading', { name: 'Set up your school' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start setup' }).getAttribute('href')).toBe('/setup');
  });

  it('says where setup stopped', async () => {
    serve(setupState({ step: 4 }));
    renderWithApp(<SetupOfferCard schoolId={7} />);
    expect(
      await screen.findByRole('heading', { name: 'Finish setting up your school' }),
    ).toBeTruthy();
    expect(screen.getByText('You stopped at step 4 of 6. What you saved is kept.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue setup' })).toBeTruthy();
  });

  it('offers nothing once setup is finished', async () => {
    serve(setupState({ step: 6, finished_at: '2026-11-26T10:00:00.000Z' }));
    renderWithApp(<SetupOfferCard schoolId={7} />);
    await vi.waitFor(() =>
      expect(vi.mocked(globalThis.fetch).mock.calls.map((c) => c[0])).toContain(
        '/api/setup/?school=7',
      ),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('heading', { name: /set/i })).toBeNull();
  });
});
