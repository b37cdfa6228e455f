import { type Combination, combinationProblem, type PathwaysResponse } from '@shule/shared/senior';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { SeniorPage } from './senior-page';

const FILLED: PathwaysResponse = {
  pathways: [
    {
      id: 1,
      name: 'STEM',
      core_mathematics: true,
      tracks: [
        {
          id: 11,
          name: 'Pure Sciences',
          subjects: [
            { id: 101, name: 'Biology', code: 'BIO' },
            { id: 102, name: 'Chemistry', code: 'CHE' },
            { id: 103, name: 'Physics', code: 'PHY' },
          ],
        },
      ],
    },
    {
      id: 2,
      name: 'Social Sciences',
      core_mathematics: false,
      tracks: [
        {
          id: 21,
          name: 'Humanities and Business Studies',
          subjects: [
            { id: 201, name: 'Geography', code: 'GEO' },
            { id: 202, name: 'History and Citizenship', code: 'HIS' },
          ],
        },
      ],
    },
  ],
  core: [
    { id: 301, name: 'English', code: 'ENG', option: null },
    { id: 302, name: 'Core Mathematics', code: 'CMA', option: 'mathematics:core' },
  ],
};

type Sent = { method: string; url: string; body: unknown };

/** A stand-in API for one school's senior school, starting with or without its pathways. */
function fakeApi(filled: boolean, sent: Sent[] = [], fail = false, held: Combination[] = []) {
  let lists: PathwaysResponse = filled ? FILLED : { pathways: [], core: [] };
  const combinations: Combination[] = [...held];
  let settings = { core_mathematics_from: null as string | null, internal_ranking: false };
  const electives = () =>
    lists.pathways.flatMap((p) =>
      p.tracks.flatMap((t) =>
        t.subjects.map((s) => ({ ...s, subjectId: s.id, pathwayId: p.id, pathwayName: p.name })),
      ),
    );
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/senior/pathways/')
      return fail ? json(500, { message: 'Server down' }) : json(200, lists);
    if (url === '/api/senior/pathways/defaults/') {
      lists = FILLED;
      return json(200, lists);
    }
    if (url === '/api/grades/subjects/?school_id=7') return json(200, []);
    if (url === '/api/senior/combinations/' && method === 'GET') return json(200, { combinations });
    if (url === '/api/senior/combinations/') {
      const pathway = lists.pathways.find((p) => p.id === body.pathway)!;
      const chosen = (body.subjects as number[]).map((id) => electives().find((e) => e.id === id)!);
      const problem = combinationProblem(pathway, chosen);
      if (problem) return json(400, { message: problem, errors: { subjects: [problem] } });
      const made = {
        id: combinations.length + 1,
        name: body.name ?? chosen.map((s) => s.code).join('/'),
        pathway: pathway.id,
        pathway_name: pathway.name,
        subjects: chosen.map(({ id, name, code }) => ({ id, name, code })),
        capacity: body.capacity ?? null,
        learners: 0,
      };
      combinations.push(made);
      return json(201, made);
    }
    const one = /^\/api\/senior\/combinations\/(\d+)\/$/.exec(url);
    const found = one ? combinations.findIndex((c) => c.id === Number(one[1])) : -1;
    if (one && method === 'PATCH') {
      combinations[found] = { ...combinations[found]!, ...body };
      return json(200, combinations[found]);
    }
    if (one && method === 'DELETE') {
      if (combinations[found]!.learners > 0)
        return json(409, { message: 'BIO/CHE/PHY cannot be deleted: 40 learners have held it' });
      combinations.splice(found, 1);
      return json(204, null);
    }
    if (url === '/api/senior/tracks/11/' && method === 'DELETE')
      return json(409, {
        message: 'Pure Sciences cannot be deleted: combination BIO/CHE/PHY uses its subjects',
      });
    if (url === '/api/senior/settings/') {
      if (method === 'PUT') settings = body;
      return json(200, settings);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
}

const renderPage = () => renderWithApp(<SeniorPage />, { route: '/senior', url: '/senior' });

describe('senior school page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("fills in the Ministry's pathways for a school that has none", async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(false, sent));
    renderPage();
    expect(await screen.findByText('No pathways yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Fill in the Ministry's pathways" }));
    const stem = await screen.findByRole('region', { name: 'STEM' });
    expect(within(stem).getByText('Pure Sciences')).toBeTruthy();
    expect(within(stem).getByText('Core Mathematics')).toBeTruthy();
    expect(screen.getByText('Learners taking Core Mathematics')).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', url: '/api/senior/pathways/defaults/', body: {} }]);
  });

  it('adds a combination, and shows the refusal on the electives of a wrong one', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(true, sent));
    renderPage();
    expect(await screen.findByText('No combinations yet')).toBeTruthy();
    const choose = async (pathway: string, subjects: string[]) => {
      fireEvent.click(screen.getByRole('button', { name: 'Add combination' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('Pathway'), {
        target: { value: String(FILLED.pathways.find((p) => p.name === pathway)!.id) },
      });
      const all = FILLED.pathways.flatMap((p) => p.tracks.flatMap((t) => t.subjects));
      ['First elective', 'Second elective', 'Third elective'].forEach((label, i) => {
        fireEvent.change(within(dialog).getByLabelText(label), {
          target: { value: String(all.find((s) => s.name === subjects[i])!.id) },
        });
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      return dialog;
    };
    await choose('STEM', ['Biology', 'Chemistry', 'Physics']);
    const table = await screen.findAllByText('Biology, Chemistry, Physics');
    expect(table.length).toBeGreaterThan(0);
    expect(screen.getAllByText('BIO/CHE/PHY').length).toBeGreaterThan(0);
    const dialog = await choose('STEM', ['Biology', 'Geography', 'History and Citizenship']);
    const message =
      'At most one elective may come from outside STEM: Geography and History and Citizenship are not STEM subjects';
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(sent.filter((s) => s.url === '/api/senior/combinations/')).toHaveLength(2);
  });

  it('refuses a combination without three electives before sending it', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(true, sent));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add combination' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose three electives')).toBeTruthy();
    expect(within(dialog).getAllByText('Choose a pathway')).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it("asks before deleting a track and shows the API's refusal", async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(true, sent));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Pure Sciences' }));
    expect(await screen.findByText('Delete Pure Sciences?')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Pure Sciences cannot be deleted: combination BIO/CHE/PHY uses its subjects',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/senior/tracks/11/', body: undefined }]);
  });

  it('edits a combination, deletes one after asking, and says why a held one stays', async () => {
    const sent: Sent[] = [];
    const row = (id: number, name: string, learners: number): Combination => ({
      id,
      name,
      pathway: 1,
      pathway_name: 'STEM',
      subjects: FILLED.pathways[0]!.tracks[0]!.subjects,
      capacity: null,
      learners,
    });
    vi.stubGlobal(
      'fetch',
      fakeApi(true, sent, false, [row(1, 'BIO/CHE/PHY', 40), row(2, 'Spare', 0)]),
    );
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit BIO/CHE/PHY' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit BIO/CHE/PHY' });
    fireEvent.change(within(dialog).getByLabelText('Capacity (optional)'), {
      target: { value: '45' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PATCH',
          url: '/api/senior/combinations/1/',
          body: { name: 'BIO/CHE/PHY', capacity: 45 },
        },
      ]),
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete Spare' })[0]!);
    expect(await screen.findByText('Delete Spare?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryAllByText('Spare')).toHaveLength(0));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete BIO/CHE/PHY' })[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('BIO/CHE/PHY cannot be deleted: 40 learners have held it'),
    ).toBeTruthy();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'PATCH /api/senior/combinations/1/',
      'DELETE /api/senior/combinations/2/',
      'DELETE /api/senior/combinations/1/',
    ]);
  });

  it('saves the settings', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(true, sent));
    renderPage();
    const from = await screen.findByLabelText('Core Mathematics outside STEM');
    fireEvent.change(from, { target: { value: 'ME1' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Rank Grades 10-12 learners/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          url: '/api/senior/settings/',
          body: { core_mathematics_from: 'ME1', internal_ranking: true },
        },
      ]),
    );
    expect(await screen.findByText('Settings saved')).toBeTruthy();
  });

  it('says when the pathways could not be loaded', async () => {
    vi.stubGlobal('fetch', fakeApi(true, [], true));
    renderPage();
    expect(await screen.findByText(/Could not load the pathways/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
