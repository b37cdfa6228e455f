import type { Exam } from '@shule/shared/exams';
import { computeAnalysis, type ExamAnalysis } from '@shule/shared/results/analysis';
import { KCSE_BANDS } from '@shule/shared/results/bands';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from '../../lib/csv';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { ResultsPage } from './results-page';

vi.mock('../../lib/csv', async (original) => ({
  ...(await original<typeof import('../../lib/csv')>()),
  downloadCsv: vi.fn(),
}));
// Chart.js draws on a canvas, which happy-dom has not: the charts are looked at in screenshots.
vi.mock('./analysis-charts', () => ({ AnalysisCharts: () => <p>Charts</p> }));

const exam = (id: number, name: string, start: string, extra: Partial<Exam> = {}): Exam => ({
  id,
  name,
  start_date: start,
  end_date: start,
  is_completed: true,
  is_ongoing: false,
  status: 'Completed',
  school: 7,
  term: null,
  grading_scheme: null,
  classes: [],
  levels: [],
  components: [],
  ...extra,
});

const EXAMS = [
  exam(4, 'Mid Term', '2026-06-15'),
  exam(5, 'End Term', '2026-07-27'),
  exam(6, 'Term 2 result', '2026-07-30', {
    components: [
      { exam: 4, weight: 30 },
      { exam: 5, weight: 70 },
    ],
  }),
];
const CLASSES = [classRow(1, '4 East', 2, 'Form 4'), classRow(2, '4 West', 1, 'Form 4')];

/** Two students of 4 East and one of 4 West, average rule, one mark each in ENG. */
function analysis(entries = true): ExamAnalysis {
  const mark = (id: number, classId: number, name: string, value: number, grade: string) => ({
    student_id: id,
    admission_number: String(100 + id),
    name,
    class_id: classId,
    entry_marks: null,
    position: id,
    current: {
      marks: [{ subject: 11, mark: value, grade, points: null }],
      outcome: { status: 'complete' as const, meanMark: value, meanPoints: null, meanGrade: grade },
    },
    previous: null,
  });
  return {
    exam: { id: 6, name: 'Term 2 result', term: 'Term 2', year: '2026', grading_scheme: 'average' },
    scope: { kind: 'level', name: 'Form 4', level: 'Form 4', class_id: null },
    previous_exam: null,
    ...computeAnalysis({
      scheme: 'average',
      meanBands: KCSE_BANDS,
      subjects: [{ id: 11, code: 'ENG', name: 'English', bands: KCSE_BANDS }],
      streams: [
        { id: 1, name: '4 East' },
        { id: 2, name: '4 West' },
      ],
      students: entries
        ? [
            mark(1, 1, 'Amina Wanjiru', 80, 'A'),
            mark(2, 1, 'Baraka Otieno', 70, 'B+'),
            mark(3, 2, 'Chebet Kiprono', 60, 'B-'),
          ]
        : [],
    }),
  };
}

function fakeApi(answer: ExamAnalysis | { status: number; message: string }, exams = EXAMS) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    asked.push(url);
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url.startsWith('/api/grades/exams/')) return json(200, exams);
    if (url.startsWith('/api/classes/')) return json(200, { classes: CLASSES });
    if (url.includes('/analysis/')) {
      return 'exam' in answer
        ? json(200, answer)
        : json(answer.status, { message: answer.message });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, asked };
}

/** The option shown by the select labelled `label`. */
const chosen = (label: string) =>
  (screen.getByLabelText(label) as HTMLSelectElement).selectedOptions[0]?.textContent;

const renderPage = (url = '/results') => renderWithApp(<ResultsPage />, { route: '/results', url });

describe('results page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(downloadCsv).mockClear();
  });

  it('opens the latest exam (a combined one too) for the first level, with its tables', async () => {
    const api = fakeApi(analysis());
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Form 4 · Term 2 result · 2026 Term 2' }),
    ).toBeTruthy();
    expect(api.asked).toContain('/api/exams/6/analysis/?level=Form%204');
    expect(chosen('Exam')).toBe('Term 2 result (combined) · 2026');
    expect(screen.getByTestId('analysis-mean-grade').textContent).toBe('B+');

    // 4 East: 80 and 70, mean 75 (A-); the level: 70 (B+) over three entries.
    const streams = screen.getByTestId('analysis-table-streams');
    const row = (name: string) =>
      within(streams)
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .querySelectorAll('td');
    expect([...row('4 East')].slice(0, 5).map((td) => td.textContent)).toEqual([
      '4 East',
      '2',
      '75.00',
      '',
      'A-',
    ]);
    expect([...row('Form 4')].slice(0, 5).map((td) => td.textContent)).toEqual([
      'Form 4',
      '3',
      '70.00',
      '',
      'B+',
    ]);
    expect(await screen.findByText('Charts')).toBeTruthy();
  });

  it('exports a table as CSV with its numbers', async () => {
    vi.stubGlobal('fetch', fakeApi(analysis()).fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'CSV of Streams' }));
    const [name, csv] = vi.mocked(downloadCsv).mock.calls[0]!;
    expect(name).toBe('analysis-form-4-term-2-result-2026-term-2-streams.csv');
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(/^STREAM,ENTRIES,MN MKS,MN PTS,GR,A,A-/);
    expect(lines[1]).toMatch(/^4 East,2,75,,A-,1,0,1,/);
    expect(lines.at(-1)).toMatch(/^Form 4,3,70,,B\+,1,0,1,0,1,/);
  });

  it("offers an admin to SMS the results to the parents of the level's streams", async () => {
    const api = fakeApi(analysis());
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'SMS results to parents' }));
    expect(await screen.findByRole('dialog', { name: 'SMS results to parents' })).toBeTruthy();
    expect(api.asked).toContain('/api/exams/6/results_sms/?school=7&classes=1%2C2');
  });

  it('asks for the stream chosen', async () => {
    const api = fakeApi(analysis());
    vi.stubGlobal('fetch', api.fetch);
    renderPage('/results?exam=5&class=2');
    await screen.findByTestId('analysis-table-streams');
    expect(api.asked).toContain('/api/exams/5/analysis/?class=2');
    expect(chosen('Level or stream')).toBe('4 West');
  });

  it('says when there are no exams, no marks, or the analysis failed', async () => {
    vi.stubGlobal('fetch', fakeApi(analysis(), []).fetch);
    const first = renderPage();
    expect(await screen.findByText('No exams yet')).toBeTruthy();
    first.unmount();

    vi.stubGlobal('fetch', fakeApi(analysis(false)).fetch);
    const second = renderPage();
    expect(await screen.findByText('No marks entered for this exam yet')).toBeTruthy();
    second.unmount();

    vi.stubGlobal(
      'fetch',
      fakeApi({ status: 403, message: 'You can see the results of the class you teach' }).fetch,
    );
    renderPage();
    expect(
      await screen.findByText(
        /Could not load the analysis\. You can see the results of the class you teach/,
      ),
    ).toBeTruthy();
  });
});
