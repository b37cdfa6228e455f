import type { Session } from '@shule/shared/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { SessionsCard } from './sessions-card';

const session = (id: number, device: string, current = false): Session => ({
  id,
  device,
  address: `10.0.0.${id}`,
  created_at: '2026-12-01T08:00:00Z',
  last_seen_at: '2026-12-03T07:30:00Z',
  current,
});

/** A stand-in API holding the user's sessions; `failList` makes the list answer 500. */
function fakeApi(initial: Session[], sent: string[], { failList = false } = {}) {
  let sessions = [...initial];
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push(`${method} ${url}`);
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/users/sessions/') {
      return failList ? json(500, { message: 'Server error' }) : json(200, { sessions });
    }
    const end = /^\/api\/users\/sessions\/(\d+)\/end\/$/.exec(url);
    if (end && method === 'POST') {
      sessions = sessions.filter((s) => s.id !== Number(end[1]));
      return json(204, null);
    }
    if (url === '/api/users/sessions/end_all/' && method === 'POST') {
      sessions = [];
      return json(204, null);
    }
    if (url === '/api/users/logout/') return json(204, null);
    return json(404, { message: `no route ${method} ${url}` });
  });
}

describe("the account's sessions card", () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists where the user is signed in, marking this device, with no sign-out for it', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([session(2, 'Chrome on Android'), session(1, 'Firefox on Linux', true)], []),
    );
    renderWithApp(<SessionsCard />);
    const phone = (await screen.findByText('Chrome on Android')).closest('li')!;
    expect(within(phone).getByText(/10\.0\.0\.2 · last seen/)).toBeTruthy();
    expect(within(phone).getByRole('button', { name: /^Sign out Chrome on Android/ })).toBeTruthy();
    const laptop = screen.getByText('Firefox on Linux').closest('li')!;
    expect(within(laptop).getByText('This device')).toBeTruthy();
    expect(within(laptop).queryByRole('button')).toBeNull();
  });

  it('signs another device out and takes it off the list', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi([session(2, 'Chrome on Android'), session(1, 'Firefox on Linux', true)], sent),
    );
    renderWithApp(<SessionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }));
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).toBeNull());
    expect(sent).toContain('POST /api/users/sessions/2/end/');
    expect(await screen.findByText('Chrome on Android signed out')).toBeTruthy();
  });

  it('signs out everywhere only once confirmed, then signs this device out', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', fakeApi([session(1, 'Firefox on Linux', true)], sent));
    renderWithApp(<SessionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(sent).not.toContain('POST /api/users/sessions/end_all/');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(tokenStorage.getAccess()).toBeNull());
    expect(sent).toContain('POST /api/users/sessions/end_all/');
  });

  it('says when it could not load the list, and tries again', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', fakeApi([], sent, { failList: true }));
    renderWithApp(<SessionsCard />);
    expect(await screen.findByText(/Could not load where you're signed in/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() =>
      expect(sent.filter((s) => s === 'GET /api/users/sessions/').length).toBe(2),
    );
  });

  it('says so when there is no session to list', async () => {
    vi.stubGlobal('fetch', fakeApi([], []));
    renderWithApp(<SessionsCard />);
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
  });
});
