import { MESSAGE_MESSAGES, type ResultsSmsPreview, TEST_MODE_NOTICE } from '@shule/shared/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { ResultsSmsButton } from './results-sms-button';

const SAMPLE =
  'KILIMANI SEC: Wanjiru Kamau 0421 End term: ENG 72B+ KIS 66B MAT 80A BIO 70B+ Mean B+ Pos 3/45';

const preview = (changes: Partial<ResultsSmsPreview> = {}): ResultsSmsPreview => ({
  exam: { id: 5, name: 'End term' },
  recipients: 44,
  skipped_no_consent: 2,
  skipped_opted_out: 0,
  estimated_cost: '35.20',
  sample: { student_name: 'Wanjiru Kamau', admission_number: '0421', content: SAMPLE, parts: 1 },
  test_mode: false,
  hold: null,
  ...changes,
});

const PREVIEW_URL = '/api/exams/5/results_sms/?school=7&classes=1%2C2';

function fakeApi(answers: Record<string, (body: unknown) => Response>) {
  const calls: { method: string; url: string; body?: unknown; key: string | null }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body, key: new Headers(init.headers).get('idempotency-key') });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    return answers[`${method} ${url}`]?.(body) ?? json(404, { message: `no route ${url}` });
  });
  return { fetch, calls };
}

const open = async () => {
  renderWithApp(
    <ResultsSmsButton examId={5} examName="End term" scopeName="Form 4" classIds={[2, 1]} />,
  );
  await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/users/user/', expect.anything()));
  fireEvent.click(screen.getByRole('button', { name: 'SMS results to parents' }));
};

describe('SMS results to parents', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("previews one student's text, whom it reaches and the cost, then sends once", async () => {
    const api = fakeApi({
      [`GET ${PREVIEW_URL}`]: () => json(200, preview()),
      'POST /api/exams/5/results_sms/': () =>
        json(201, {
          message: { id: 31 },
          detail: 'Results queued for the parents of 44 students',
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await open();
    expect((await screen.findByTestId('results-sms-sample')).textContent).toBe(SAMPLE);
    expect(screen.getByText('What the parent of Wanjiru Kamau (0421) gets')).toBeTruthy();
    expect(screen.getByText(`${SAMPLE.length} characters · 1 SMS part`)).toBeTruthy();
    expect(screen.getByTestId('results-sms-audience').textContent).toBe(
      'Reaches the parents of 44 students · estimated cost KES 35.20' +
        'Left out: 2 students whose parent has not consented to SMS.',
    );
    expect(screen.queryByText(TEST_MODE_NOTICE, { exact: false })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send to the parents of 44 students' }));
    expect(await screen.findByText('Results queued for the parents of 44 students')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See its delivery' }).getAttribute('href')).toBe(
      '/messages/31',
    );
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ school: 7, classes: [2, 1] });
    expect(posts[0]!.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the key for a retry after a failure, and says so in red', async () => {
    let tries = 0;
    const api = fakeApi({
      [`GET ${PREVIEW_URL}`]: () => json(200, preview()),
      'POST /api/exams/5/results_sms/': () =>
        ++tries === 1
          ? json(409, { message: 'This request is still being saved' })
          : json(201, {
              message: { id: 32 },
              detail: 'Results queued for the parents of 44 students',
            }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Send to the parents of 44 students' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This request is still being saved',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send to the parents of 44 students' }));
    expect(await screen.findByText('Results queued for the parents of 44 students')).toBeTruthy();
    const keys = api.calls.filter((c) => c.method === 'POST').map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says when no parent can get it, when the text takes two parts, and test mode', async () => {
    const long = `${SAMPLE} CRE 58C+ HIS 75A- GEO 61B- AGR 70B+ BST 66B CHEM 61B- PHY 55C+`;
    vi.stubGlobal(
      'fetch',
      fakeApi({
        [`GET ${PREVIEW_URL}`]: () =>
          json(
            200,
            preview({
              recipients: 0,
              skipped_no_consent: 45,
              estimated_cost: '0.00',
              test_mode: true,
              sample: {
                student_name: 'Wanjiru Kamau',
                admission_number: '0421',
                content: long,
                parts: 2,
              },
            }),
          ),
      }).fetch,
    );
    await open();
    expect(await screen.findByText(`${MESSAGE_MESSAGES.noReachableParent}.`)).toBeTruthy();
    expect(
      (
        screen.getByRole('button', {
          name: 'Send to the parents of 0 students',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(screen.getByText(/2 SMS parts: more than one SMS part costs more/)).toBeTruthy();
    expect(screen.getByTestId('sms-test-mode').textContent).toContain(TEST_MODE_NOTICE);
  });

  it('shows a preview that failed to load with Try Again', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        [`GET ${PREVIEW_URL}`]: () => json(400, { message: 'Choose at least one class' }),
      }).fetch,
    );
    await open();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load the preview. Choose at least one class',
    );
  });
});
