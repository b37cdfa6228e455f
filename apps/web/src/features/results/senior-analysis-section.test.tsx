import type { SeniorAnalysis } from '@shule/shared/results/senior-analysis';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { SeniorAnalysisSection } from './senior-analysis-section';

const ANALYSIS: SeniorAnalysis = {
  exam: { id: 9, name: 'Opener' },
  level: 'Grade 10',
  grades: ['EE', 'ME', 'AE', 'BE'],
  groups: [
    {
      id: 1,
      name: 'Grade 10 Chemistry 1',
      subject: { id: 5, name: 'Chemistry', code: 'CHE' },
      teacher: 'Jane Njeri',
      learners: 45,
      sat: 44,
      mean_mark: 61.5,
      grades: [
        { code: 'EE', count: 10 },
        { code: 'ME', count: 30 },
        { code: 'AE', count: 4 },
      ],
    },
  ],
  combinations: [],
};

function fakeFetch(answer: SeniorAnalysis | { status: number; message: string }) {
  return vi.fn(async (url: string) => {
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/exams/9/senior_analysis/?level=Grade%2010') {
      return 'exam' in answer
        ? json(200, answer)
        : json(answer.status, { message: answer.message });
    }
    return json(404, { message: `no route ${url}` });
  });
}

const renderSection = () =>
  renderWithApp(<SeniorAnalysisSection examId={9} level="Grade 10" fileName="opener" />, {
    route: '/results',
    url: '/results',
  });

describe('the senior-school results section', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each teaching group with its teacher and level counts, and an empty combinations table', async () => {
    vi.stubGlobal('fetch', fakeFetch(ANALYSIS));
    renderSection();
    const groups = await screen.findByTestId('analysis-table-teaching-groups');
    const cells = [
      ...within(groups)
        .getByRole('row', { name: /^Chemistry/ })
        .querySelectorAll('td'),
    ];
    expect(cells.map((td) => td.textContent)).toEqual([
      'Chemistry',
      'Grade 10 Chemistry 1',
      'Jane Njeri',
      '45',
      '44',
      '61.50',
      '10',
      '30',
      '4',
      '·',
    ]);
    expect(screen.getByText('No learner of Grade 10 has a combination recorded.')).toBeTruthy();
  });

  it('says what failed and offers to try again', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 500, message: 'Server error' }));
    renderSection();
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
