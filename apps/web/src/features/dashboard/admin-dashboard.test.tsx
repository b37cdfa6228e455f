import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepSessionSetup, keepSetupState } from '../../lib/queries/setup';
import { SessionProvider } from '../../lib/session';
import { json, sessionUser } from '../../test/render-page';
import { AdminDashboard } from './admin-dashboard';

/** The three counts of a school with no students, teachers or classes yet. */
const emptySchoolCounts = () => ({
  '/api/students/count/': json(200, { male_count: 0, female_count: 0, other_count: 0, total: 0 }),
  '/api/staff/count/': json(200, { teacher_count: 0 }),
  '/api/classes/': json(200, { count: 0 }),
});

/** Each route answers a response, or a promise of one to hold an answer back. */
function renderDashboard(
  routes: Record<string, Response | Promise<Response>>,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const key = Object.keys(routes).find((prefix) => url.startsWith(prefix));
      if (!key) return json(404, { message: 'no route' });
      const answer = routes[key]!;
      return answer instanceof Response ? answer.clone() : answer;
    }),
  );
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter>
          <AdminDashboard schoolId={7} />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('admin dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the cards hidden until it knows whether the setup offer goes above them', async () => {
    let answerSetup: (answer: Response) => void = () => {};
    renderDashboard({
      '/api/setup/': new Promise<Response>((resolve) => {
        answerSetup = resolve;
      }),
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Total Students/ })).toBeNull();
    answerSetup(
      json(200, { step: 1, finished_at: null, academic_year: null, terms: [], classes: [] }),
    );
    expect(await screen.findByRole('heading', { name: 'Set up your school' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Total Students/ })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it("takes the setup offer from the session's answer, without asking GET /api/setup/", async () => {
    const admin = { ...sessionUser('admin'), setup: { step: 3, finished_at: null } };
    // Answers stay fresh for 30 s, as in the app (app/signed-in-app.tsx).
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
    });
    keepSessionSetup(client, { ...admin, password_change_required: false });
    renderDashboard({}, client);
    // Known from the first render: the offer, and the cards not held hidden behind it.
    expect(screen.getByRole('heading', { name: 'Finish setting up your school' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Total Students/ })).toBeTruthy();
    // Finishing the wizard (its answer kept by the mutation) takes the offer away.
    act(() =>
      keepSetupState(client, 7, {
        step: 6,
        finished_at: '2026-11-27T06:00:00.000Z',
        academic_year: null,
        terms: [],
        classes: [],
        after: { grades: 0, subjects: 0, teachers: 0 },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: /set/i })).toBeNull());
    const asked = vi.mocked(globalThis.fetch).mock.calls.map((call) => String(call[0]));
    expect(asked.filter((url) => url.startsWith('/api/setup/'))).toEqual([]);
  });

  it('asks GET /api/setup/ for a session without the setup state (a teacher)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    keepSessionSetup(client, {
      ...sessionUser('teacher'),
      password_change_required: false,
      setup: null,
    });
    renderDashboard(
      {
        '/api/setup/': json(200, {
          step: 1,
          finished_at: null,
          academic_year: null,
          terms: [],
          classes: [],
        }),
      },
      client,
    );
    expect(await screen.findByRole('heading', { name: 'Set up your school' })).toBeTruthy();
  });

  it('shows the real counts and the gender bars', async () => {
    renderDashboard({
      '/api/students/count/': json(200, {
        male_count: 3,
        female_count: 1,
        other_count: 0,
        total: 4,
      }),
      '/api/staff/count/': json(200, { teacher_count: 2 }),
      '/api/classes/': json(200, { count: 5 }),
    });
    expect(await screen.findByTestId('stat-Total Students')).toHaveProperty('textContent', '4');
    expect(screen.getByTestId('stat-Total Teachers').textContent).toBe('2');
    expect(screen.getByTestId('stat-Total Classes').textContent).toBe('5');
    expect(screen.getByTestId('gender-Male').textContent).toContain('3');
    expect(screen.getByTestId('gender-Female').textContent).toContain('1');
    expect(
      screen.getByRole('progressbar', { name: 'Male students' }).getAttribute('aria-valuenow'),
    ).toBe('75');
  });

  it("says 'An error occurred' on the Total Classes card when its count fails", async () => {
    renderDashboard({ ...emptySchoolCounts(), '/api/classes/': json(500, { message: 'boom' }) });
    const card = (await screen.findByText('Total Classes')).closest('a')!;
    expect(await within(card).findByText('An error occurred')).toBeTruthy();
  });

  it("shows the school's latest messages and the audit log's latest entries, with names", async () => {
    renderDashboard({
      '/api/messages/?school=7&page=1&page_size=3': json(200, {
        messages: [
          {
            id: 4,
            kind: 'broadcast',
            content: 'Sports day is on Friday.',
            class_names: ['Form 1 East'],
            exam: null,
            status: 'sent',
            recipients: 30,
            counts: { queued: 0, sending: 0, sent: 0, delivered: 30, failed: 0 },
            skipped_no_consent: 0,
            skipped_opted_out: 0,
            parts: 1,
            estimated_cost: '24.00',
            cost: null,
            test_mode: true,
            created_at: '2026-08-23T21:49:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        page_size: 3,
      }),
      '/api/audit_log/?page=1&page_size=5': json(200, {
        entries: [
          {
            id: 9,
            action: 'register_taken',
            actor_id: 1,
            actor_name: 'Amina Otieno',
            subject_type: 'class',
            subject_id: 3,
            subject_name: 'Form 1 East',
            address: null,
            created_at: '2026-08-24T05:30:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        page_size: 5,
      }),
    });
    // The two cards load lazily, after the counts.
    const messages = await screen.findByRole(
      'list',
      { name: 'Latest messages' },
      { timeout: 5000 },
    );
    expect(within(messages).getByRole('link', { name: 'Sports day is on Friday.' })).toBeTruthy();
    expect(within(messages).getByText('Form 1 East parents · 24 Aug 2026 00:49')).toBeTruthy();
    const activities = await screen.findByRole(
      'list',
      { name: 'Latest activities' },
      { timeout: 5000 },
    );
    expect(activities.textContent).toBe(
      "Took a class's register · Form 1 EastAmina Otieno · 24 Aug 2026 08:30",
    );
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it('links the Messages card to Messaging, not coming soon', async () => {
    renderDashboard({});
    const link = await screen.findByRole('link', { name: 'Send a message' });
    expect(link.getAttribute('href')).toBe('/messages');
    const card = link.closest<HTMLElement>('.rounded-lg')!;
    expect(within(card).getByText('Messages')).toBeTruthy();
    expect(within(card).queryByText('Coming soon')).toBeNull();
  });

  /** An IntersectionObserver that says at once whether each observed element is near the screen. */
  function stubNearScreen(near: boolean) {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly report: IntersectionObserverCallback) {}
        observe(target: Element) {
          this.report(
            [{ target, isIntersecting: near } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
        }
        disconnect() {}
      },
    );
  }

  it('loads the calendar when it comes near the screen, or 3 s after the counts', async () => {
    stubNearScreen(false);
    const { container } = renderDashboard(emptySchoolCounts());
    expect(await screen.findByTestId('stat-Total Classes')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelectorAll('thead th')).toHaveLength(0);
    // 3 s, then the calendar's code loads: slow while other suites share the cores.
    await waitFor(() => expect(container.querySelectorAll('thead th')).toHaveLength(7), {
      timeout: 20_000,
    });
  }, 30_000);

  it('starts the calendar week on Sunday', async () => {
    stubNearScreen(true);
    const { container } = renderDashboard({});
    // The calendar loads after the rest of the dashboard.
    await waitFor(() => expect(container.querySelectorAll('thead th')).toHaveLength(7));
    const weekdays = [...container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(weekdays).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
  });

  it('shows the latest exam’s mean grade and deviation per level, linking to the analysis', async () => {
    renderDashboard({
      '/api/exams/latest_results/': json(200, {
        exam: { id: 9, name: 'End Term', term: 'Term 2', year: '2026' },
        previous_exam: { id: 8, name: 'Mid Term' },
        measure: 'mean_points',
        groups: [
          {
            name: 'Form 4',
            level: 'Form 4',
            class_id: null,
            entries: 80,
            mean_mark: 58.2,
            mean_points: 7.412,
            mean_grade: 'C+',
            deviation: 0.25,
          },
          {
            name: 'Remedial',
            level: null,
            class_id: 3,
            entries: 5,
            mean_mark: 41,
            mean_points: 4.2,
            mean_grade: 'D+',
            deviation: -1.5,
          },
        ],
      }),
    });
    expect((await screen.findByTestId('latest-grade-Form 4')).textContent).toBe('C+');
    expect(
      screen.getByText('End Term · 2026 Term 2 · DEV in mean points since Mid Term'),
    ).toBeTruthy();
    const form4 = screen.getByRole('link', { name: /^Form 4: mean grade C\+, deviation \+0\.25/ });
    expect(form4.getAttribute('href')).toBe('/results?exam=9&level=Form%204');
    const remedial = screen.getByRole('link', {
      name: /^Remedial: mean grade D\+, deviation -1\.5/,
    });
    expect(remedial.getAttribute('href')).toBe('/results?exam=9&class=3');
  });

  it('says when no exam has marks yet', async () => {
    renderDashboard({
      '/api/exams/latest_results/': json(200, {
        exam: null,
        previous_exam: null,
        measure: null,
        groups: [],
      }),
    });
    expect(await screen.findByText(/No marks entered yet/)).toBeTruthy();
  });
});
