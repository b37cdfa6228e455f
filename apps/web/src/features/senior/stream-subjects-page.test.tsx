import type { ClassSubjects } from '@shule/shared/senior-choices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { changedRows, rowOf, StreamSubjectsPage } from './stream-subjects-page';

const PATHWAYS = {
  pathways: [
    { id: 1, name: 'STEM', core_mathematics: true, tracks: [] },
    { id: 2, name: 'Social Sciences', core_mathematics: false, tracks: [] },
  ],
  core: [],
};
const combination = (id: number, name: string, pathway: number) => ({
  id,
  name,
  pathway,
  pathway_name: pathway === 1 ? 'STEM' : 'Social Sciences',
  subjects: [],
  capacity: null,
  learners: 0,
});
const COMBINATIONS = {
  combinations: [
    combination(11, 'BIO/CHE/PHY', 1),
    combination(12, 'BIO/PHY/CMP', 1),
    combination(13, 'HIS/GEO/BST', 2),
  ],
};

const stream = (): ClassSubjects => ({
  class: { id: 4, name: '10 East', level: 'Grade 10' },
  senior: true,
  students: [
    {
      id: 21,
      admission_number: '0001',
      name: 'Achieng Otieno',
      choice: {
        pathway: 1,
        pathway_name: 'STEM',
        combination: 11,
        combination_name: 'BIO/CHE/PHY',
        mathematics: 'core',
        language: 'KIS',
        from: '2026-01-05',
      },
    },
    { id: 22, admission_number: '0002', name: 'Baraka Mwangi', choice: null },
  ],
});

function fakeApi(
  answer: (body: { students: { student: number }[] }) => Response,
  role: 'admin' | 'teacher' = 'admin',
) {
  const puts: unknown[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/senior/pathways/') return json(200, PATHWAYS);
    if (url === '/api/senior/combinations/') return json(200, COMBINATIONS);
    if (url === '/api/classes/4/subjects/' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return answer(body);
    }
    if (url === '/api/classes/4/subjects/') return json(200, stream());
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, puts };
}

const renderPage = () =>
  renderWithApp(<StreamSubjectsPage />, {
    route: '/classes/:id/subjects',
    url: '/classes/4/subjects',
  });

describe('the stream subjects screen', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('sends only the learners whose choice changed, and shows a refusal on its row', async () => {
    const api = fakeApi(() =>
      json(400, {
        message: 'Baraka Mwangi: Core Mathematics outside STEM is for learners the school allows',
        errors: {
          'students.0.mathematics': [
            'Core Mathematics outside STEM is for learners the school allows',
          ],
        },
      }),
    );
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const pathway = await screen.findByLabelText('Pathway of Baraka Mwangi');
    fireEvent.change(pathway, { target: { value: '2' } });
    expect((screen.getByLabelText('Mathematics of Baraka Mwangi') as HTMLSelectElement).value).toBe(
      'essential',
    );
    fireEvent.change(screen.getByLabelText('Combination of Baraka Mwangi'), {
      target: { value: '13' },
    });
    fireEvent.change(screen.getByLabelText('Mathematics of Baraka Mwangi'), {
      target: { value: 'core' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toEqual({
      students: [
        expect.objectContaining({
          student: 22,
          pathway: 2,
          combination: 13,
          mathematics: 'core',
          language: 'KIS',
        }),
      ],
    });
    const row = screen.getByText('Baraka Mwangi').closest('li')!;
    expect(
      await within(row).findByText(
        'Core Mathematics outside STEM is for learners the school allows',
      ),
    ).toBeTruthy();
    const achieng = screen.getByText('Achieng Otieno').closest('li')!;
    expect(within(achieng).queryByRole('alert')).toBeNull();
  });

  it('sets the whole stream at once, offering only the chosen pathway’s combinations', async () => {
    const api = fakeApi(() => json(200, stream()));
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const [allPathway] = await screen.findAllByLabelText('Pathway');
    fireEvent.change(allPathway!, { target: { value: '1' } });
    const [allCombination] = screen.getAllByLabelText('Combination');
    expect(
      within(allCombination!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'BIO/CHE/PHY', 'BIO/PHY/CMP']);
    fireEvent.change(allCombination!, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set all 2 learners' }));
    expect((screen.getByLabelText('Combination of Baraka Mwangi') as HTMLSelectElement).value).toBe(
      '12',
    );
    expect(
      (screen.getByLabelText('Combination of Achieng Otieno') as HTMLSelectElement).value,
    ).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(
      (api.puts[0] as { students: { student: number }[] }).students.map((s) => s.student),
    ).toEqual([21, 22]);
  });

  it('shows a teacher the choices without a way to change them', async () => {
    const api = fakeApi(() => json(403, {}), 'teacher');
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    expect(
      await screen.findByText("Only an administrator sets learners' pathways and combinations."),
    ).toBeTruthy();
    expect((screen.getByLabelText('Pathway of Baraka Mwangi') as HTMLSelectElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import choices' })).toBeNull();
  });

  it('says so for a stream outside Grades 10-12', async () => {
    const api = fakeApi(() => json(500, {}));
    api.fetch.mockImplementation(async (url: string) => {
      if (url === '/api/users/user/') return json(200, sessionUser('admin'));
      if (url === '/api/senior/pathways/') return json(200, PATHWAYS);
      if (url === '/api/senior/combinations/') return json(200, COMBINATIONS);
      return json(200, {
        ...stream(),
        senior: false,
        class: { id: 4, name: 'Form 4', level: 'Form 4' },
      });
    });
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    expect(await screen.findByText('Not a senior-school stream')).toBeTruthy();
  });
});

describe('changedRows', () => {
  it('leaves out learners without a combination and those whose choice is the same', () => {
    const data = stream();
    const rows = data.students.map(rowOf);
    expect(changedRows(data, rows)).toEqual([]);
    rows[0] = { ...rows[0]!, language: 'KSL' };
    rows[1] = { ...rows[1]!, pathway: '1' };
    expect(changedRows(data, rows).map((c) => c.index)).toEqual([0]);
  });
});
