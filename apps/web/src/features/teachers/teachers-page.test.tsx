import type { TeacherRow } from '@shule/shared/teachers';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { TeachersPage } from './teachers-page';

const teacherRow = (id: number, first: string, changes: Partial<TeacherRow> = {}): TeacherRow => ({
  id,
  subject: null,
  tsc_number: `TSC${id}`,
  is_active: true,
  assignments: [],
  user: {
    id: id + 100,
    first_name: first,
    last_name: 'Otieno',
    email: null,
    gender: null,
    class: null,
    profile_photo: null,
    phone_number: '0712345678',
  },
  ...changes,
});

const rows = [
  teacherRow(1, 'Mary', {
    assignments: [
      {
        id: 9,
        class: { id: 3, name: 'Form 2 West' },
        subject: { id: 4, name: 'Mathematics', code: 'MAT' },
      },
    ],
  }),
  teacherRow(2, 'Peter', { is_active: false, tsc_number: null }),
];

function fakeApi(role: 'admin' | 'teacher') {
  return vi.fn(async (url: string) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url.startsWith('/api/schools/7/teachers')) return json(200, { teachers: rows });
    return json(404, { message: `no route ${url}` });
  });
}

const tableRow = (name: string) =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(name))!;

describe('teachers page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows what each teacher teaches and their status, with actions for an admin', async () => {
    vi.stubGlobal('fetch', fakeApi('admin'));
    renderWithApp(<TeachersPage />);
    await screen.findAllByText('Mary Otieno');
    expect(tableRow('Mary').textContent).toContain('Mathematics · Form 2 West');
    expect(tableRow('Mary').textContent).toContain('Active');
    expect(tableRow('Peter').textContent).toContain('Deactivated');
    expect(screen.getAllByRole('button', { name: 'Actions for Mary Otieno' })).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Add Teacher' })).toBeTruthy();
  });

  it("shows each teacher's TSC number and phone, the email beside it", async () => {
    rows[0]!.user.email = 'mary@example.ke';
    vi.stubGlobal('fetch', fakeApi('admin'));
    renderWithApp(<TeachersPage />);
    await screen.findAllByText('Mary Otieno');
    expect(
      within(screen.getAllByRole('table')[0]!).getAllByRole('columnheader')[0]?.textContent,
    ).toBe('TSC No.');
    expect(tableRow('Mary').textContent).toContain('TSC1');
    expect(tableRow('Mary').textContent).toContain('0712345678 · mary@example.ke');
    expect(tableRow('Peter').textContent).toContain('—');
    expect(tableRow('Peter').textContent).toContain('0712345678');
    rows[0]!.user.email = null;
  });

  it('shows a teacher the list without actions', async () => {
    vi.stubGlobal('fetch', fakeApi('teacher'));
    renderWithApp(<TeachersPage />);
    await screen.findAllByText('Mary Otieno');
    expect(tableRow('Mary').textContent).toContain('Mathematics · Form 2 West');
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Teacher' })).toBeNull();
  });
});
