import {
  MESSAGE_MESSAGES,
  type Message,
  type MessageAudience,
  type MessageListResponse,
  TEST_MODE_NOTICE,
} from '@shule/shared/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMINS_ONLY } from '../../components/admin-only';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { SENDING_REFETCH_MS } from './get-messages';
import { message } from './message-fixtures';
import { MessagesPage } from './messages-page';

const page = (
  messages: Message[],
  changes: Partial<MessageListResponse> = {},
): MessageListResponse => ({
  messages,
  total: messages.length,
  page: 1,
  page_size: 50,
  test_mode: false,
  hold: null,
  ...changes,
});

const audience = (changes: Partial<MessageAudience> = {}): MessageAudience => ({
  recipients: 45,
  skipped_no_consent: 3,
  skipped_opted_out: 1,
  price_per_part: '0.80',
  test_mode: false,
  hold: null,
  ...changes,
});

type Handler = (body: unknown, init: RequestInit) => Response;

/** A stand-in API for school 7: its classes, the list (answered in turn) and what a test adds. */
function fakeApi({
  lists,
  role = 'admin',
  routes = {},
}: {
  lists: MessageListResponse[];
  role?: 'admin' | 'teacher';
  routes?: Record<string, Handler>;
}) {
  const calls: { method: string; url: string; body?: unknown; headers: Headers }[] = [];
  let listed = 0;
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body, headers: new Headers(init.headers) });
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/classes/?school=7')
      return json(200, {
        classes: [classRow(4, 'Form 4 East', 40), classRow(5, 'Form 3 West', 38)],
      });
    if (url === '/api/messages/?school=7&page=1') {
      const list = lists[Math.min(listed, lists.length - 1)]!;
      listed += 1;
      return json(200, list);
    }
    const handler = routes[`${method} ${url}`];
    if (handler) return handler(body, init);
    return json(404, { message: `no route ${method} ${url}` });
  });
  const asked = (method: string, prefix: string) =>
    calls.filter((c) => c.method === method && c.url.startsWith(prefix));
  return { fetch, calls, asked };
}

const sendButton = () => screen.getByRole('button', { name: /Send Message|Sending/ });
const textarea = () => screen.getByPlaceholderText('Type your message here...');

