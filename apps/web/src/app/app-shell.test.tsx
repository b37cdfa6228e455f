import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../lib/storage';
import { json, renderWithApp, sessionUser } from '../test/render-page';
import { AppShell } from './app-shell';

function renderShell(role: 'admin' | 'teacher') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/users/user/' ? json(200, sessionUser(role)) : json(404, { message: 'no' }),
    ),
  );
  return renderWithApp(<AppShell />, { route: '*', url: '/dashboard' });
}

/** The names of the links of each Main menu on the page (the sidebar's, then the drawer's). */
const menus = () =>
  screen.getAllByRole('navigation', { name: 'Main' }).map((nav) =>
    within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent),
  );

describe('the menus by role', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => {
    vi.unstubAllGlobals();
    tokenStorage.clear();
  });

  it("gives a teacher's sidebar and drawer no money, messaging, teachers or audit log", async () => {
    renderShell('teacher');
    await screen.findByRole('link', { name: 'Students' });
    const [sidebar] = menus();
    expect(sidebar).toEqual([
      'Dashboard',
      'Students',
      'Classes',
      'Attendance',
      'Results',
      'Reports',
      'Subjects',
      'Exams',
      'Grades',
      'Terms',
      'Academic Years',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('dialog');
    const names = within(drawer)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toContain('Reports');
    for (const hidden of [
      'Fees',
      'Fee structure',
      'Fee analytics',
      'Audit log',
      'Messaging',
      'Teachers',
    ]) {
      expect(names).not.toContain(hidden);
    }
  });

  it("gives an admin's sidebar every entry", async () => {
    renderShell('admin');
    await screen.findByRole('link', { name: 'Fees' });
    expect(menus()[0]).toEqual([
      'Dashboard',
      'Teachers',
      'Students',
      'Classes',
      'Attendance',
      'Messaging',
      'Results',
      'Reports',
      'Fees',
      'Fee structure',
      'Audit log',
      'Subjects',
      'Senior school',
      'Exams',
      'Grades',
      'Terms',
      'Academic Years',
      'KNEC SBA',
    ]);
  });
});
