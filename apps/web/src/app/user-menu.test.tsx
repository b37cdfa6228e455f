import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../lib/storage';
import { json, renderWithApp, sessionUser } from '../test/render-page';
import { UserMenu } from './shell-overlays';

function openMenu(role: 'admin' | 'teacher') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, sessionUser(role))),
  );
  renderWithApp(
    <UserMenu
      className=""
      name="User menu"
      label="Amina"
      takeOver={{ focus: false, open: true }}
    />,
  );
}

const items = () => screen.getAllByRole('menuitem').map((i) => i.textContent?.trim());

describe('the user menu', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("leads an admin to their account, the school's settings, support and out", async () => {
    openMenu('admin');
    await waitFor(() => expect(items()).toEqual(['My Account', 'Settings', 'Support', 'Logout']));
    for (const item of screen.getAllByRole('menuitem')) {
      expect(item.getAttribute('aria-disabled')).toBeNull();
    }
  });

  it('gives a teacher support but not the school settings', async () => {
    openMenu('teacher');
    await waitFor(() => expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(0));
    await waitFor(() => expect(items()).toEqual(['My Account', 'Support', 'Logout']));
  });
});
