import type { RegisterBody, RegisterResponse } from '@shule/shared/attendance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { RegisterPage } from './register-page';

const term = { id: 1, name: 'Term 3', start_date: '2026-09-01', end_date: '2026-11-27' };
const student = (id: number, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  admission_number: `00${id}`,
  status: null,
  note: null,
  absence_sms_sent: false,
});

const untaken = (changes: Partial<RegisterResponse> = {}): RegisterResponse => ({
  class: { id: 2, name: '2 West' },
  date: '2026-11-26',
  term,
  closed_reason: null,
  may_take: true,
  taken_at: null,
  taken_by: null,
  students: [
    student(1, 'Amina', 'Wanjiru'),
    student(2, 'Baraka', 'Otieno'),
    student(3, 'Chebet', 'Kiprono'),
    student(4, 'Daudi', 'Mwangi'),
  ],
  counts: { recorded: 0, present: 0, absent: 0, late: 0, excused: 0, rate: null },
  absence_sms: null,
  ...changes,
});

/** A stand-in API: the register as `register` answers it, and each PUT saved as sent. */
function fakeApi({
  role = 'admin',
  register = untaken(),
  myClass = null,
}: {
  role?: 'admin' | 'teacher';
  register?: RegisterResponse | Response;
  myClass?: { id: number; name: string } | null;
} = {}) {
  const puts: { url: string; body: RegisterBody }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/classes/?school=7') {
      return json(200, { classes: [classRow(1, '1 East'), classRow(2, '2 West')] });
    }
    if (url === '/api/dashboard/teacher/') {
      const led = myClass ? { ...myClass, students: [], count: 0 } : null;
      return json(200, { assignments: [], open_exams: [], my_class: led });
    }
    if (url.startsWith('/api/classes/2/register/')) {
      if (method === 'GET') return register instanceof Response ? register : json(200, register);
      const body = JSON.parse(String(init?.body)) as RegisterBody;
      puts.push({ url, body });
      const marked = new Map(body.entries.map((e) => [e.student, e]));
      const base = register instanceof Response ? untaken() : register;
      const students = base.students.map((s) => ({
        ...s,
        status: marked.get(s.id)?.status ?? null,
        note: marked.get(s.id)?.note ?? null,
      }));
      const n = (status: string) => body.entries.filter((e) => e.status === status).length;
      return json(200, {
        ...base,
        students,
        taken_at: '2026-11-26T05:15:00Z',
        taken_by: 'Amina Otieno',
        counts: {
          recorded: body.entries.length,
          present: n('present'),
          absent: n('absent'),
          late: n('late'),
          excused: n('excused'),
          rate: 75,
        },
        absence_sms: body.notify_absent ? { queued: 1, skipped: 0 } : null,
      });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, puts };
}

const render = (url = '/attendance?class=2') =>
  renderWithApp(<RegisterPage />, { route: '/attendance', url });
const row = async (name: string) =>
  (await screen.findByRole('group', { name: `Mark of ${name}` })).closest('li') as HTMLElement;
const tap = async (name: string, status: string) =>
  fireEvent.click(within(await row(name)).getByRole('button', { name: status }));
const count = (status: string) => screen.getByTestId(`count-${status}`).textContent;

describe('register page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('marks everyone present in one tap, takes the exceptions and saves in one request', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    render();
    expect(await screen.findByText('Not taken yet')).toBeTruthy();
    expect(screen.getByTestId('unmarked').textContent).toBe('4 of 4 not marked yet');
    fireEvent.click(screen.getByRole('button', { name: 'All present' }));
    expect(count('present')).toBe('4');
    await tap('Baraka Otieno', 'Absent');
    await tap('Chebet Kiprono', 'Late');
    expect(count('present')).toBe('2');
    expect(count('absent')).toBe('1');
    expect(count('late')).toBe('1');
    expect(count('rate')).toBe('75.0%');
    expect(
      within(await row('Baraka Otieno'))
        .getByRole('button', { name: 'Absent' })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Add note for Baraka Otieno' }));
    fireEvent.change(screen.getByLabelText('Note for Baraka Otieno'), {
      target: { value: 'Sick' },
    });
    const notify = screen.getByRole('checkbox', { name: 'Text the parents of absent students' });
    expect((notify as HTMLInputElement).checked).toBe(false);
    fireEvent.click(notify);
    fireEvent.click(screen.getByRole('button', { name: 'Save register' }));

    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.url).toBe('/api/classes/2/register/');
    expect(api.puts[0]?.body).toEqual({
      entries: [
        { student: 1, status: 'present' },
        { student: 2, status: 'absent', note: 'Sick' },
        { student: 3, status: 'late' },
        { student: 4, status: 'present' },
      ],
      notify_absent: true,
    });
    expect(await screen.findByText('Register saved: 2 present, 1 absent, 1 late')).toBeTruthy();
    expect(screen.getByText('1 parent texted, 0 left out')).toBeTruthy();
    expect(screen.getByTestId('register-taken').textContent).toContain('Taken by Amina Otieno');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('sends the picked date with the request', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    render('/attendance?class=2&date=2026-11-20');
    await tap('Amina Wanjiru', 'Excused');
    fireEvent.click(screen.getByRole('button', { name: 'Save register' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.url).toBe('/api/classes/2/register/?date=2026-11-20');
    expect(api.fetch).toHaveBeenCalledWith(
      '/api/classes/2/register/?date=2026-11-20',
      expect.anything(),
    );
  });

  it('shows a teacher who does not lead the class a read-only register and says who may take it', async () => {
    const api = fakeApi({
      role: 'teacher',
      myClass: { id: 1, name: '1 East' },
      register: untaken({
        may_take: false,
        students: [{ ...student(1, 'Amina', 'Wanjiru'), status: 'absent', note: 'Sick' }],
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    render();
    expect(
      await screen.findByText('Only the class teacher of 2 West or an admin may take its register'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save register' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'All present' })).toBeNull();
    const absent = within(await row('Amina Wanjiru')).getByRole('button', { name: 'Absent' });
    expect((absent as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Sick')).toBeTruthy();
  });

  it("opens a teacher's own class first, and says so plainly when they lead none", async () => {
    const api = fakeApi({ role: 'teacher', myClass: { id: 2, name: '2 West' } });
    vi.stubGlobal('fetch', api.fetch);
    render('/attendance');
    expect(await row('Amina Wanjiru')).toBeTruthy();
    expect((screen.getByLabelText('Class') as HTMLSelectElement).value).toBe('2');

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    vi.stubGlobal('fetch', fakeApi({ role: 'teacher' }).fetch);
    render('/attendance');
    expect(await screen.findByText(/You are not the class teacher of any class/)).toBeTruthy();
    expect(screen.getByText('Pick a class')).toBeTruthy();
  });

  it('explains a closed day and takes nothing', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ register: untaken({ closed_reason: 'Registers are taken Monday to Friday' }) })
        .fetch,
    );
    render();
    expect(await screen.findByText('Registers are taken Monday to Friday')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save register' })).toBeNull();
  });

  it('says when the class has no students, and shows a failure with Try Again', async () => {
    vi.stubGlobal('fetch', fakeApi({ register: untaken({ students: [] }) }).fetch);
    render();
    expect(await screen.findByText('No students in 2 West')).toBeTruthy();

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    vi.stubGlobal('fetch', fakeApi({ register: json(500, { message: 'Server is down' }) }).fetch);
    render();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load the register. Server is down',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
