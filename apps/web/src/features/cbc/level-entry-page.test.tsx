import type {
  AssessmentSheet,
  LevelEntry,
  LevelEntryInput,
  SaveLevelsBody,
} from '@shule/shared/cbc-assessments';
import { levelOfMark } from '@shule/shared/cbc-assessments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { LevelEntryPage, levelOfKey } from './level-entry-page';

let nextId = 100;
/** Each test its own assessment: the browser's queue (memory here) is kept between tests. */
function sheetOf(changes: Partial<AssessmentSheet['assessment']> = {}): AssessmentSheet {
  nextId += 1;
  return {
    assessment: {
      id: nextId,
      class: { id: 2, name: '4 East' },
      learning_area: { id: 7, name: 'Mathematics' },
      kind: 'observation',
      date: '2026-11-20',
      title: 'Fractions',
      out_of: null,
      scale: 'rubric',
      strands: [{ id: 10, strand: 'Numbers', sub_strand: 'Fractions' }],
      ...changes,
    },
    learners: [
      { id: 1, name: 'Amina Wanjiru', admission_number: '0001' },
      { id: 2, name: 'Baraka Otieno', admission_number: '0002' },
      { id: 3, name: 'Chebet Kiprop', admission_number: '0003' },
    ],
    entries: [{ student: 2, strand: 10, level: 'EE', mark: null, absent: false, comment: null }],
  };
}

/** The server's save, as assessments.ts does it: each entry written, an empty one cleared. */
function applySave(sheet: AssessmentSheet, body: SaveLevelsBody): AssessmentSheet {
  const entries = [...sheet.entries];
  type Sent = Omit<LevelEntryInput, 'student' | 'strand'> & {
    student: number;
    strand: number | null;
  };
  for (const e of body.entries as Sent[]) {
    const i = entries.findIndex((x) => x.student === e.student && x.strand === e.strand);
    if (i >= 0) entries.splice(i, 1);
    const level =
      e.mark !== undefined
        ? levelOfMark(e.mark, sheet.assessment.out_of!, sheet.assessment.scale)
        : (e.level ?? null);
    const kept: LevelEntry = {
      student: e.student,
      strand: e.strand,
      level: e.absent ? null : level,
      mark: e.mark ?? null,
      absent: e.absent === true,
      comment: e.comment ?? null,
    };
    if (kept.absent || kept.level !== null || kept.comment !== null) entries.push(kept);
  }
  return { ...sheet, entries };
}

type Answer = (body: SaveLevelsBody, sheet: AssessmentSheet) => Response | Promise<Response>;

function fakeApi(start: AssessmentSheet, answer?: Answer) {
  let sheet = start;
  const id = start.assessment.id;
  const puts: SaveLevelsBody[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser('teacher'));
    if (url === `/api/cbc/assessments/${id}/` && method === 'GET') return json(200, sheet);
    if (url === `/api/cbc/assessments/${id}/levels/` && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as SaveLevelsBody;
      puts.push(body);
      if (answer) return answer(body, sheet);
      sheet = applySave(sheet, body);
      return json(200, sheet);
    }
    if (url === `/api/cbc/assessments/${id}/history/?student=1`) {
      return json(200, {
        student: { id: 1, name: 'Amina Wanjiru' },
        changes: [
          {
            id: 1,
            strand: { id: 10, strand: 'Numbers', sub_strand: 'Fractions' },
            level: 'AE',
            mark: null,
            absent: false,
            comment: null,
            changed_by: { name: 'Jane Mutua' },
            changed_at: '2026-11-20T07:02:00.000Z',
          },
        ],
      });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, puts, current: () => sheet };
}

const renderPage = (id: number) =>
  renderWithApp(<LevelEntryPage />, { route: '/assessments/:id', url: `/assessments/${id}` });
const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: 'p' })).closest('li') as HTMLElement;
const levels = async (name: string) =>
  within(await rowOf(name)).getByRole('radiogroup', {
    name: `Numbers: Fractions: level of ${name}`,
  });
const queueState = () => screen.getByTestId('queue-state').textContent;

