import type { LearnerSubjects } from '@shule/shared/senior-choices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import {
  classRow,
  json,
  renderStudentSections,
  sessionUser,
  studentDetail,
} from '../../test/render-page';
import { LearnerSubjectsSection } from './learner-subjects-section';

const choice = {
  pathway: 2,
  pathway_name: 'Social Sciences',
  combination: 13,
  combination_name: 'HIS/GEO/BST',
  mathematics: 'essential' as const,
  language: 'KIS' as const,
  from: '2026-01-05',
};
const SUBJECTS: LearnerSubjects = {
  current: {
    ...choice,
    electives: [{ id: 5, name: 'Geography', code: 'GEO' }],
    subjects: [
      { id: 1, name: 'English', code: 'ENG' },
      { id: 5, name: 'Geography', code: 'GEO' },
    ],
  },
  history: [
    { ...choice, set_by_name: 'Amina Admin', set_at: '2026-01-05T08:00:00Z' },
    {
      ...choice,
      combination_name: 'BIO/CHE/PHY',
      from: '2025-01-06',
      set_by_name: 'Amina Admin',
      set_at: '2025-01-06T08:00:00Z',
    },
  ],
};

function fakeApi(level: string) {
  const puts: unknown[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/students/21/') return json(200, studentDetail());
    if (url.startsWith('/api/classes/?school='))
      return json(200, { classes: [classRow(4, '10 East', 30, level)] });
    if (url === '/api/senior/pathways/')
      return json(200, {
        pathways: [{ id: 2, name: 'Social Sciences', core_mathematics: false, tracks: [] }],
        core: [],
      });
    if (url === '/api/senior/combinations/')
      return json(200, {
        combinations: [
          {
            id: 13,
            name: 'HIS/GEO/BST',
            pathway: 2,
            pathway_name: 'Social Sciences',
            subjects: [],
            capacity: null,
            learners: 1,
          },
        ],
      });
    if (url === '/api/students/21/subjects/' && init.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      return json(400, {
        message: 'Core Mathematics outside STEM is for learners the school allows',
        errors: {
          mathematics: ['Core Mathematics outside STEM is for learners the school allows'],
        },
      });
    }
    if (url === '/api/students/21/subjects/') return json(200, SUBJECTS);
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, puts };
}

describe("a senior learner's subjects on their page", () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the current choice, its subjects and the history; a refused change names the rule', async () => {
    const api = fakeApi('Grade 10');
    vi.stubGlobal('fetch', api.fetch);
    renderStudentSections((props) => <LearnerSubjectsSection {...props} />);
    const section = await screen.findByRole('region', { name: 'Subjects' });
    await within(section).findByText('HIS/GEO/BST');
    expect(within(section).getByRole('list', { name: 'Subjects taken' }).textContent).toBe(
      'EnglishGeography',
    );
    expect(within(section).getByRole('list', { name: 'History of choices' }).children).toHaveLength(
      2,
    );

    fireEvent.click(within(section).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Mathematics'), { target: { value: 'core' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toMatchObject({ pathway: 2, combination: 13, mathematics: 'core' });
    expect(
      await within(dialog).findByText(
        'Core Mathematics outside STEM is for learners the school allows',
      ),
    ).toBeTruthy();
  });

  it('is not shown outside Grades 10-12', async () => {
    const api = fakeApi('Form 4');
    vi.stubGlobal('fetch', api.fetch);
    renderStudentSections((props) => (
      <>
        <p>loaded</p>
        <LearnerSubjectsSection {...props} />
      </>
    ));
    await screen.findByText('loaded');
    await waitFor(() =>
      expect(api.fetch).toHaveBeenCalledWith(
        expect.stringMatching(/^\/api\/classes\//),
        expect.anything(),
      ),
    );
    expect(screen.queryByRole('region', { name: 'Subjects' })).toBeNull();
    expect(api.fetch).not.toHaveBeenCalledWith('/api/students/21/subjects/', expect.anything());
  });
});
