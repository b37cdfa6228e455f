import { KJSEA_LEARNING_AREAS, type KjseaResult, kjseaAreas } from '@shule/shared/kjsea';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser, studentDetail } from '../../test/render-page';
import { KjseaBaseline } from './kjsea-baseline';
import { KjseaSection } from './kjsea-section';

const classOf = (level: string) => ({
  id: 4,
  name: 'Form 4 East',
  level,
  school: 7,
  totalStudents: 1,
  boys: 0,
  girls: 1,
  class_teacher: null,
  classTeacher: null,
});

const resultOf = (levels: Record<string, string>): KjseaResult => ({
  student_id: 21,
  assessment_number: 'A1234567',
  junior_school: 'Kisumu JS',
  ...kjseaAreas(levels),
  out_of: 72,
  recorded_at: '2026-01-10T08:00:00.000Z',
});

function fakeApi(level: string, recorded: KjseaResult | null, role: 'admin' | 'teacher' = 'admin') {
  const puts: unknown[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/grades/subjects/?school_id=7') return json(200, []);
    if (url === '/api/classes/?school=7') return json(200, { classes: [classOf(level)] });
    if (url === '/api/students/21/kjsea/' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return json(200, resultOf(body.levels));
    }
    if (url === '/api/students/21/kjsea/') return json(200, recorded);
    if (url === '/api/students/21/') return json(200, studentDetail());
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, puts };
}

const renderProfile = (isAdmin = true) =>
  renderWithApp(
    <>
      <KjseaBaseline student={studentDetail()} />
      <KjseaSection student={studentDetail()} isAdmin={isAdmin} />
    </>,
  );

describe('the KJSEA baseline on the student page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("lets an admin record a Grade 10 learner's nine levels, naming a missing one", async () => {
    const api = fakeApi('Grade 10', null);
    vi.stubGlobal('fetch', api.fetch);
    renderProfile();
    const section = await screen.findByRole('region', { name: 'KJSEA baseline' });
    await within(section).findByText(/No KJSEA result recorded/);
    fireEvent.click(within(section).getByRole('button', { name: 'Record result' }));
    const dialog = await screen.findByRole('dialog', { name: 'KJSEA result' });
    for (const area of KJSEA_LEARNING_AREAS.slice(1))
      fireEvent.change(within(dialog).getByLabelText(area), { target: { value: 'ME1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record result' }));
    expect(
      await within(dialog).findByText('English has no KJSEA level: choose one from EE1 to BE2'),
    ).toBeTruthy();
    expect(api.puts).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('English'), { target: { value: 'EE1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record result' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toMatchObject({ levels: { English: 'EE1', Mathematics: 'ME1' } });
    expect(await within(section).findByText('56')).toBeTruthy();
    expect((await screen.findByTestId('kjsea-baseline')).textContent).toContain(
      'KJSEA baseline 56/72 · English EE1 · Kiswahili ME1',
    );
  });

  it('shows a recorded result to a teacher without the edit button', async () => {
    const levels = Object.fromEntries(KJSEA_LEARNING_AREAS.map((a) => [a, 'AE2']));
    vi.stubGlobal('fetch', fakeApi('Grade 11', resultOf(levels), 'teacher').fetch);
    renderProfile(false);
    const section = await screen.findByRole('region', { name: 'KJSEA baseline' });
    expect(await within(section).findByText('27')).toBeTruthy();
    expect(within(section).getByText(/Kisumu JS/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('is not shown for a learner outside Grades 10-12', async () => {
    const api = fakeApi('Form 4', null);
    vi.stubGlobal('fetch', api.fetch);
    renderProfile();
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => url === '/api/classes/?school=7')).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'KJSEA baseline' })).toBeNull();
    expect(api.fetch.mock.calls.some(([url]) => url === '/api/students/21/kjsea/')).toBe(false);
  });
});
