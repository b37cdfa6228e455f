import type { StudentRow } from '@shule/shared/students';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../lib/save-file';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { StudentsPage } from './students-page';

vi.mock('../../lib/save-file', () => ({ saveFile: vi.fn() }));

const classes = [classRow(1, 'Form 1 East'), classRow(2, 'Form 2 West')];

const studentRow = (i: number): StudentRow => ({
  id: i,
  first_name: `Student${String(i).padStart(3, '0')}`,
  last_name: i % 10 === 0 ? 'Mwangi' : 'Otieno',
  admission_number: String(i).padStart(4, '0'),
  gender: i % 2 ? 'female' : 'male',
  date_of_birth: '2012-01-01',
  profile_photo: null,
  is_active: true,
  left_on: null,
  left_reason: null,
  _class: classes[i % 2]!,
  parent: null,
});

/**
 * A stand-in for the students endpoints: it pages, filters by class and searches by name as the
 * server does, and records what was asked.
 */
function fakeApi(
  students: StudentRow[],
  { failList = false, role = 'admin' as 'admin' | 'teacher' } = {},
) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/dashboard/teacher/') {
      // Teaches in Form 2 West only.
      return json(200, {
        assignments: [{ class: classes[1], subject: { id: 5, name: 'Mathematics', code: 'MAT' } }],
        open_exams: [],
        my_class: null,
      });
    }
    if (url === '/api/classes/?school=7') return json(200, { classes });
    if (url.startsWith('/api/students/export/?')) {
      asked.push(url);
      const format = new URLSearchParams(url.split('?')[1]).get('format');
      return new Response('\uFEFFfirst_name\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${format}-file.csv"`,
        },
      });
    }
    const list = /^\/api\/students\/(get_students)\/(\d+)\/7\/(?:\?(.*))?$/.exec(url);
    if (list) {
      asked.push(url);
      if (failList) return json(500, { message: 'Something went wrong on our side.' });
      const params = new URLSearchParams(list[3]);
      const classId = Number(list[2]);
      const search = (params.get('search') ?? '').toLowerCase();
      const status = params.get('status') ?? 'active';
      const matching = students.filter(
        (s) =>
          (classId === 0 || s._class.id === classId) &&
          (status === 'all' || s.is_active === (status === 'active')) &&
          `${s.first_name} ${s.last_name}`.toLowerCase().includes(search),
      );
      const page = Number(params.get('page') ?? 1);
      const slim = matching
        .slice((page - 1) * 50, page * 50)
        .map(({ parent: _, date_of_birth: __, ...row }) => row);
      return json(200, { students: slim, total: matching.length, page, page_size: 50 });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, asked };
}

/** The admission numbers of the table's rows, in order. */
const numbers = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelectorAll('td')[1]?.textContent);

describe('students page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(saveFile).mockClear();
  });

  it('shows one page of 50 and moves through the pages with the server', async () => {
    const api = fakeApi(Array.from({ length: 120 }, (_, i) => studentRow(i + 1)));
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<StudentsPage />);
    await waitFor(() => expect(numbers()).toHaveLength(50));
    expect(numbers()[0]).toBe('0001');
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('1–50 of 120');
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(numbers()[0]).toBe('0051'));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(numbers()).toHaveLength(20));
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain(
      '101–120 of 120',
    );
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.asked.at(-1)).toBe('/api/students/get_students/0/7/?page=3');
  });

  it('searches on the server once typing pauses, from page 1, and says when nothing matches', async () => {
    const api = fakeApi(Array.from({ length: 120 }, (_, i) => studentRow(i + 1)));
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<StudentsPage />);
    await waitFor(() => expect(numbers()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(numbers()[0]).toBe('0051'));

    const box = screen.getByLabelText('Search students');
    fireEvent.change(box, { target: { value: 'M' } });
    fireEvent.change(box, { target: { value: 'Mw' } });
    fireEvent.change(box, { target: { value: 'Mwangi' } });
    await waitFor(() => expect(numbers()).toHaveLength(12));
    expect(screen.getByText('12 students match “Mwangi”')).toBeTruthy();
    expect(numbers()[0]).toBe('0010');
    // One request for the pause, none per key, and from the first page.
    expect(api.asked.filter((u) => u.includes('search'))).toEqual([
      '/api/students/get_students/0/7/?page=1&search=Mwangi',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    fireEvent.change(box, { target: { value: 'zawadi' } });
    expect(await screen.findByText('No student matches your search')).toBeTruthy();
    // Three renders of 50 rows: over vitest's 5 s when the machine is busy (1.2 s when quiet).
  }, 15_000);

  it('filters by the class tab on the server', async () => {
    const api = fakeApi(Array.from({ length: 6 }, (_, i) => studentRow(i + 1)));
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<StudentsPage />);
    await waitFor(() => expect(numbers()).toHaveLength(6));
    fireEvent.click(screen.getAllByRole('tab', { name: 'Form 2 West' })[0]!);
    await waitFor(() => expect(numbers()).toHaveLength(3));
    expect(api.asked.at(-1)).toBe('/api/students/get_students/2/7/?page=1');
  });

  it('shows the students who left, with the day and the reason, and exports them', async () => {
    const left = {
      ...studentRow(7),
      is_active: false,
      left_on: '2026-03-14',
      left_reason: 'transferred' as const,
    };
    const api = fakeApi([studentRow(1), studentRow(2), left]);
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<StudentsPage />);
    await waitFor(() => expect(numbers()).toEqual(['0001', '0002']));
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'left' } });
    await waitFor(() => expect(numbers()).toEqual(['0007']));
    expect(api.asked.at(-1)).toBe('/api/students/get_students/0/7/?page=1&status=left');
    expect(
      within(screen.getAllByRole('table')[0]!).getByText(/Left .* · Transferred to another school/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: /Export CSV/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'csv-file.csv'));
    expect(api.asked.at(-1)).toBe('/api/students/export/?format=csv&status=left');
  });

  it('downloads the server’s file of the class and search, as CSV or for NEMIS', async () => {
    const api = fakeApi(Array.from({ length: 120 }, (_, i) => studentRow(i + 1)));
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<StudentsPage />);
    await waitFor(() => expect(numbers()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: /Export for NEMIS/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'nemis-file.csv'));
    expect(api.asked.at(-1)).toBe('/api/students/export/?format=nemis');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows a teacher the tabs of the classes they teach, and no Export (the file is an admin’s)', async () => {
    const api = fakeApi([studentRow(1), studentRow(2)], { role: 'teacher' });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<StudentsPage />);
    await waitFor(() => expect(numbers()).toHaveLength(2));
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs.some((t) => t?.includes('Form 2 West'))).toBe(true);
    expect(tabs.some((t) => t?.includes('Form 1 East'))).toBe(false);
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });

  it('says when there are no students, and offers Try Again when the list fails', async () => {
    vi.stubGlobal('fetch', fakeApi([]).fetch);
    const { unmount } = renderWithApp(<StudentsPage />);
    expect(await screen.findByText('No student added to this class yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Export/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    unmount();

    vi.stubGlobal('fetch', fakeApi([], { failList: true }).fetch);
    renderWithApp(<StudentsPage />);
    expect(await screen.findByText(/Could not load the students/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
