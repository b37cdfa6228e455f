import type { MeritList, MeritListRow } from '@shule/shared/results/merit-list';
import { packMeritList } from '@shule/shared/results/merit-list-packed';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from '../../lib/csv';
import { saveFile } from '../../lib/save-file';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { MeritListPage } from './merit-list-page';

vi.mock('../../lib/save-file', () => ({ saveFile: vi.fn() }));
vi.mock('../../lib/csv', async (original) => ({
  ...(await original<typeof import('../../lib/csv')>()),
  downloadCsv: vi.fn(),
}));

const row = (
  id: number,
  name: string,
  stream: string,
  marks: [number | 'X', number | 'Y'],
  overrides: Partial<MeritListRow> = {},
): MeritListRow => ({
  student_id: id,
  admission_number: String(2000 + id),
  name,
  class: { id: stream === '4 East' ? 1 : 2, name: stream },
  entry: null,
  subjects: [
    {
      subject: 11,
      mark: marks[0],
      grade: typeof marks[0] === 'number' ? 'B' : null,
      points: typeof marks[0] === 'number' ? 9 : null,
      position: 1,
    },
    {
      subject: 12,
      mark: marks[1],
      grade: typeof marks[1] === 'number' ? 'A' : null,
      points: typeof marks[1] === 'number' ? 12 : null,
      position: 1,
    },
  ],
  subject_count: 2,
  total_marks: 0,
  mean_mark: null,
  total_points: null,
  mean_points: null,
  mean_grade: null,
  deviation: null,
  class_position: null,
  class_size: 2,
  level_position: null,
  level_size: 4,
  status: 'complete',
  incomplete: false,
  reason: null,
  ...overrides,
});

/** Form 4, two streams: the server's order is Amina, Baraka, Chebet (ranked), then Daudi. */
const formFour = (): MeritList => ({
  exam: {
    id: 5,
    name: 'End Term',
    term: 'Term 3',
    year: '2026',
    grading_scheme: 'kcse',
    ranks: true,
  },
  scope: { kind: 'level', name: 'Form 4', level: 'Form 4', class_id: null },
  previous_exam: { id: 4, name: 'Mid Term' },
  subjects: [
    { id: 11, code: 'ENG', name: 'English', group: 'languages_mathematics', entries: 4 },
    { id: 12, code: 'MAT', name: 'Mathematics', group: 'languages_mathematics', entries: 4 },
  ],
  rows: [
    row(1, 'Amina Wanjiru', '4 East', [66, 80], {
      total_marks: 146,
      mean_mark: 73,
      total_points: 64,
      mean_points: 9.143,
      mean_grade: 'B',
      deviation: 0.57,
      class_position: 1,
      level_position: 1,
    }),
    row(2, 'Baraka Otieno', '4 West', [65, 90], {
      total_marks: 155,
      mean_mark: 77.5,
      total_points: 60,
      mean_points: 8.571,
      mean_grade: 'B-',
      deviation: -3,
      class_position: 1,
      level_position: 2,
    }),
    row(3, 'Chebet Kiprono', '4 East', [40, 50], {
      total_marks: 90,
      mean_mark: 45,
      total_points: 29,
      mean_points: 4.143,
      mean_grade: 'D+',
      class_position: 2,
      level_position: 3,
    }),
    row(4, 'Daudi Mwangi', '4 West', ['X', 70], {
      subject_count: 1,
      total_marks: 70,
      mean_mark: 70,
      status: 'incomplete',
      incomplete: true,
      reason: 'No mark in Mathematics',
    }),
  ],
});

function fakeApi(list: MeritList | { status: number; message: string }, pdf?: Promise<Response>) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    asked.push(url);
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url.startsWith('/api/exams/5/merit_list/') && url.endsWith('&format=pdf') && pdf) {
      return pdf;
    }
    if (url.startsWith('/api/exams/5/merit_list/')) {
      return 'rows' in list
        ? json(200, packMeritList(list))
        : json(list.status, { message: list.message });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, asked };
}

const renderPage = (url = '/exams/5/merit-list?level=Form%204') =>
  renderWithApp(<MeritListPage />, { route: '/exams/:id/merit-list', url });

/** The table's rows, by first name, in the order shown. */
const tableOrder = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell')[1]!.textContent!.split(' ')[0]);

