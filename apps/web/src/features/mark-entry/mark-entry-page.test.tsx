import type { MarkEntry, SaveMarkEntry } from '@shule/shared/mark-entry';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { MarkEntryPage } from './mark-entry-page';

const column = (): MarkEntry => ({
  exam: { id: 5, name: 'Mid term', start_date: '2026-03-02', end_date: '2026-03-06' },
  class: { id: 2, name: '2 West' },
  group: null,
  subject: { id: 11, name: 'Mathematics', code: 'MAT' },
  bands: [
    { code: 'A', points: 12, min: 80, max: 100 },
    { code: 'C', points: 6, min: 50, max: 54 },
    { code: 'E', points: 1, min: 0, max: 29 },
  ],
  students: [
    {
      id: 1,
      first_name: 'Amina',
      last_name: 'Wanjiru',
      admission_number: '0001',
      is_active: true,
      mark: null,
    },
    {
      id: 2,
      first_name: 'Baraka',
      last_name: 'Otieno',
      admission_number: '0002',
      is_active: true,
      mark: 40,
    },
  ],
});

type Answer = (body: SaveMarkEntry) => Response | Promise<Response>;

/** A stand-in API: the column, and PUTs answered by `answer` (saved as sent by default). */
function fakeApi(answer?: Answer, role: 'teacher' | 'admin' = 'teacher') {
  const puts: SaveMarkEntry[] = [];
  const saved: Answer = (body) =>
    json(200, {
      message: 'Marks saved',
      marks: body.marks.map((m) => ({
        student: m.student,
        mark: m.mark === null || m.mark === 'X' || m.mark === 'Y' ? m.mark : Number(m.mark),
        grade: null,
      })),
    });
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/senior/groups/') {
      return json(200, {
        groups: [
          {
            id: 31,
            level: 'Grade 10',
            name: 'Grade 10 Chemistry 1',
            subject: { id: 12, name: 'Chemistry', code: 'CHE' },
            teacher: null,
            size: 2,
            mine: false,
          },
        ],
      });
    }
    if (url === '/api/dashboard/teacher/') {
      return json(200, {
        assignments: [
          {
            class: { id: 2, name: '2 West' },
            subject: { id: 11, name: 'Mathematics', code: 'MAT' },
          },
        ],
        open_exams: [],
        my_class: null,
        groups: [
          {
            group: { id: 31, name: 'Grade 10 Chemistry 1' },
            level: 'Grade 10',
            subject: { id: 12, name: 'Chemistry', code: 'CHE' },
            size: 2,
          },
        ],
      });
    }
    if (url === '/api/exams/5/marks/?group=31&subject=12') {
      if (method === 'GET') {
        const students = column().students;
        return json(200, {
          ...column(),
          class: null,
          group: { id: 31, name: 'Grade 10 Chemistry 1', level: 'Grade 10' },
          subject: { id: 12, name: 'Chemistry', code: 'CHE' },
          students: [
            { ...students[0], class_name: '10 East' },
            { ...students[1], class_name: '10 West' },
          ],
        });
      }
      const body = JSON.parse(String(init?.body)) as SaveMarkEntry;
      puts.push(body);
      return (answer ?? saved)(body);
    }
    if (url === '/api/exams/5/marks/?class=2&subject=11') {
      if (method === 'GET') return json(200, column());
      const body = JSON.parse(String(init?.body)) as SaveMarkEntry;
      puts.push(body);
      return (answer ?? saved)(body);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, puts };
}

const renderPage = () =>
  renderWithApp(<MarkEntryPage />, {
    route: '/exams/:id/marks',
    url: '/exams/5/marks?class=2&subject=11',
  });
const input = (name: string) => screen.findByLabelText(`Mark of ${name}`);
const row = async (name: string) => (await input(name)).closest('li') as HTMLElement;
const queueState = () => screen.getByTestId('queue-state').textContent;

