import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMINS_ONLY, AdminOnly } from '../components/admin-only';
import { AcademicYearsPage } from '../features/academic-years/academic-years-page';
import { AuditLogPage } from '../features/audit/audit-log-page';
import { ExamsPage } from '../features/exams/exams-page';
import { FeeAnalyticsPage } from '../features/fees/fee-analytics-page';
import { FeeStructurePage } from '../features/fees/fee-structure-page';
import { FeesPage } from '../features/fees/fees-page';
import { GradesPage } from '../features/grades/grades-page';
import { MessageDetailPage } from '../features/messages/message-detail-page';
import { MessagesPage } from '../features/messages/messages-page';
import { StudentImportPage } from '../features/student-import/student-import-page';
import { SubjectsPage } from '../features/subjects/subjects-page';
import { TeacherImportPage } from '../features/teacher-import/teacher-import-page';
import { TermsPage } from '../features/terms/terms-page';
import { tokenStorage } from '../lib/storage';
import { json, renderWithApp, schoolRow, sessionUser } from '../test/render-page';
import { SetupRoute } from './setup-route';

type Role = 'admin' | 'teacher';

/**
 * The API as a school with nothing set up yet: the signed-in user, their school and empty
 * lists. Every request is recorded; anything else answers 403, as the server would a teacher.
 */
function fakeApi(role: Role) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    asked.push(url);
    if (url === '/api/schools/7/') return json(200, schoolRow());
    if (url.startsWith('/api/grades/subjects/')) return json(200, []);
    if (url.startsWith('/api/grades/exams/')) return json(200, []);
    if (url.startsWith('/api/grades/grades/')) return json(200, []);
    if (url.startsWith('/api/fees/terms/')) return json(200, { terms: [] });
    if (url.startsWith('/api/fees/academic_years/')) return json(200, { academic_years: [] });
    if (url.startsWith('/api/classes/')) return json(200, { classes: [] });
    return json(403, { message: 'Only admin accounts can do that' });
  });
  /** Resolves once the session has asked who is signed in. */
  const signedIn = () =>
    waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/users/user/', expect.anything()));
  return { fetch, asked, signedIn };
}

beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
afterEach(() => vi.unstubAllGlobals());

describe('<AdminOnly>', () => {
  const render = (role: Role) => {
    const api = fakeApi(role);
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(
      <AdminOnly fallback={<p>Ask the admin</p>}>
        <button type="button">Delete</button>
      </AdminOnly>,
    );
    return api;
  };

  it('shows its children to an administrator', async () => {
    render('admin');
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('shows a teacher the fallback instead', async () => {
    await render('teacher').signedIn();
    expect(await screen.findByText('Ask the admin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('a page only administrators use, opened by a teacher', () => {
  const pages: [string, ReactElement, { route: string; url: string }?][] = [
    ['Fees', <FeesPage key="fees" />],
    ['Fee structure', <FeeStructurePage key="structure" />],
    ['Fee analytics', <FeeAnalyticsPage key="analytics" />],
    ['Messaging', <MessagesPage key="messages" />],
    [
      'Message',
      <MessageDetailPage key="message" />,
      { route: '/messages/:id', url: '/messages/3' },
    ],
    ['Audit log', <AuditLogPage key="audit" />],
    ['Set up your school', <SetupRoute key="setup" />],
    ['Import students', <StudentImportPage key="student-import" />],
    ['Import teachers', <TeacherImportPage key="teacher-import" />],
  ];

  it.each(pages)(
    '%s says only administrators can see it, asking the server nothing',
    async (title, page, at) => {
      const api = fakeApi('teacher');
      vi.stubGlobal('fetch', api.fetch);
      renderWithApp(page, at);
      await api.signedIn();
      expect(await screen.findByText(ADMINS_ONLY)).toBeTruthy();
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
      expect(api.asked).toEqual([]);
    },
  );

  it('shows the page itself to an administrator', async () => {
    const api = fakeApi('admin');
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<SetupRoute />);
    await waitFor(() => expect(api.asked).toContain('/api/setup/?school=7'));
    expect(screen.queryByText(ADMINS_ONLY)).toBeNull();
  });
});

describe("the school's set-up lists, read by a teacher", () => {
  const pages: [string, () => ReactElement, RegExp][] = [
    ['subjects', () => <SubjectsPage />, /Add Subject/],
    ['exams', () => <ExamsPage />, /Create New Exam/],
    ['terms', () => <TermsPage />, /Add Term/],
    ['academic years', () => <AcademicYearsPage />, /Add Academic Year/],
    ['grades', () => <GradesPage />, /Add Grade/],
  ];

  it.each(pages)('%s: an administrator gets the Add button', async (_, page, add) => {
    vi.stubGlobal('fetch', fakeApi('admin').fetch);
    renderWithApp(page());
    expect((await screen.findAllByRole('button', { name: add })).length).toBeGreaterThan(0);
  });

  it.each(pages)(
    '%s: a teacher gets no Add button, and no way to change anything',
    async (_, page, add) => {
      const api = fakeApi('teacher');
      vi.stubGlobal('fetch', api.fetch);
      renderWithApp(page());
      await api.signedIn();
      // The empty list has loaded when its words for a teacher are on screen.
      expect(await screen.findByText(/administrator has not/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: add })).toBeNull();
      expect(screen.queryByRole('button', { name: /Edit|Delete|Apply|Use the/ })).toBeNull();
    },
  );
});
