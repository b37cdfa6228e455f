import type { Grade } from '@shule/shared/grades';
import { KCSE_SCALE } from '@shule/shared/kcse';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { GradesPage } from './grades-page';

/** A stand-in API that, like the real one, lists grades by points. */
function fakeApi() {
  let grades: Grade[] = [];
  let nextId = 1;
  const make = (g: Omit<Grade, 'id' | 'school'>): Grade => ({ ...g, id: nextId++, school: 7 });
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/grades/grades/?school=7')
      return json(
        200,
        [...grades].sort((a, b) => (b.points ?? -1) - (a.points ?? -1)),
      );
    if (url === '/api/grades/grades/kcse/' && method === 'POST') {
      grades = KCSE_SCALE.map((k) =>
        make({ name: k.name, code: k.code, points: k.points, comments: k.comments }),
      );
      return json(201, grades);
    }
    if (url === '/api/grades/grades/' && method === 'POST') {
      const grade = make({
        name: body.name,
        code: body.code,
        points: body.points ?? null,
        comments: body.comments ?? null,
      });
      grades.push(grade);
      return json(201, grade);
    }
    const match = /^\/api\/grades\/grades\/(\d+)\/$/.exec(url);
    if (match && method === 'DELETE') {
      grades = grades.filter((g) => g.id !== Number(match[1]));
      return json(204, null);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
}

const renderPage = () => renderWithApp(<GradesPage />);

const codesInTable = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelectorAll('td')[1]?.textContent);

describe('grades page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('applies the KCSE scale from the empty page, then puts a new grade at the top', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Use the KCSE 12-point scale' }));
    await waitFor(() => expect(codesInTable()).toHaveLength(12));
    expect(codesInTable()[0]).toBe('A');

    fireEvent.click(screen.getByRole('button', { name: 'Add Grade' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Fail' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'x' } });
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).value).toBe('X');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Grade' }));
    expect(await screen.findByText('Grade Added')).toBeTruthy();
    // The server would list it last (no points); on this page a new grade comes first.
    await waitFor(() => expect(codesInTable()[0]).toBe('X'));

    fireEvent.change(screen.getByPlaceholderText('Search grades...'), {
      target: { value: 'MINUS' },
    });
    expect(codesInTable()).toEqual(['A-', 'B-', 'C-', 'D-']);
  });

  it('asks before deleting and removes the grade', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Use the KCSE 12-point scale' }));
    await waitFor(() => expect(codesInTable()).toHaveLength(12));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete E' })[0]!);
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete this grade ?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Grade deleted successfully')).toBeTruthy();
    expect(codesInTable()).not.toContain('E');
  });
});
