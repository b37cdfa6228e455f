import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './route-error-page';

function renderFailingRoute(error: Error, standalone = false) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteErrorPage standalone={standalone} />,
      lazy: async () => {
        throw error;
      },
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('a screen that fails', () => {
  it('after a new release, offers to reload for the latest version', async () => {
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(await screen.findByText('Shule has been updated')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('otherwise says something went wrong, with a way back', async () => {
    renderFailingRoute(new Error('boom'));
    expect(await screen.findByText('Something went wrong on this page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('names itself in an h1, and stands in a main landmark when it is the whole app', async () => {
    renderFailingRoute(new Error('boom'), true);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong on this page' }),
    ).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });
});
