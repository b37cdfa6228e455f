import type { FeeRemindersPreview } from '@shule/shared/fee-reminders';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { FeeRemindersCard } from './reminders-card';

const preview = (changes: Partial<FeeRemindersPreview> = {}): FeeRemindersPreview => ({
  min_balance_cents: 0,
  students_owing: 3,
  total_balance_cents: 6_250_000,
  recipients: 2,
  skipped_no_consent: 1,
  skipped_opted_out: 0,
  skipped_no_parent: 0,
  estimated_cost: '1.60',
  sample: {
    student_name: 'Chebet Kiprop',
    admission_number: '0042',
    balance_cents: 3_000_000,
    content:
      'Kakamega: Dear parent, Chebet Kiprop (Adm 0042) has a fee balance of KES 30,000. Thank you.',
    parts: 1,
  },
  test_mode: true,
  hold: null,
  ...changes,
});

function fakeApi(sent: { url: string; body: unknown; key: string | null }[]) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url.startsWith('/api/classes/?')) {
      return json(200, { classes: [classRow(4, 'Form 4 East'), classRow(5, 'Form 4 West')] });
    }
    if (url.startsWith('/api/fees/reminders/?') && method === 'GET') {
      const q = new URL(url, 'http://x').searchParams;
      const min = Number(q.get('min_balance_cents'));
      if (min >= 3_000_000) {
        return json(
          200,
          preview({
            min_balance_cents: min,
            students_owing: 0,
            recipients: 0,
            skipped_no_consent: 0,
            sample: null,
          }),
        );
      }
      return json(200, preview({ min_balance_cents: min }));
    }
    if (url === '/api/fees/reminders/' && method === 'POST') {
      sent.push({
        url,
        body: JSON.parse(String(init!.body)),
        key: new Headers(init!.headers).get('Idempotency-Key'),
      });
      return json(201, {
        message: { id: 91 },
        detail: 'Fee reminders queued for the parents of 2 students',
      });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
}

describe('fee reminders card', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("previews whom it reaches and one parent's own text, then sends once", async () => {
    const sent: { url: string; body: unknown; key: string | null }[] = [];
    vi.stubGlobal('fetch', fakeApi(sent));
    renderWithApp(<FeeRemindersCard />);
    const sample = await screen.findByTestId('fee-reminder-sample');
    expect(sample.textContent).toContain(
      'Chebet Kiprop (Adm 0042) has a fee balance of KES 30,000',
    );
    expect(screen.getByText(/owe more than KES 0\.00, KES 62,500\.00 in all/)).toBeTruthy();
    expect(
      screen.getByText('Left out: 1 student whose parent has not consented to SMS.'),
    ).toBeTruthy();
    expect(screen.getByTestId('sms-test-mode')).toBeTruthy();

    fireEvent.click(await screen.findByLabelText('Form 4 West'));
    fireEvent.click(await screen.findByRole('button', { name: 'Send 2 reminders' }));
    expect(
      await screen.findByText('Fee reminders queued for the parents of 2 students'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See its delivery' }).getAttribute('href')).toBe(
      '/messages/91',
    );
    expect(sent).toEqual([
      {
        url: '/api/fees/reminders/',
        body: { min_balance_cents: 0, classes: [5], school: 7 },
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
  });

  it('says when nobody owes more than the amount, and refuses an amount that is not money', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderWithApp(<FeeRemindersCard />);
    const amount = await screen.findByLabelText('Balance over (KES)');
    fireEvent.change(amount, { target: { value: '30,000' } });
    expect(await screen.findByText('No student owes more than KES 30,000.00.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send 0 reminders' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.change(amount, { target: { value: '12.345' } });
    expect(
      await screen.findByText('Amount must be in shillings, like 12500 or 12,500.50'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('fee-reminders-preview')).toBeNull());
  });
});
