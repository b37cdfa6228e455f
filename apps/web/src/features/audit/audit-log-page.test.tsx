import type { AuditEntry, AuditLogResponse } from '@shule/shared/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMINS_ONLY } from '../../components/admin-only';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { AuditLogPage } from './audit-log-page';

const entry = (id: number, changes: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  action: 'student_data_exported',
  actor_id: 1,
  actor_name: 'Amina Otieno',
  subject_type: 'student',
  subject_id: 21,
  subject_name: null,
  address: '41.90.1.7',
  created_at: '2026-11-23T15:04:00.000Z',
  ...changes,
});

function fakeApi(pages: Record<string, AuditLogResponse>, role: 'admin' | 'teacher' = 'admin') {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url.startsWith('/api/audit_log/')) {
      asked.push(url);
      const page = pages[url];
      return page ? json(200, page) : json(400, { message: 'page must be a whole number' });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, asked };
}

const table = () => screen.getByRole('table');

describe('the audit log screen', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists who did what to whom, when and from where, page by page', async () => {
    const entries = [
      entry(3),
      entry(5, {
        action: 'register_taken',
        subject_type: 'class',
        subject_id: 1,
        subject_name: 'Form 1 East',
      }),
      entry(4, { action: 'teaching_ended', subject_type: 'class', subject_id: 2 }),
      entry(2, {
        action: 'user_added',
        subject_type: 'user',
        subject_id: 5,
        subject_name: 'Mary Achieng',
      }),
      entry(1, {
        action: 'signed_in',
        actor_id: 9,
        actor_name: null,
        subject_type: null,
        subject_id: null,
        address: null,
      }),
    ];
    const api = fakeApi({
      '/api/audit_log/?page=1': { entries, total: 51, page: 1, page_size: 50 },
      '/api/audit_log/?page=2': { entries: [entry(0)], total: 51, page: 2, page_size: 50 },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<AuditLogPage />);
    await screen.findByRole('table');
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Amina Otieno', "Exported a student's data · Student #21", '41.90.1.7'],
      ['Amina Otieno', "Took a class's register · Form 1 East", '41.90.1.7'],
      ['Amina Otieno', 'Ended a class and subject · Class #2 (removed)', '41.90.1.7'],
      ['Amina Otieno', 'Added a user · Mary Achieng', '41.90.1.7'],
      ['User #9 (removed)', 'Signed in', '—'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Student #21' }).getAttribute('href')).toBe(
      '/students/21',
    );
    const pages = () => screen.getByRole('navigation', { name: 'Pages' }).textContent;
    expect(pages()).toContain('1–50 of 51');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(pages()).toContain('51–51 of 51'));
    expect(api.asked).toEqual(['/api/audit_log/?page=1', '/api/audit_log/?page=2']);
  });

  it('filters by action and says when nothing is there', async () => {
    const api = fakeApi({
      '/api/audit_log/?page=1': { entries: [entry(1)], total: 1, page: 1, page_size: 50 },
      '/api/audit_log/?page=1&action=student_erased': {
        entries: [],
        total: 0,
        page: 1,
        page_size: 50,
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<AuditLogPage />);
    await screen.findByRole('table');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Show action'), { target: { value: 'student_erased' } });
    expect(await screen.findByText('No entries of this kind yet')).toBeTruthy();
  });

  it('shows a loading state, then the empty state of a new school', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ '/api/audit_log/?page=1': { entries: [], total: 0, page: 1, page_size: 50 } })
        .fetch,
    );
    renderWithApp(<AuditLogPage />);
    expect(await screen.findByText('No entries yet')).toBeTruthy();
  });

  it('tells a teacher it is for admins, asking nothing', async () => {
    const api = fakeApi({}, 'teacher');
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<AuditLogPage />);
    await waitFor(() =>
      expect(api.fetch).toHaveBeenCalledWith('/api/users/user/', expect.anything()),
    );
    expect(await screen.findByText(ADMINS_ONLY)).toBeTruthy();
    expect(api.asked).toEqual([]);
  });
});
