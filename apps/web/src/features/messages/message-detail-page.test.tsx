import type { MessageDetailResponse, MessageRecipient } from '@shule/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { MessageDetailPage } from './message-detail-page';
import { message } from './message-fixtures';

const recipient = (id: number, changes: Partial<MessageRecipient> = {}): MessageRecipient => ({
  id,
  parent_name: 'Grace Kamau',
  student_name: null,
  phone_number: '0712345678',
  content: null,
  status: 'delivered',
  reason: null,
  cost: '0.80',
  updated_at: '2026-11-26T11:03:00.000Z',
  ...changes,
});

function fakeApi(answers: Record<string, () => Response>, role: 'admin' | 'teacher' = 'admin') {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    asked.push(url);
    return answers[url]?.() ?? json(404, { message: 'Not found' });
  });
  return { fetch, asked };
}

const at = (id: string) => ({ route: '/messages/:id', url: `/messages/${id}` });

describe("a message's page", () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists every parent with the status of their SMS, why one failed, and the cost', async () => {
    const detail: MessageDetailResponse = {
      message: message(5, {
        status: 'failed',
        counts: { queued: 0, sending: 0, sent: 1, delivered: 1, failed: 1 },
        skipped_no_consent: 2,
        cost: '1.60',
      }),
      recipients: [
        recipient(1),
        recipient(2, { parent_name: 'John Otieno', status: 'sent', phone_number: '0722000111' }),
        recipient(3, {
          parent_name: 'Mary Wafula',
          phone_number: '0733000222',
          status: 'failed',
          cost: null,
          reason:
            "The parent's line refuses messages from senders it has blocked (blacklist): the parent can dial *456*9*5# to allow them",
        }),
        recipient(4, { parent_name: null, phone_number: null, status: 'delivered' }),
      ],
      test_mode: false,
      hold: null,
    };
    vi.stubGlobal('fetch', fakeApi({ '/api/messages/5/': () => json(200, detail) }).fetch);
    renderWithApp(<MessageDetailPage />, at('5'));
    expect(await screen.findByText('Recipients (4)')).toBeTruthy();
    expect(screen.getByText('School closes on Friday at noon.')).toBeTruthy();
    expect(screen.getAllByText('Failed')[0]!.className).toContain('red');
    expect(document.body.textContent).toContain('3 parents: 1 delivered · 1 sent · 1 failed');
    expect(document.body.textContent).toContain('CostKES 1.60 (estimated KES 2.40)');
    expect(document.body.textContent).toContain('Left out: 2 parents without SMS consent');
    const rows = within(screen.getByRole('table'))
      .getAllByTestId('recipient')
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Grace Kamau', '0712345678', 'Delivered', 'KES 0.80'],
      ['John Otieno', '0722000111', 'Sent', 'KES 0.80'],
      [
        'Mary Wafula',
        '0733000222',
        "FailedThe parent's line refuses messages from senders it has blocked (blacklist): the parent can dial *456*9*5# to allow them",
        '—',
      ],
      ['Parent (data erased)', '—', 'Delivered', 'KES 0.80'],
    ]);
  });

  it('shows only the failed ones when asked', async () => {
    const detail: MessageDetailResponse = {
      message: message(5, { status: 'failed' }),
      recipients: [
        recipient(1),
        recipient(2, { parent_name: 'John Otieno', status: 'failed', reason: 'Phone off' }),
        recipient(3, { parent_name: 'Mary Wafula', status: 'queued' }),
      ],
      test_mode: false,
      hold: null,
    };
    vi.stubGlobal('fetch', fakeApi({ '/api/messages/5/': () => json(200, detail) }).fetch);
    renderWithApp(<MessageDetailPage />, at('5'));
    const show = (await screen.findByLabelText('Show')) as HTMLSelectElement;
    expect([...show.options].map((o) => o.textContent)).toEqual([
      'All (3)',
      'Failed (1)',
      'Waiting (1)',
      'Delivered (1)',
    ]);
    fireEvent.change(show, { target: { value: 'failed' } });
    const names = within(screen.getByRole('table'))
      .getAllByTestId('recipient')
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['John Otieno']);
  });

  it("shows each student's own results text, and the test mode notice", async () => {
    const detail: MessageDetailResponse = {
      message: message(6, {
        kind: 'results',
        exam: { id: 9, name: 'End term' },
        test_mode: true,
        recipients: 1,
        counts: { queued: 0, sending: 0, sent: 0, delivered: 1, failed: 0 },
        skipped_no_consent: 2,
        skipped_opted_out: 1,
        content: 'Kilimani: Wanjiru Kamau 0421 End term ENG 72B+ mean B+',
      }),
      recipients: [
        recipient(1, {
          student_name: 'Wanjiru Kamau',
          content: 'Kilimani: Wanjiru Kamau 0421 End term ENG 72B+ mean B+',
        }),
      ],
      test_mode: true,
      hold: null,
    };
    vi.stubGlobal('fetch', fakeApi({ '/api/messages/6/': () => json(200, detail) }).fetch);
    renderWithApp(<MessageDetailPage />, at('6'));
    expect(await screen.findByTestId('sms-test-mode')).toBeTruthy();
    expect(screen.getByText('Results of End term · Form 4 East parents')).toBeTruthy();
    expect(document.body.textContent).toContain(
      'The parents of 1 student: 1 delivered · 0 sent · 0 failed',
    );
    expect(document.body.textContent).toContain(
      'Left out: 2 students whose parent has not consented to SMS and 1 student whose parent opted out of SMS.',
    );
    const row = within(screen.getByRole('table')).getByTestId('recipient');
    expect(within(row).getAllByRole('cell')[2]!.textContent).toBe(
      'Wanjiru KamauKilimani: Wanjiru Kamau 0421 End term ENG 72B+ mean B+',
    );
  });

  it('says when the message is not of this school, and asks nothing for a bad id', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessageDetailPage />, at('77'));
    expect(await screen.findByText('No such message in your school')).toBeTruthy();
    expect(api.asked).toEqual(['/api/messages/77/']);
  });

  it('asks nothing for an id no message has', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<MessageDetailPage />, at('abc'));
    expect(await screen.findByText('No such message in your school')).toBeTruthy();
    await waitFor(() =>
      expect(api.fetch).toHaveBeenCalledWith('/api/users/user/', expect.anything()),
    );
    expect(api.asked).toEqual([]);
  });
});