describe('CBC level entry', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows every level with its words and saves a tapped level', async () => {
    const sheet = sheetOf();
    const api = fakeApi(sheet);
    vi.stubGlobal('fetch', api.fetch);
    renderPage(sheet.assessment.id);
    expect(await screen.findByRole('heading', { name: '4 East · Mathematics' })).toBeTruthy();
    expect(screen.getByTestId('level-words').textContent).toBe(
      'EE - Exceeding Expectations · ME - Meeting Expectations · AE - Approaching Expectations · BE - Below Expectations',
    );
    const baraka = await rowOf('Baraka Otieno');
    expect(within(baraka).getByText('EE - Exceeding Expectations')).toBeTruthy();
    expect(within(baraka).getByText('Saved')).toBeTruthy();
    expect(screen.getByTestId('entered-count').textContent).toBe('1 of 3 entered');

    const me = within(await levels('Amina Wanjiru')).getByRole('radio', {
      name: 'ME - Meeting Expectations',
    });
    expect(me.getAttribute('title')).toBe('ME - Meeting Expectations');
    fireEvent.click(me);
    expect(me.getAttribute('aria-checked')).toBe('true');
    expect(within(await rowOf('Amina Wanjiru')).getByText('Not saved yet')).toBeTruthy();
    await waitFor(() => expect(api.puts).toHaveLength(1), { timeout: 3000 });
    expect(api.puts[0]).toEqual({
      entries: [
        { student: 1, strand: 10, level: 'ME' },
        { student: 1, strand: null, level: null },
      ],
    });
    await waitFor(() => expect(queueState()).toBe('All saved'));
    expect(within(await rowOf('Amina Wanjiru')).getByText('Saved')).toBeTruthy();
    expect(screen.getByTestId('entered-count').textContent).toBe('2 of 3 entered');
    // A second tap takes the level off again.
    fireEvent.click(me);
    expect(me.getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(api.puts).toHaveLength(2), { timeout: 3000 });
    expect(api.puts[1]!.entries[0]).toEqual({ student: 1, strand: 10, level: null });
  });

  it('takes levels from the keyboard: a code or its points, moving down; arrows move', async () => {
    const sheet = sheetOf();
    const api = fakeApi(sheet);
    vi.stubGlobal('fetch', api.fetch);
    renderPage(sheet.assessment.id);
    expect(await screen.findByText(/Keys: E M A B \(or 4 3 2 1\)/)).toBeTruthy();
    const amina = await levels('Amina Wanjiru');
    const first = within(amina).getByRole('radio', { name: 'EE - Exceeding Expectations' });
    first.focus();
    fireEvent.keyDown(first, { key: 'a' });
    expect(
      within(amina)
        .getByRole('radio', { name: 'AE - Approaching Expectations' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    // Focus went to the next learner, on the level they have (EE).
    const baraka = await levels('Baraka Otieno');
    expect(document.activeElement).toBe(
      within(baraka).getByRole('radio', { name: 'EE - Exceeding Expectations' }),
    );
    fireEvent.keyDown(document.activeElement!, { key: '3' });
    expect(
      within(baraka)
        .getByRole('radio', { name: 'ME - Meeting Expectations' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    const chebet = await levels('Chebet Kiprop');
    expect(chebet.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(baraka.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Delete' });
    expect(within(baraka).queryByRole('radio', { checked: true })).toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(chebet.contains(document.activeElement)).toBe(true);
    await waitFor(() => expect(api.puts).toHaveLength(1), { timeout: 3000 });
    expect(api.puts[0]!.entries).toEqual([
      { student: 1, strand: 10, level: 'AE' },
      { student: 1, strand: null, level: null },
      { student: 2, strand: 10, level: null },
      { student: 2, strand: null, level: null },
    ]);
  });

  it('reads the junior scale’s keys by points, 8 (EE1) to 1 (BE2), or by code', () => {
    expect(levelOfKey('8', 'kjsea')).toBe('EE1');
    expect(levelOfKey('1', 'kjsea', 'M')).toBe('ME1');
    expect(levelOfKey('2', 'kjsea', 'B')).toBe('BE2');
    expect(levelOfKey('3', 'kjsea', 'M')).toBe('AE2');
    expect(levelOfKey('5', 'kjsea')).toBe('ME2');
    expect(levelOfKey('1', 'kjsea')).toBe('BE2');
    expect(levelOfKey('m', 'kjsea')).toBeNull();
    expect(levelOfKey('m', 'rubric')).toBe('ME');
    expect(levelOfKey('4', 'rubric')).toBe('EE');
    expect(levelOfKey('9', 'rubric')).toBeNull();
  });

  it('sets every empty level to ME, leaving levels entered and absent learners as they are', async () => {
    const sheet = sheetOf();
    sheet.entries.push({
      student: 3,
      strand: 10,
      level: null,
      mark: null,
      absent: true,
      comment: null,
    });
    const api = fakeApi(sheet);
    vi.stubGlobal('fetch', api.fetch);
    renderPage(sheet.assessment.id);
    fireEvent.click(await screen.findByRole('button', { name: 'Set all to ME' }));
    expect(await screen.findByText(/1 empty level set to ME - Meeting Expectations/)).toBeTruthy();
    await waitFor(() => expect(api.puts).toHaveLength(1), { timeout: 3000 });
    expect(api.puts[0]!.entries).toEqual([
      { student: 1, strand: 10, level: 'ME' },
      { student: 1, strand: null, level: null },
    ]);
    const baraka = await levels('Baraka Otieno');
    expect(within(baraka).getByRole('radio', { checked: true }).textContent).toBe('EE');
  });

  it('starts the junior scale from ME2, the lower Meeting Expectations level', async () => {
    const sheet = sheetOf({ scale: 'kjsea', class: { id: 2, name: '8 East' } });
    const api = fakeApi(sheet);
    vi.stubGlobal('fetch', api.fetch);
    renderPage(sheet.assessment.id);
    const amina = await levels('Amina Wanjiru');
    expect(
      within(amina)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['EE1', 'EE2', 'ME1', 'ME2', 'AE1', 'AE2', 'BE1', 'BE2']);
    // A junior code typed: its letter, then 1 or 2.
    const chebet = await levels('Chebet Kiprop');
    const first = within(chebet).getAllByRole('radio')[0]!;
    first.focus();
    fireEvent.keyDown(first, { key: 'm' });
    fireEvent.keyDown(first, { key: '1' });
    expect(within(chebet).getByRole('radio', { checked: true }).textContent).toBe('ME1');
    fireEvent.click(screen.getByRole('button', { name: 'Set all to ME2' }));
    expect(within(amina).getByRole('radio', { checked: true }).textContent).toBe('ME2');
    expect(within(chebet).getByRole('radio', { checked: true }).textContent).toBe('ME1');
    expect(
      within(await rowOf('Amina Wanjiru')).getByText('ME2 - Meeting Expectations'),
    ).toBeTruthy();
  });

  it('marks a learner absent, never BE, and keeps a comment on the learner', async () => {
    const sheet = sheetOf();
    const api = fakeApi(sheet);
    vi.stubGlobal('fetch', api.fetch);
    renderPage(sheet.assessment.id);
    const baraka = await rowOf('Baraka Otieno');
    fireEvent.click(within(baraka).getByRole('button', { name: 'Baraka Otieno absent' }));
    expect(within(baraka).getByText(/Absent: not assessed/)).toBeTruthy();
    expect(within(baraka).queryByRole('radio', { checked: true })).toBeNull();
    fireEvent.click(within(baraka).getByRole('button', { name: 'Comment on Baraka Otieno' }));
    fireEvent.change(within(baraka).getByRole('textbox', { name: 'Comment on Baraka Otieno' }), {
      target: { value: 'Sick on the day' },
    });
    await waitFor(() => expect(api.puts).toHaveLength(1), { timeout: 3000 });
    expect(api.puts[0]!.entries).toEqual([
      { student: 2, strand: 10, absent: true },
      { student: 2, strand: null, level: null, comment: 'Sick on the day' },
    ]);
    await waitFor(() => expect(queueState()).toBe('All saved'));
    expect(api.current().entries.find((e) => e.student === 2 && e.strand === 10)).toMatchObject({
      level: null,
      absent: true,
    });
  });

  it('turns a test’s mark into the level it earns and sends the mark', async () => {
    const sheet = sheetOf({ kind: 'summative_test', out_of: 40, scale: 'kjsea', strands: [] });
    sheet.entries = [];
    const api = fakeApi(sheet);
    vi.stubGlobal('fetch', api.fetch);
    renderPage(sheet.assessment.id);
    const box = await screen.findByLabelText('Mathematics: mark of Amina Wanjiru out of 40');
    fireEvent.change(box, { target: { value: '36' } });
    const amina = await rowOf('Amina Wanjiru');
    expect(within(amina).getByTestId('mark-level').textContent).toBe('EE1');
    expect(within(amina).getByText('EE1 - Exceeding Expectations')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Set all/ })).toBeNull();
    await waitFor(() => expect(api.puts).toHaveLength(1), { timeout: 3000 });
    expect(api.puts[0]!.entries).toEqual([{ student: 1, strand: null, level: 'EE1', mark: 36 }]);
    fireEvent.change(box, { target: { value: '41' } });
    expect(within(amina).getByText('Not saved: A mark is 0 to 40')).toBeTruthy();
    expect(queueState()).toBe('1 learner not saved');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(document.activeElement).toBe(
      screen.getByLabelText('Mathematics: mark of Baraka Otieno out of 40'),
    );
  });

  it('keeps levels queued while offline and sends them when the network returns', async () => {
    let down = true;
    const sheet = sheetOf();
    const api = fakeApi(sheet, (body, current) => {
      if (down) throw new TypeError('Failed to fetch');
      return json(200, applySave(current, body));
    });
    vi.stubGlobal('fetch', api.fetch);
    renderPage(sheet.assessment.id);
    fireEvent.click(
      within(await levels('Amina Wanjiru')).getByRole('radio', {
        name: 'BE - Below Expectations',
      }),
    );
    fireEvent.click(
      within(await levels('Chebet Kiprop')).getByRole('radio', {
        name: 'AE - Approaching Expectations',
      }),
    );
    await waitFor(() => expect(queueState()).toBe('2 learners waiting for a connection'), {
      timeout: 3000,
    });
    expect(within(await rowOf('Amina Wanjiru')).getByText('Waiting for network')).toBeTruthy();
    down = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(queueState()).toBe('All saved'));
    expect(api.puts.at(-1)!.entries.map((e) => [e.student, e.level])).toEqual([
      [1, 'BE'],
      [1, null],
      [3, 'AE'],
      [3, null],
    ]);
  });

  it('shows a learner the server refuses with its message and saves the others', async () => {
    const sheet = sheetOf();
    const api = fakeApi(sheet, (body, current) => {
      const bad = body.entries.findIndex((e) => e.student === 3);
      if (bad >= 0) {
        const message = 'This learner is not in the class';
        return json(400, {
          message: `Entry ${bad + 1} (Chebet Kiprop): ${message}`,
          errors: { [`entries.${bad}.student`]: [message] },
        });
      }
      return json(200, applySave(current, body));
    });
    vi.stubGlobal('fetch', api.fetch);
    renderPage(sheet.assessment.id);
    fireEvent.click(
      within(await levels('Amina Wanjiru')).getByRole('radio', {
        name: 'ME - Meeting Expectations',
      }),
    );
    fireEvent.click(
      within(await levels('Chebet Kiprop')).getByRole('radio', {
        name: 'ME - Meeting Expectations',
      }),
    );
    await waitFor(() => expect(api.puts).toHaveLength(2), { timeout: 3000 });
    expect(api.puts[1]!.entries.map((e) => e.student)).toEqual([1, 1]);
    await waitFor(() => expect(queueState()).toBe('1 learner not saved'));
    expect(
      within(await rowOf('Chebet Kiprop')).getByText(
        'Not saved: Entry 3 (Chebet Kiprop): This learner is not in the class',
      ),
    ).toBeTruthy();
    expect(within(await rowOf('Amina Wanjiru')).getByText('Saved')).toBeTruthy();
  });

  it('shows a learner’s history of changes with who and when', async () => {
    const sheet = sheetOf();
    vi.stubGlobal('fetch', fakeApi(sheet).fetch);
    renderPage(sheet.assessment.id);
    fireEvent.click(
      within(await rowOf('Amina Wanjiru')).getByRole('button', {
        name: 'History of Amina Wanjiru',
      }),
    );
    const change = await screen.findByTestId('entry-change');
    expect(change.textContent).toContain('Numbers: Fractions');
    expect(change.textContent).toContain('AE - Approaching Expectations by Jane Mutua');
    expect(change.textContent).toContain('20 Nov 2026 10:02');
  });
});
