import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../lib/storage';
import { json, renderWithApp, sessionUser } from '../test/render-page';
import { NotFoundPage } from './not-found-page';

describe('the 404 page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    tokenStorage.clear();
  });

  it('sends a signed-in user to the dashboard', async () => {
    tokenStorage.setTokens('access', 'refresh');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, sessionUser('teacher'))),
    );
    renderWithApp(<NotFoundPage />);
    const link = await screen.findByRole('link', { name: 'Go to the dashboard' });
    await waitFor(() => expect(link.getAttribute('href')).toBe('/dashboard'));
    expect(screen.queryByRole('link', { name: 'Go home' })).toBeNull();
  });

  it('sends a visitor to the landing page', async () => {
    renderWithApp(<NotFoundPage />);
    expect((await screen.findByRole('link', { name: 'Go home' })).getAttribute('href')).toBe('/');
  });
});