describe('the messaging screen', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists each message with recipients, content, time, badge, counts and cost', async () => {
    const api = fakeApi({
      lists: [
        page([
          message(3, {
            status: 'sending',
            class_names: ['Form 4 East', 'Form 3 West'],
            counts: { queued: 2, sending: 1, sent: 0, delivered: 0, failed: 0 },
            cost: null,
          }),
          message(2, {
            status: 'failed',
            counts: { queued: 0, sending: 0, sent: 0, delivered: 2, failed: 1 },
            cost: '1.60',
          }),
          message(1, {
            kind: 'results',
            exam: { id: 9, name: 'End term' },
            content: 'Kilimani: Wanjiru Kamau 0421 End term ENG 72B+ MAT 80A mean B+ pos 3/45',
          }),
        ]),
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    const items = await screen.findAllByTestId('message-item');
    expect(items.map((i) => i.getAttribute('href'))).toEqual([
      '/messages/3',
      '/messages/2',
      '/messages/1',
    ]);
    const [sending, failed, results] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(sending).getByText('Sending').className).toContain('yellow');
    expect(sending.textContent).toContain('Form 4 East parents, Form 3 West parents');
    expect(sending.textContent).toContain('School closes on Friday at noon.');
    expect(sending.textContent).toContain(
      '0 delivered · 0 sent · 0 failed · 3 waiting · Estimated KES 2.40',
    );
    expect(within(failed).getByText('Failed').className).toContain('red');
    expect(failed.textContent).toContain('2 delivered · 0 sent · 1 failed · Cost KES 1.60');
    expect(within(results).getByText('Sent').className).toContain('green');
    expect(results.textContent).toContain('Results of End term · Form 4 East parents');
    expect(screen.queryByText(TEST_MODE_NOTICE, { exact: false })).toBeNull();
  });

  it('asks again every few seconds while a message is sending, and stops once all are sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sending = message(1, {
      status: 'sending',
      counts: { queued: 3, sending: 0, sent: 0, delivered: 0, failed: 0 },
    });
    const api = fakeApi({ lists: [page([sending]), page([message(1)])] });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    expect(await screen.findByText('Sending')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(SENDING_REFETCH_MS));
    expect(await screen.findByText('Sent')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(SENDING_REFETCH_MS * 3));
    expect(api.asked('GET', '/api/messages/?')).toHaveLength(2);
  });

  it('says plainly when SMS is in test mode, and when sending waits for a top-up', async () => {
    const api = fakeApi({
      lists: [
        page([message(1, { test_mode: true })], {
          test_mode: true,
          hold: {
            reason: "The SMS account's balance is too low: top up your Africa's Talking account",
            held_at: '2026-11-26T11:00:00.000Z',
            resume_at: '2026-11-26T11:15:00.000Z',
          },
        }),
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    expect((await screen.findByTestId('sms-test-mode')).textContent).toContain(TEST_MODE_NOTICE);
    const hold = screen.getByTestId('sms-hold');
    expect(hold.textContent).toContain('Sending is paused: top up the SMS account');
    expect(hold.textContent).toContain("top up your Africa's Talking account");
    expect(screen.getByTestId('message-item').textContent).toContain('test mode');
  });

  it('shows an empty list, and a failed load with Try Again', async () => {
    let fail = true;
    const api = fakeApi({ lists: [page([])] });
    const inner = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/messages/?') && fail) {
        fail = false;
        return json(500, { message: 'Something went wrong' });
      }
      return inner(url, init);
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load the messages. Something went wrong',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('counts characters and SMS parts, and says when a message costs more than one part', async () => {
    vi.stubGlobal('fetch', fakeApi({ lists: [page([])] }).fetch);
    renderWithApp(<MessagesPage />);
    await screen.findByText('Form 4 East parents');
    const parts = () => screen.getByTestId('sms-parts').textContent;
    expect(parts()).toBe('0 characters · 160 fit in one SMS');
    fireEvent.change(textarea(), { target: { value: 'a'.repeat(160) } });
    expect(parts()).toBe('160 characters · 1 SMS part · 0 left in this part');
    expect(screen.queryByText(/More than one SMS part costs more/)).toBeNull();
    fireEvent.change(textarea(), { target: { value: 'a'.repeat(161) } });
    expect(parts()).toBe('161 characters · 2 SMS parts · 145 left in this part');
    expect(screen.getByText(/More than one SMS part costs more/).textContent).toContain(
      'each parent is charged for 2 SMS',
    );
    // Swahili with a curly apostrophe is UCS-2: 70 in one part.
    fireEvent.change(textarea(), { target: { value: 'Mzazi, mtoto wako hakuja shuleni leo’' } });
    expect(parts()).toBe('37 characters · 1 SMS part · 33 left in this part');
    expect(
      screen.getByText(
        /outside plain SMS text \(a curly quote\) makes parts shorter: 70 characters in one SMS/,
      ),
    ).toBeTruthy();
    fireEvent.change(textarea(), { target: { value: '🎉'.repeat(202) } });
    expect(screen.getByText(MESSAGE_MESSAGES.contentTooLong)).toBeTruthy();
  });

  it('keeps Send Message disabled until there is text and a class, and while sending', async () => {
    let answer: (r: Response) => void = () => {};
    const api = fakeApi({
      lists: [page([])],
      routes: {
        'GET /api/messages/audience/?school=7&classes=4': () => json(200, audience()),
        'POST /api/messages/': () => new Promise<Response>((r) => (answer = r)) as never,
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    await screen.findByText('Form 4 East parents');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: '   ' } });
    fireEvent.click(screen.getByLabelText(/Form 4 East parents/));
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: 'Hello' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(sendButton());
    await waitFor(() => expect(sendButton().textContent).toBe('Sending...'));
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    answer(json(201, { message: message(1), detail: 'Message queued for 45 parents' }));
    expect(await screen.findByText('Message queued for 45 parents')).toBeTruthy();
  });

  it('shows whom the chosen classes reach and the estimate, asking once the choice settles', async () => {
    const api = fakeApi({
      lists: [page([])],
      routes: {
        'GET /api/messages/audience/?school=7&classes=4%2C5': () => json(200, audience()),
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    await screen.findByText('Form 4 East parents');
    const summary = () => screen.getByTestId('message-audience').textContent;
    expect(summary()).toBe('Choose the classes whose parents get it.');
    const all = screen.getByLabelText('All') as HTMLInputElement;
    fireEvent.click(screen.getByLabelText(/Form 3 West parents/));
    expect(all.indeterminate).toBe(true);
    fireEvent.click(screen.getByLabelText(/Form 4 East parents/));
    expect(all.checked).toBe(true);
    await waitFor(() =>
      expect(summary()).toBe(
        'Reaches 45 parents · KES 0.80 per parent for each SMS part' +
          'Left out: 3 parents without SMS consent and 1 parent who opted out of SMS. Record their consents',
      ),
    );
    expect(screen.getByRole('link', { name: 'Record their consents' }).getAttribute('href')).toBe(
      '/students/consents',
    );
    fireEvent.change(textarea(), { target: { value: 'b'.repeat(200) } });
    expect(summary()).toContain('Reaches 45 parents · estimated cost KES 72.00');
    // One request for the settled choice, none for the one class ticked on the way.
    expect(api.asked('GET', '/api/messages/audience/').map((c) => c.url)).toEqual([
      '/api/messages/audience/?school=7&classes=4%2C5',
    ]);
  });

  it('says when no parent of the classes can get an SMS', async () => {
    const api = fakeApi({
      lists: [page([])],
      routes: {
        'GET /api/messages/audience/?school=7&classes=5': () =>
          json(200, audience({ recipients: 0, skipped_no_consent: 38, skipped_opted_out: 0 })),
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    fireEvent.click(await screen.findByLabelText(/Form 3 West parents/));
    expect(await screen.findByText(`${MESSAGE_MESSAGES.noReachableParent}.`)).toBeTruthy();
    expect(screen.getByTestId('message-audience').textContent).toContain(
      'Left out: 38 parents without SMS consent',
    );
  });

  it('sends once per submission, clears the choice and text, and lists the new message', async () => {
    const sent = message(7, { status: 'sending', content: 'Half term starts Friday.' });
    let attempts = 0;
    const api = fakeApi({
      lists: [page([]), page([sent])],
      routes: {
        'GET /api/messages/audience/?school=7&classes=4': () => json(200, audience()),
        'POST /api/messages/': () =>
          json(201, { message: sent, detail: 'Message queued for 45 parents' }),
      },
    });
    // The first try never gets an answer (a dropped connection).
    const inner = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      const res = await inner(url, init);
      if (url === '/api/messages/' && ++attempts === 1) throw new TypeError('Failed to fetch');
      return res;
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    fireEvent.click(await screen.findByLabelText(/Form 4 East parents/));
    fireEvent.change(textarea(), { target: { value: '  Half term starts Friday. ' } });
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Could not reach Shule');
    expect((textarea() as HTMLTextAreaElement).value).toBe('  Half term starts Friday. ');
    fireEvent.click(sendButton());
    expect(await screen.findByText('Message queued for 45 parents')).toBeTruthy();
    const posts = api.asked('POST', '/api/messages/');
    expect(posts.map((p) => p.body)).toEqual([
      { school: 7, classes: [4], content: 'Half term starts Friday.' },
      { school: 7, classes: [4], content: 'Half term starts Friday.' },
    ]);
    const keys = posts.map((p) => p.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect((textarea() as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText(/Form 4 East parents/) as HTMLInputElement).checked).toBe(false);
    expect((await screen.findByTestId('message-item')).textContent).toContain(
      'Half term starts Friday.',
    );
    // The next message is another submission, with a key of its own.
    fireEvent.click(screen.getByLabelText(/Form 4 East parents/));
    fireEvent.change(textarea(), { target: { value: 'Another one' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(api.asked('POST', '/api/messages/')).toHaveLength(3));
    const third = api.asked('POST', '/api/messages/')[2]!.headers.get('idempotency-key');
    expect(third).not.toBe(keys[0]);
  });

  it("shows the server's refusal in red beside the field it names, once", async () => {
    const api = fakeApi({
      lists: [page([])],
      routes: {
        'GET /api/messages/audience/?school=7&classes=5': () => json(200, audience()),
        'POST /api/messages/': () =>
          json(400, {
            message: 'Message must not contain control characters',
            errors: { content: ['Message must not contain control characters'] },
          }),
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    fireEvent.click(await screen.findByLabelText(/Form 3 West parents/));
    fireEvent.change(textarea(), { target: { value: 'Bad\u0007text' } });
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(screen.getAllByText('Message must not contain control characters')).toHaveLength(1),
    );
    expect(textarea().getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText(/Form 3 West parents/) as HTMLInputElement).checked).toBe(true);
  });

  it('offers Create Class when the school has no class', async () => {
    const api = fakeApi({ lists: [page([])] });
    const inner = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/classes/?school=7' ? json(200, { classes: [] }) : inner(url, init),
    );
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    expect((await screen.findByRole('link', { name: 'Create Class' })).getAttribute('href')).toBe(
      '/classes',
    );
    expect(screen.queryByPlaceholderText('Type your message here...')).toBeNull();
  });

  it('tells a teacher it is for admins, asking for no message', async () => {
    const api = fakeApi({ lists: [page([])], role: 'teacher' });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessagesPage />);
    await waitFor(() =>
      expect(api.fetch).toHaveBeenCalledWith('/api/users/user/', expect.anything()),
    );
    expect(await screen.findByText(ADMINS_ONLY)).toBeTruthy();
    expect(api.asked('GET', '/api/classes/')).toEqual([]);
    expect(api.asked('GET', '/api/messages/')).toEqual([]);
  });
});
