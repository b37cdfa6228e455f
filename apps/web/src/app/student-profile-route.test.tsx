import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../lib/storage';
import { json, renderWithApp, sessionUser, studentDetail } from '../test/render-page';
import { StudentProfileRoute } from './student-profile-route';

function fakeApi(role: 'admin' | 'teacher') {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    asked.push(url);
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/students/21/') return json(200, studentDetail());
    if (url === '/api/grades/subjects/?school_id=7') return json(200, []);
    if (url === '/api/students/21/results/') return json(200, { exams: [] });
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, asked };
}

const renderRoute = () =>
  renderWithApp(<StudentProfileRoute />, { route: '/students/:id', url: '/students/21' });

const sectionNames = () =>
  screen
    .getAllByRole('region')
    .map((region) => within(region).getByRole('heading', { level: 2 }).textContent);

describe("the student's page, composed of the sections of the features that own them", () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows an admin every section, the fees and the data rights among them', async () => {
    vi.stubGlobal('fetch', fakeApi('admin').fetch);
    renderRoute();
    await screen.findByRole('region', { name: 'Data and erasure' });
    expect(sectionNames()).toEqual([
      'Results',
      'Results details',
      'Learner record (NEMIS)',
      'Attendance',
      'Fees',
      "Parent's consent",
      'Data and erasure',
    ]);
  });

  it('shows a teacher no fees, no export or erasure, and asks nothing about the fees', async () => {
    const api = fakeApi('teacher');
    vi.stubGlobal('fetch', api.fetch);
    renderRoute();
    await screen.findByRole('region', { name: "Parent's consent" });
    await waitFor(() => expect(sectionNames()).toContain('Results details'));
    expect(screen.queryByRole('region', { name: 'Fees' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Data and erasure' })).toBeNull();
    expect(api.asked.filter((u) => u.includes('fee_statement'))).toEqual([]);
  });
});
