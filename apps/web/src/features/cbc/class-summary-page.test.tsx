import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { ClassSummaryPage } from './class-summary-page';

const term = (id: number, name: string, start: string, end: string, status: string) => ({
  id,
  name,
  start_date: start,
  end_date: end,
  status,
  academic_year: { id: 1, name: '2027' },
  school: 7,
});

const TERMS = [
  term(1, 'Term 1', '2027-01-04', '2027-04-02', 'Completed'),
  term(2, 'Term 2', '2027-04-26', '2027-07-30', 'Ongoing'),
];

const counts = (given: Record<string, number>) =>
  ['EE', 'ME', 'AE', 'BE'].map((level) => ({
    level,
    words: {
      EE: 'Exceeding Expectations',
      ME: 'Meeting Expectations',
      AE: 'Approaching Expectations',
      BE: 'Below Expectations',
    }[level]!,
    count: given[level] ?? 0,
  }));

const summaryOf = (termId: number) => ({
  class: { id: 4, name: '5 Blue', level: 'Grade 5' },
  term: TERMS.find((t) => t.id === termId),
  scale: 'rubric',
  strand_rule: 'latest',
  strand_rule_statement: "Each strand's level is the latest assessed this term.",
  learners: 3,
  levels: counts({}).map(({ level, words }) => ({ level, words })),
  learning_areas: [
    {
      id: 10,
      name: 'Mathematics',
      counts: counts(termId === 2 ? { ME: 1, BE: 1 } : { EE: 2 }),
      not_assessed: 1,
      below_expectations:
        termId === 2
          ? [
              {
                id: 31,
                name: 'Baraka Mwangi',
                admission_number: '0002',
                level: 'BE',
                words: 'Below Expectations',
              },
            ]
          : [],
    },
    { id: 11, name: 'English', counts: counts({}), not_assessed: 3, below_expectations: [] },
  ],
});

function fakeApi({ terms = TERMS, failSummary = false } = {}) {
  return vi.fn(async (url: string) => {
    if (url === '/api/users/user/') return json(200, sessionUser('teacher'));
    if (url.startsWith('/api/classes/?'))
      return json(200, {
        classes: [
          {
            id: 4,
            name: '5 Blue',
            level: 'Grade 5',
            totalStudents: 3,
            boys: 1,
            girls: 2,
            class_teacher: null,
          },
        ],
      });
    if (url.startsWith('/api/fees/terms/?')) return json(200, { terms });
    const summary = /^\/api\/cbc\/classes\/4\/summary\/\?term=(\d+)$/.exec(url);
    if (summary)
      return failSummary
        ? json(500, { message: 'Something went wrong' })
        : json(200, summaryOf(Number(summary[1])));
    return json(404, { message: `no route ${url}` });
  });
}

const renderPage = () =>
  renderWithApp(<ClassSummaryPage />, {
    route: '/cbc/classes/:id/summary',
    url: '/cbc/classes/4/summary',
  });

describe('CBC term summary page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the ongoing term's levels per learning area and the learners below expectations", async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderPage();
    expect(await screen.findByRole('heading', { name: '5 Blue: CBC term summary' })).toBeTruthy();
    const maths = await screen.findByRole('region', { name: 'Mathematics' });
    const levels = within(maths).getByRole('list', {
      name: 'Learners at each level in Mathematics',
    });
    const rows = within(levels)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'EEExceeding Expectations0',
      'MEMeeting Expectations1',
      'AEApproaching Expectations0',
      'BEBelow Expectations1',
    ]);
    expect(within(maths).getByText('2 of 3 assessed')).toBeTruthy();
    expect(within(maths).getByRole('link', { name: 'Baraka Mwangi' }).getAttribute('href')).toBe(
      '/students/31',
    );
    expect(within(maths).getByText('BE - Below Expectations')).toBeTruthy();
    const english = screen.getByRole('region', { name: 'English' });
    expect(within(english).getByText('No levels recorded this term yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Progress reports' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/position|rank/i);
  });

  it('reads another term when one is chosen', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderPage();
    const chooser = await screen.findByLabelText('Term');
    fireEvent.change(chooser, { target: { value: '1' } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Mathematics' })).getByText('No learner.'),
      ).toBeTruthy(),
    );
  });

  it('says when the school has no terms, and when the summary cannot be read', async () => {
    vi.stubGlobal('fetch', fakeApi({ terms: [] }));
    const { unmount } = renderPage();
    expect(await screen.findByText('No terms set up yet')).toBeTruthy();
    unmount();
    vi.stubGlobal('fetch', fakeApi({ failSummary: true }));
    renderPage();
    expect(
      await screen.findByText(/Could not load the term summary|the term summary/),
    ).toBeTruthy();
  });
});
