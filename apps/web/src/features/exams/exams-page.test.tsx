import type { Exam } from '@shule/shared/exams';
import { GRADING_SCHEME_LABELS } from '@shule/shared/results/scheme';
import type { Term } from '@shule/shared/terms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, schoolRow, sessionUser } from '../../test/render-page';
import { ExamsPage } from './exams-page';

const term = (id: number, name: string, status: Term['status'] = 'Ongoing'): Term => ({
  id,
  name,
  start_date: '2026-01-05',
  end_date: '2026-04-03',
  status,
  academic_year: { id: 1, name: '2026' },
  school: 7,
});

const exam = (id: number, name: string, changes: Partial<Exam> = {}): Exam => ({
  id,
  name,
  start_date: '2026-03-02',
  end_date: '2026-03-06',
  is_completed: false,
  is_ongoing: false,
  status: 'Upcoming',
  school: 7,
  term: null,
  grading_scheme: null,
  classes: [],
  levels: [],
  components: [],
  ...changes,
});

const school = schoolRow({ grading_scheme: 'kcse' });

function fakeApi(initial: Exam[]) {
  const exams = [...initial];
  const sent: { method: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (body) sent.push({ method, body });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/schools/7/') return json(200, school);
    if (url === '/api/fees/terms/?school=7')
      return json(200, { terms: [term(3, 'Term 1', 'Completed'), term(4, 'Term 2')] });
    if (url === '/api/classes/?school=7')
      return json(200, {
        classes: [
          classRow(1, '3 East', 30, 'Form 3'),
          classRow(2, '4 East', 40, 'Form 4'),
          classRow(5, '4 West', 41, 'Form 4'),
          classRow(6, 'Remedial', 5),
        ],
      });
    if (url === '/api/grades/exams/?school=7') return json(200, exams);
    if (url === '/api/grades/exams/' && method === 'POST') {
      const created = exam(exams.length + 10, body.name, body);
      exams.unshift(created);
      return json(201, created);
    }
    const match = /^\/api\/grades\/exams\/(\d+)\/$/.exec(url);
    if (match && method === 'PATCH') {
      const found = exams.find((e) => e.id === Number(match[1]))!;
      Object.assign(found, body);
      return json(200, found);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, sent };
}

const cell = (row: HTMLElement, column: number) => row.querySelectorAll('td')[column]?.textContent;

describe('exams page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows each exam's term, in the table, on the phone's cards and in the search", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([exam(1, 'Opener', { term: 4 }), exam(2, 'Mock', { term: null })]).fetch,
    );
    renderWithApp(<ExamsPage />);
    await waitFor(() => expect(screen.getAllByText('Term 2').length).toBeGreaterThan(0));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [cell(r, 0), cell(r, 1)])).toEqual([
      ['Opener', 'Term 2'],
      ['Mock', '—'],
    ]);
    const cards = within(screen.getByRole('list', { name: 'Exams' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('Term 2')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Search exams...'), {
      target: { value: 'term 2' },
    });
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => cell(r, 0)),
    ).toEqual(['Opener']);
  });

  it('creates an exam for a term, a scheme, a level and a class', async () => {
    const api = fakeApi([]);
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<ExamsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create New Exam' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Mock' } });
    fireEvent.change(within(dialog).getByLabelText('Start Date'), {
      target: { value: '2026-03-02' },
    });
    fireEvent.change(within(dialog).getByLabelText('End Date'), {
      target: { value: '2026-03-06' },
    });

    const termSelect = within(dialog).getByLabelText('Term') as HTMLSelectElement;
    await waitFor(() =>
      expect([...termSelect.options].map((o) => o.text)).toEqual([
        'No term',
        'Term 1 (2026)',
        'Term 2 (2026)',
      ]),
    );
    // A new exam is filed under the current term until another is chosen.
    await waitFor(() => expect(termSelect.value).toBe('4'));
    fireEvent.change(termSelect, { target: { value: '3' } });

    const scheme = within(dialog).getByLabelText('Grading scheme') as HTMLSelectElement;
    await waitFor(() =>
      expect(scheme.options[0]?.text).toBe(`School default (${GRADING_SCHEME_LABELS.kcse})`),
    );
    expect([...scheme.options].slice(1).map((o) => o.value)).toEqual([
      'kcse',
      'kcse_cluster',
      'average',
      'cbc',
    ]);
    fireEvent.change(scheme, { target: { value: 'kcse_cluster' } });

    const levels = within(dialog).getByRole('group', { name: 'Levels' });
    const classes = within(dialog).getByRole('group', { name: 'Classes' });
    expect(within(dialog).getByText('Nothing ticked: every class sits it.')).toBeTruthy();
    fireEvent.click(within(levels).getByLabelText('Form 4'));
    // Both streams of Form 4 sit it, and cannot be unticked on their own.
    for (const stream of [/4 East/, /4 West/]) {
      const box = within(classes).getByLabelText(stream) as HTMLInputElement;
      expect([box.checked, box.disabled]).toEqual([true, true]);
    }
    fireEvent.click(within(classes).getByLabelText(/Remedial/));
    expect(within(dialog).getByText('3 classes sit it.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Exam' }));
    expect(await screen.findByText('Exam Created')).toBeTruthy();
    expect(api.sent[0]?.body).toMatchObject({
      name: 'Mock',
      term: 3,
      grading_scheme: 'kcse_cluster',
      levels: ['Form 4'],
      classes: [6],
      school: 7,
    });
  });

  it('opens an exam with what it was given, and clears the term and scheme to none', async () => {
    const api = fakeApi([
      exam(1, 'Opener', { term: 4, grading_scheme: 'average', classes: [1], levels: [] }),
    ]);
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<ExamsPage />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit Opener' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    const termSelect = within(dialog).getByLabelText('Term') as HTMLSelectElement;
    await waitFor(() => expect(termSelect.value).toBe('4'));
    const scheme = within(dialog).getByLabelText('Grading scheme') as HTMLSelectElement;
    expect(scheme.value).toBe('average');
    const classes = within(dialog).getByRole('group', { name: 'Classes' });
    expect((within(classes).getByLabelText(/3 East/) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('1 class sits it.')).toBeTruthy();

    fireEvent.change(termSelect, { target: { value: '' } });
    fireEvent.change(scheme, { target: { value: '' } });
    fireEvent.click(within(classes).getByLabelText(/3 East/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Exam Updated')).toBeTruthy();
    expect(api.sent[0]?.body).toMatchObject({
      term: null,
      grading_scheme: null,
      classes: [],
      levels: [],
    });
  });
  it('creates a combined exam: two exams ticked, weights typed or made equal, the total checked', async () => {
    const api = fakeApi([
      exam(1, 'CAT 1', { start_date: '2026-02-02', end_date: '2026-02-02' }),
      exam(2, 'End term', { start_date: '2026-03-30', end_date: '2026-04-02' }),
      exam(3, 'Term 1 average', {
        components: [
          { exam: 1, weight: 50 },
          { exam: 2, weight: 50 },
        ],
      }),
    ]);
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<ExamsPage />);
    // The combined exam is marked in the list.
    const row = (await screen.findAllByRole('row')).find((r) =>
      r.textContent?.includes('Term 1 average'),
    )!;
    expect(within(row).getByText('Combined')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create New Exam' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Term 1 result' } });
    for (const field of ['Start Date', 'End Date']) {
      fireEvent.change(within(dialog).getByLabelText(field), { target: { value: '2026-04-03' } });
    }
    fireEvent.click(within(dialog).getByLabelText(/Combine results of other exams/));
    const picker = await within(dialog).findByRole('list', { name: 'Exams to combine' });
    // Ordinary exams only, earliest first.
    expect(
      within(picker)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CAT 12 Feb 2026', 'End term30 Mar 2026']);
    fireEvent.click(within(picker).getByLabelText(/CAT 1/));
    fireEvent.click(within(picker).getByLabelText(/End term/));
    const weight = (name: string) =>
      within(picker).getByLabelText(`Weight of ${name}`) as HTMLInputElement;
    expect([weight('CAT 1').value, weight('End term').value]).toEqual(['50', '50']);

    fireEvent.change(weight('CAT 1'), { target: { value: '30' } });
    expect(within(dialog).getByText('2 exams, weights adding up to 80.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Exam' }));
    expect(await within(dialog).findByText('The weights must add up to 100, not 80')).toBeTruthy();
    expect(api.sent).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Equal weights' }));
    expect([weight('CAT 1').value, weight('End term').value]).toEqual(['50', '50']);
    fireEvent.change(weight('CAT 1'), { target: { value: '30' } });
    fireEvent.change(weight('End term'), { target: { value: '70' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Exam' }));
    expect(await screen.findByText('Exam Created')).toBeTruthy();
    expect(api.sent[0]?.body).toMatchObject({
      name: 'Term 1 result',
      components: [
        { exam: 1, weight: 30 },
        { exam: 2, weight: 70 },
      ],
    });
  });
});