describe('mark entry page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each mark with its grade and sends typed marks in one batch', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    expect(await screen.findByRole('heading', { name: '2 West · Mathematics' })).toBeTruthy();
    expect(((await input('Baraka Otieno')) as HTMLInputElement).value).toBe('40');
    expect(screen.getByTestId('entered-count').textContent).toBe('1 of 2 entered');

    fireEvent.change(await input('Amina Wanjiru'), { target: { value: '81' } });
    fireEvent.change(await input('Baraka Otieno'), { target: { value: '52' } });
    expect(within(await row('Amina Wanjiru')).getByTestId('grade').textContent).toBe('Grade A');
    expect(within(await row('Amina Wanjiru')).getByText('Not saved yet')).toBeTruthy();
    await waitFor(() => expect(api.puts).toHaveLength(1), { timeout: 3000 });
    expect(api.puts[0]).toEqual({
      marks: [
        { student: 1, mark: '81', base: null },
        { student: 2, mark: '52', base: 40 },
      ],
    });
    await waitFor(() => expect(queueState()).toBe('All saved'));
    expect(within(await row('Baraka Otieno')).getByText('Saved')).toBeTruthy();
    expect(screen.getByTestId('entered-count').textContent).toBe('2 of 2 entered');
  });

  it('marks a student absent (X) with one tap: a phone number pad has no letters', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const absent = within(await row('Amina Wanjiru')).getByRole('button', {
      name: 'Mark Amina Wanjiru absent (X)',
    });
    fireEvent.click(absent);
    expect(((await input('Amina Wanjiru')) as HTMLInputElement).value).toBe('X');
    expect(absent.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(api.puts).toHaveLength(1), { timeout: 3000 });
    expect(api.puts[0]).toEqual({ marks: [{ student: 1, mark: 'X', base: null }] });
  });

  it('refuses a mark out of range as it is typed, and queues nothing', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.change(await input('Amina Wanjiru'), { target: { value: '101' } });
    expect(
      within(await row('Amina Wanjiru')).getByText('Not saved: A mark is 0 to 100, X or Y'),
    ).toBeTruthy();
    // Never "All saved" while a row says it is not.
    expect(queueState()).toBe('1 mark not saved');
    await new Promise((r) => setTimeout(r, 1200));
    expect(api.puts).toEqual([]);
    // Another mark saved meanwhile: the header still counts the refused one.
    fireEvent.change(await input('Baraka Otieno'), { target: { value: '52' } });
    await waitFor(() => expect(queueState()).toBe('Saving… · 1 not saved'));
    await waitFor(() => expect(queueState()).toBe('1 mark not saved'), { timeout: 3000 });
    // Corrected, it is queued and saved: all saved.
    fireEvent.change(await input('Amina Wanjiru'), { target: { value: '100' } });
    await waitFor(() => expect(queueState()).toBe('All saved'), { timeout: 3000 });
    expect(api.puts.at(-1)).toEqual({ marks: [{ student: 1, mark: '100', base: null }] });
  });

  it('marks a mark withheld (Y) with one tap, beside X', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const buttons = within(await row('Baraka Otieno')).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['X', 'Y']);
    const withheld = within(await row('Baraka Otieno')).getByRole('button', {
      name: 'Mark Baraka Otieno withheld, an irregularity (Y)',
    });
    fireEvent.click(withheld);
    expect(((await input('Baraka Otieno')) as HTMLInputElement).value).toBe('Y');
    expect(withheld.getAttribute('aria-pressed')).toBe('true');
    expect(within(await row('Baraka Otieno')).getByTestId('grade').textContent).toBe('');
    await waitFor(() => expect(api.puts).toHaveLength(1), { timeout: 3000 });
    expect(api.puts[0]).toEqual({ marks: [{ student: 2, mark: 'Y', base: 40 }] });
    // A second tap takes it off again.
    fireEvent.click(withheld);
    expect(((await input('Baraka Otieno')) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(api.puts).toHaveLength(2), { timeout: 3000 });
    expect(api.puts[1]).toEqual({ marks: [{ student: 2, mark: null, base: 'Y' }] });
    await waitFor(() => expect(queueState()).toBe('All saved'));
  });

  it('keeps marks waiting when the network fails, and sends them when it returns', async () => {
    let down = true;
    const api = fakeApi((body) => {
      if (down) throw new TypeError('Failed to fetch');
      return json(200, {
        message: 'Marks saved',
        marks: body.marks.map((m) => ({ student: m.student, mark: Number(m.mark), grade: 'A' })),
      });
    });
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.change(await input('Amina Wanjiru'), { target: { value: '90' } });
    await waitFor(() => expect(queueState()).toBe('1 mark waiting for a connection'), {
      timeout: 3000,
    });
    down = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(queueState()).toBe('All saved'));
    expect(api.puts).toHaveLength(2);
  });

  it('shows a refused row as not saved and sends the rest again; warns of a mark replaced', async () => {
    const api = fakeApi((body) => {
      const bad = body.marks.findIndex((m) => m.student === 2);
      if (bad >= 0) {
        return json(400, {
          message: 'Baraka Otieno has left the school',
          errors: { [`marks.${bad}.student`]: ['Baraka Otieno has left the school'] },
        });
      }
      return json(200, {
        message: 'Marks saved',
        marks: [
          {
            student: 1,
            mark: 81,
            grade: 'A',
            overwritten: {
              was: 45,
              changed_by: { id: 9, name: 'Jane Doe' },
              changed_at: '2026-03-09T07:02:00.000Z',
            },
          },
        ],
      });
    });
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.change(await input('Baraka Otieno'), { target: { value: '52' } });
    fireEvent.change(await input('Amina Wanjiru'), { target: { value: '81' } });
    await waitFor(() => expect(api.puts).toHaveLength(2), { timeout: 3000 });
    expect(api.puts[1]).toEqual({ marks: [{ student: 1, mark: '81', base: null }] });
    await waitFor(() => expect(queueState()).toBe('1 mark not saved'));
    expect(
      within(await row('Baraka Otieno')).getByText('Not saved: Baraka Otieno has left the school'),
    ).toBeTruthy();
    expect(
      within(await row('Amina Wanjiru')).getByText(
        'Was 45, changed by Jane Doe at 9 Mar 2026 10:02; replaced by your 81',
      ),
    ).toBeTruthy();
  });

  it('offers a teacher only the classes and subjects they teach to pick from', async () => {
    vi.stubGlobal('fetch', fakeApi().fetch);
    renderWithApp(<MarkEntryPage />, { route: '/exams/:id/marks', url: '/exams/5/marks' });
    const mine = await screen.findByRole('list', { name: 'Your classes and subjects' });
    const link = within(mine).getByRole('link', { name: '2 West · Mathematics' });
    expect(link.getAttribute('href')).toBe('/exams/5/marks?class=2&subject=11');
    const group = within(mine).getByRole('link', { name: 'Grade 10 Chemistry 1' });
    expect(group.getAttribute('href')).toBe('/exams/5/marks?group=31&subject=12');
    expect(within(mine).getAllByRole('link')).toHaveLength(2);
  });

  it('lets an admin pick a teaching group in place of a class', async () => {
    vi.stubGlobal('fetch', fakeApi(undefined, 'admin').fetch);
    renderWithApp(<MarkEntryPage />, { route: '/exams/:id/marks', url: '/exams/5/marks' });
    fireEvent.change(await screen.findByLabelText('Teaching group'), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: "Enter the group's marks" }));
    expect(await screen.findByRole('heading', { name: 'Grade 10 Chemistry 1' })).toBeTruthy();
  });

  it("enters a teaching group's marks: its members with their streams", async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MarkEntryPage />, {
      route: '/exams/:id/marks',
      url: '/exams/5/marks?group=31&subject=12',
    });
    expect(await screen.findByRole('heading', { name: 'Grade 10 Chemistry 1' })).toBeTruthy();
    expect(within(await row('Amina Wanjiru')).getByText('10 East')).toBeTruthy();
    expect(within(await row('Baraka Otieno')).getByText('10 West')).toBeTruthy();
    fireEvent.change(await input('Amina Wanjiru'), { target: { value: '66' } });
    await waitFor(() => expect(api.puts).toHaveLength(1), { timeout: 3000 });
    expect(api.puts[0]).toEqual({ marks: [{ student: 1, mark: '66', base: null }] });
  });

  it('moves down with Enter and ArrowDown, up with ArrowUp', async () => {
    vi.stubGlobal('fetch', fakeApi().fetch);
    renderPage();
    const first = await input('Amina Wanjiru');
    const second = await input('Baraka Otieno');
    first.focus();
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
  });
});
