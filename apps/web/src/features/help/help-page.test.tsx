import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { HelpPage } from './help-page';

const signedInAs = (role: 'admin' | 'teacher') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, sessionUser(role))),
  );

describe('the help page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("tells an admin whom to ask, the school's contacts, the version and the common problems", async () => {
    signedInAs('admin');
    renderWithApp(<HelpPage />);
    expect(await screen.findByText(/contact whoever installed Shule/)).toBeTruthy();
    expect(screen.getByText('0720000000')).toBeTruthy();
    expect(screen.getByTestId('shule-version').textContent).toMatch(/^Shule \S/);
    expect(screen.getByRole('heading', { name: 'Parents do not get our SMS' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'I forgot my password' })).toBeTruthy();
  });

  it('sends a teacher to the admin, without the admin-only problems', async () => {
    signedInAs('teacher');
    renderWithApp(<HelpPage />);
    expect(await screen.findByText(/Otherwise ask the school's admin/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'A mark will not save' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'M-Pesa payments do not appear' })).toBeNull();
  });
});

/** Every screen's source, its tests aside. */
function screenSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return screenSources(path);
    return /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

describe('the screens', () => {
  it('never send staff to the README (a file on the server they cannot open)', () => {
    const root = join(import.meta.dirname, '../..');
    const offenders = screenSources(root).filter((path) => {
      const text = readFileSync(path, 'utf8')
        // Comments are for developers.
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      return /README/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
