import type { SubjectGradeItem } from '@shule/shared/grades';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { SubjectBandsPage } from './subject-bands-page';

const band = (id: number, code: string, min: number, max: number): SubjectGradeItem => ({
  id,
  grade: { id: id + 100, name: `${code} grade`, code },
  min_score: min,
  max_score: max,
});

function fakeApi(refusal?: string) {
  const bands = [band(1, 'A', 80, 100), band(2, 'B', 60, 79), band(3, 'C', 0, 59)];
  const patches: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/grades/subjects/3/')
      return json(200, {
        id: 3,
        name: 'Mathematics',
        code: 'MAT',
        description: null,
        classes: [],
        school: 7,
      });
    if (url === '/api/grades/subject_grades/?subject=3') return json(200, bands);
    if (url === '/api/grades/subject_grades/batch_update/' && method === 'PATCH') {
      const body = JSON.parse(String(init?.body));
      patches.push(body);
      if (refusal) return json(400, { message: refusal, errors: { updates: [refusal] } });
      const changed = body.updates.map(
        (u: { id: number; min_score: number; max_score: number }) => {
          const b = bands.find((x) => x.id === u.id)!;
          Object.assign(b, { min_score: u.min_score, max_score: u.max_score });
          return b;
        },
      );
      return json(200, changed);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, patches };
}

const renderPage = () =>
  renderWithApp(<SubjectBandsPage />, { route: '/subjects/:id', url: '/subjects/3' });

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('grading bands page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('enables Save only after an edit, refuses an overlap before sending, then saves only what changed', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Mathematics' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(input('Max score for B (B grade)'), { target: { value: '85' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Grades B (60–85) and A (80–100) overlap')).toBeTruthy();
    expect(api.patches).toEqual([]);

    fireEvent.change(input('Max score for B (B grade)'), { target: { value: '78' } });
    fireEvent.click(save);
    expect(await screen.findByText('Grading bands updated')).toBeTruthy();
    expect(api.patches).toEqual([{ updates: [{ id: 2, min_score: 60, max_score: 78 }] }]);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(input('Max score for B (B grade)').value).toBe('78');
  });

  it("shows the server's refusal", async () => {
    const refusal = 'Grade A scores must be whole numbers from 0 to 100';
    vi.stubGlobal('fetch', fakeApi(refusal).fetch);
    renderPage();
    fireEvent.change(await screen.findByLabelText('Min score for C (C grade)'), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // Beside the table and in the toast.
    expect(await screen.findAllByText(refusal)).toHaveLength(2);
    expect(screen.getByText('Grading bands not updated')).toBeTruthy();
  });
});