const head = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('merit list page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(downloadCsv).mockClear();
    vi.mocked(saveFile).mockClear();
  });

  it('shows the list in the server’s order, in the columns Kenyan schools read', async () => {
    const api = fakeApi(formFour());
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Form 4 · End Term · 2026 Term 3' }),
    ).toBeTruthy();
    expect(api.asked).toContain('/api/exams/5/merit_list/?level=Form%204');
    expect(screen.getByText(/DEV compares with Mid Term/)).toBeTruthy();
    expect(screen.getByText(/3 of 4 ranked/)).toBeTruthy();
    const heads = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(heads).toEqual([
      'ADM NO',
      'NAME',
      'STREAM',
      'ENG',
      'MAT',
      'SBJ',
      'TT MKS',
      'MN MKS',
      'GR',
      'TT PTS',
      'DEV',
      'STR POS',
      'OVR POS',
    ]);
    expect(tableOrder()).toEqual(['Amina', 'Baraka', 'Chebet', 'Daudi']);
    const amina = within(screen.getByTestId('merit-row-1')).getAllByRole('cell');
    expect(amina.map((td) => td.textContent)).toEqual([
      '2001',
      'Amina Wanjiru',
      '4 East',
      '66 B',
      '80 A',
      '2',
      '146',
      '73.00',
      'B',
      '64',
      '+0.57',
      '1/2',
      '1/4',
    ]);
    // An unranked result shows its reason in place of grade, points and positions.
    expect(
      within(screen.getByTestId('merit-row-4')).getByText('No mark in Mathematics'),
    ).toBeTruthy();
    // The phone's cards lead with the overall position and the mean grade.
    const card = screen.getByTestId('merit-card-2');
    expect(within(card).getByText('2/4')).toBeTruthy();
    expect(within(card).getByText('B-')).toBeTruthy();
  });

  it('pins the name on the left and the mean grade, points and positions on the right', async () => {
    vi.stubGlobal('fetch', fakeApi(formFour()).fetch);
    const { unmount } = renderPage();
    await screen.findByRole('table');
    const pinnedAt = (name: string) => {
      const th = head(name);
      return th.classList.contains('sticky') && th.style.right !== '' ? th.style.right : null;
    };
    expect(['GR', 'TT PTS', 'STR POS', 'OVR POS'].map(pinnedAt)).toEqual([
      '13.5rem',
      '9rem',
      '4.5rem',
      '0rem',
    ]);
    // The subjects, the other totals and DEV scroll between them.
    expect(['ENG', 'TT MKS', 'MN MKS', 'DEV'].map(pinnedAt)).toEqual([null, null, null, null]);
    expect(head('NAME').className).toMatch(/\bsticky\b.*\bleft-20\b/);
    const amina = within(screen.getByTestId('merit-row-1')).getAllByRole('cell');
    expect(amina[8]!.textContent).toBe('B');
    expect(amina[8]!.style.right).toBe('13.5rem');
    unmount();

    // A list without positions (competency levels) pins its grade and points at the edge.
    const cbc = formFour();
    cbc.exam.ranks = false;
    vi.stubGlobal('fetch', fakeApi(cbc).fetch);
    renderPage();
    await screen.findByRole('table');
    expect(['GR', 'TT PTS'].map(pinnedAt)).toEqual(['4.5rem', '0rem']);
  });

  it('sorts by a column: best first, then the other way, then back to the server’s order', async () => {
    vi.stubGlobal('fetch', fakeApi(formFour()).fetch);
    renderPage();
    await screen.findByRole('table');
    const totalMarks = within(head('TT MKS')).getByRole('button');
    fireEvent.click(totalMarks);
    expect(head('TT MKS').getAttribute('aria-sort')).toBe('descending');
    expect(tableOrder()).toEqual(['Baraka', 'Amina', 'Chebet', 'Daudi']);
    fireEvent.click(totalMarks);
    expect(head('TT MKS').getAttribute('aria-sort')).toBe('ascending');
    expect(tableOrder()).toEqual(['Daudi', 'Chebet', 'Amina', 'Baraka']);
    fireEvent.click(totalMarks);
    expect(head('TT MKS').getAttribute('aria-sort')).toBe('none');
    expect(tableOrder()).toEqual(['Amina', 'Baraka', 'Chebet', 'Daudi']);

    // A subject's X sorts after every mark, either way.
    fireEvent.click(within(head('ENG')).getByRole('button'));
    expect(tableOrder()).toEqual(['Amina', 'Baraka', 'Chebet', 'Daudi']);
    fireEvent.click(within(head('ENG')).getByRole('button'));
    expect(tableOrder()).toEqual(['Chebet', 'Baraka', 'Amina', 'Daudi']);

    // Names A to Z first; a position 1 first.
    fireEvent.click(within(head('NAME')).getByRole('button'));
    expect(tableOrder()).toEqual(['Amina', 'Baraka', 'Chebet', 'Daudi']);
    fireEvent.click(within(head('STR POS')).getByRole('button'));
    expect(tableOrder()).toEqual(['Amina', 'Baraka', 'Chebet', 'Daudi']);

    // The phone's sort list does the same without the heads.
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'mean_mark' } });
    expect(tableOrder()).toEqual(['Baraka', 'Amina', 'Daudi', 'Chebet']);
  });

  it('searches by name or admission number, and downloads the rows shown as CSV', async () => {
    vi.stubGlobal('fetch', fakeApi(formFour()).fetch);
    renderPage();
    await screen.findByRole('table');
    const search = screen.getByLabelText('Search by name or adm. no.');
    fireEvent.change(search, { target: { value: 'otieno' } });
    expect(tableOrder()).toEqual(['Baraka']);
    expect(screen.getByText('1 of 4 students')).toBeTruthy();
    fireEvent.change(search, { target: { value: '2004' } });
    expect(tableOrder()).toEqual(['Daudi']);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No students match the search.')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(within(head('TT MKS')).getByRole('button'));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloadCsv).toHaveBeenCalledTimes(1);
    const [filename, csv] = vi.mocked(downloadCsv).mock.calls[0]!;
    expect(filename).toBe('merit-list-form-4-end-term-2026-term-3.csv');
    expect(csv.split('\r\n')).toEqual([
      'ADM NO,NAME,STREAM,ENG,ENG GR,MAT,MAT GR,SBJ,TT MKS,MN MKS,GR,TT PTS,DEV,STR POS,OVR POS,NOTE',
      '2002,Baraka Otieno,4 West,65,B,90,A,2,155,77.50,B-,60,-3,1/2,2/4,',
      '2001,Amina Wanjiru,4 East,66,B,80,A,2,146,73.00,B,64,0.57,1/2,1/4,',
      '2003,Chebet Kiprono,4 East,40,B,50,A,2,90,45.00,D+,29,,2/2,3/4,',
      '2004,Daudi Mwangi,4 West,X,,70,A,1,70,70.00,,,,,,No mark in Mathematics',
    ]);
  });

  it('downloads the PDF with a pending state, under the name the server gives', async () => {
    let answer!: (res: Response) => void;
    const pdf = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const api = fakeApi(formFour(), pdf);
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    const pending = await screen.findByRole('button', { name: 'Preparing PDF…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(api.asked).toContain('/api/exams/5/merit_list/?level=Form%204&format=pdf');
    answer(
      new Response(new Blob(['%PDF-1.3 …'], { type: 'application/pdf' }), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="merit-list-form-4-end-term.pdf"',
        },
      }),
    );
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, filename] = vi.mocked(saveFile).mock.calls[0]!;
    expect(filename).toBe('merit-list-form-4-end-term.pdf');
    expect(await blob.text()).toBe('%PDF-1.3 …');
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });

  it('says so when no marks are entered, when the list fails, and when no class or level is given', async () => {
    vi.stubGlobal('fetch', fakeApi({ ...formFour(), rows: [] }).fetch);
    const { unmount } = renderPage('/exams/5/merit-list?class=1');
    expect(await screen.findByText('No marks entered for this exam yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter marks' }).getAttribute('href')).toBe(
      '/exams/5?class=1',
    );
    expect(
      (screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    unmount();

    vi.stubGlobal('fetch', fakeApi({ status: 404, message: 'Exam not found' }).fetch);
    const failed = renderPage();
    expect(await screen.findByText('Could not load the merit list. Exam not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    failed.unmount();

    const api = fakeApi(formFour());
    vi.stubGlobal('fetch', api.fetch);
    renderPage('/exams/5/merit-list');
    expect(await screen.findByText('Choose a class or a level')).toBeTruthy();
    expect(api.asked.some((url) => url.includes('merit_list'))).toBe(false);
  });
});
