import { fireEvent, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { Link, MemoryRouter, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ScreenBoundary } from './screen-boundary';

function Boom(): never {
  throw new Error('boom');
}

const StaleScreen = lazy(async () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
});

const SlowScreen = lazy(() => new Promise<never>(() => {}));

function Routes({ standalone }: { standalone: boolean }) {
  return useRoutes([
    {
      element: <ScreenBoundary standalone={standalone} />,
      children: [
        { path: '/boom', element: <Boom /> },
        { path: '/stale', element: <StaleScreen /> },
        { path: '/slow', element: <SlowScreen /> },
        { path: '/fine', element: <p>A fine screen</p> },
      ],
    },
  ]);
}

function renderAt(path: string, standalone = false) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <MemoryRouter initialEntries={[path]}>
      <Link to="/fine">Elsewhere</Link>
      <Routes standalone={standalone} />
    </MemoryRouter>,
  );
}

describe('a screen that fails', () => {
  it('after a new release (its code gone), offers to reload for the latest version', async () => {
    renderAt('/stale');
    expect(await screen.findByText('Shule has been updated')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('otherwise says something went wrong, with a way back', async () => {
    renderAt('/boom');
    expect(await screen.findByText('Something went wrong on this page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('names itself in an h1, and stands in a main landmark when it is the whole app', async () => {
    renderAt('/boom', true);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong on this page' }),
    ).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('gives the next address its own chance', async () => {
    renderAt('/boom');
    await screen.findByText('Something went wrong on this page');
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('A fine screen')).toBeTruthy();
  });
});

it("says 'Loading...' while the first screen's code arrives", () => {
  renderAt('/slow');
  expect(screen.getByRole('status').textContent).toBe('Loading...');
});
