import { CBC_SCALE_CONFLICT_MESSAGE, type Grade } from '@shule/shared/grades';
import { CBC_SCALE_GRADES } from '@shule/shared/grading-scales';
import { KCSE_SCALE } from '@shule/shared/kcse';
import { GRADING_SCHEME_LABELS } from '@shule/shared/results/scheme';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, schoolRow, sessionUser } from '../../test/render-page';
import { GradesPage } from './grades-page';

/**
 * A stand-in API that, like the real one, lists grades by points and sets the school's grading
 * scheme when a one-click scale is applied.
 */
function fakeApi({
  role = 'admin',
  sent = [],
  refuseCbc,
}: {
  role?: 'admin' | 'teacher';
  sent?: unknown[];
  /** The 409 message the CBC scale's POST answers with, if it refuses. */
  refuseCbc?: string;
} = {}) {
  let grades: Grade[] = [];
  let nextId = 1;
  const school = schoolRow();
  const make = (g: Omit<Grade, 'id' | 'school'>): Grade => ({ ...g, id: nextId++, school: 7 });
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (body) sent.push({ method, url, body });
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/schools/7/' && method === 'GET') return json(200, school);
    if (url === '/api/schools/7/' && method === 'PATCH') {
      Object.assign(school, body);
      return json(200, school);
    }
    if (url === '/api/grades/grades/cbc/' && method === 'POST') {
      if (refuseCbc) return json(409, { message: refuseCbc });
      grades = CBC_SCALE_GRADES[body.scale as 'kjsea' | 'rubric'].map((k) =>
        make({ name: k.name, code: k.code, points: k.points, comments: k.comments }),
      );
      school.grading_scheme = 'cbc';
      return json(201, grades);
    }
    if (url === '/api/grades/grades/?school=7')
      return json(
        200,
        [...grades].sort((a, b) => (b.points ?? -1) - (a.points ?? -1)),
      );
    if (url === '/api/grades/grades/kcse/' && method === 'POST') {
      grades = KCSE_SCALE.map((k) =>
        make({ name: k.name, code: k.code, points: k.points, comments: k.comments }),
      );
      school.grading_scheme = 'kcse';
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

  it('applies the KCSE scale from the empty page, then puts a new grade where its points put it', async () => {
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
    // No points: last, where the server lists it, not at the top.
    await waitFor(() => expect(codesInTable()).toHaveLength(13));
    expect(codesInTable()[12]).toBe('X');
    expect(codesInTable()[0]).toBe('A');

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

  it("shows the school's grading scheme and lets an admin change it", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', fakeApi({ sent }));
    renderPage();
    const scheme = (await screen.findByLabelText('Grading scheme')) as HTMLSelectElement;
    expect(scheme.value).toBe('average');
    expect([...scheme.options].map((o) => o.text)).toEqual([
      GRADING_SCHEME_LABELS.kcse,
      GRADING_SCHEME_LABELS.kcse_cluster,
      GRADING_SCHEME_LABELS.average,
      GRADING_SCHEME_LABELS.cbc,
    ]);
    fireEvent.change(scheme, { target: { value: 'kcse_cluster' } });
    expect(await screen.findByText('Grading scheme updated')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/schools/7/', body: { grading_scheme: 'kcse_cluster' } },
    ]);
    expect(scheme.value).toBe('kcse_cluster');
    expect(screen.getByText(/the best two sciences/)).toBeTruthy();

    // Applying the KCSE scale makes KCSE the school's scheme.
    fireEvent.click(screen.getByRole('button', { name: 'Use the KCSE 12-point scale' }));
    await waitFor(() => expect(scheme.value).toBe('kcse'));
  });

  it('shows a teacher the scheme without a way to change it', async () => {
    vi.stubGlobal('fetch', fakeApi({ role: 'teacher' }));
    renderPage();
    expect(await screen.findByText(GRADING_SCHEME_LABELS.average)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply CBC scale' })).toBeNull();
  });

  it('applies the CBC scale the admin chooses: the 4-level rubric', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', fakeApi({ sent }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply CBC scale' }));
    const dialog = await screen.findByRole('dialog');
    const kjsea = within(dialog).getByRole('radio', { name: /KJSEA 8-level scale/ });
    expect((kjsea as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('EE1')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /4-level rubric/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply scale' }));
    expect(await screen.findByText('CBC scale applied')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'POST', url: '/api/grades/grades/cbc/', body: { scale: 'rubric' } },
    ]);
    await waitFor(() => expect(codesInTable()).toEqual(['EE', 'ME', 'AE', 'BE']));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect((screen.getByLabelText('Grading scheme') as HTMLSelectElement).value).toBe('cbc'),
    );
  });

  it('keeps the CBC dialog and its choice open on a refused scale, with the reason above it', async () => {
    vi.stubGlobal('fetch', fakeApi({ refuseCbc: CBC_SCALE_CONFLICT_MESSAGE }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply CBC scale' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /4-level rubric/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply scale' }));
    expect(await within(dialog).findByText(CBC_SCALE_CONFLICT_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('CBC scale not applied')).toBeTruthy();
    const rubric = within(dialog).getByRole('radio', { name: /4-level rubric/ });
    expect((rubric as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Apply scale' })).toBeTruthy();
  });
});
