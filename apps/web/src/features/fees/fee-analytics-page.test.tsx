import type { FeeAnalytics } from '@shule/shared/fee-ledger';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { collectionSeries, rangeOf } from './analytics-series';
import { FeeAnalyticsPage } from './fee-analytics-page';

// Chart.js draws on a canvas, which happy-dom has not: the charts are looked at in screenshots.
vi.mock('./fee-analytics-charts', () => ({
  FeeAnalyticsCharts: ({ analytics }: { analytics: FeeAnalytics }) => (
    <p>Charts of {analytics.by_day.length} days</p>
  ),
}));

const days = (from: string, count: number, cents: (i: number) => number) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return {
      date: d.toISOString().slice(0, 10),
      amount_cents: cents(i),
      payments: cents(i) > 0 ? 1 : 0,
    };
  });

const analytics = (changes: Partial<FeeAnalytics> = {}): FeeAnalytics => ({
  from: '2026-10-28',
  to: '2026-11-26',
  total_cents: 3_250_000,
  payments: 3,
  by_day: days('2026-10-28', 30, (i) => (i === 3 ? 1_000_000 : i === 29 ? 2_250_000 : 0)),
  by_method: [
    { method: 'mpesa', amount_cents: 2_250_000, payments: 2 },
    { method: 'cash', amount_cents: 1_000_000, payments: 1 },
    { method: 'bank', amount_cents: 0, payments: 0 },
    { method: 'cheque', amount_cents: 0, payments: 0 },
  ],
  ...changes,
});

describe('the fee analytics screen', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows what was collected in the range, by method, and asks again for another range', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/users/user/') return json(200, sessionUser('admin'));
        asked.push(url);
        return json(200, analytics());
      }),
    );
    renderWithApp(<FeeAnalyticsPage />);
    const totals = await screen.findByTestId('analytics-totals');
    expect(totals.textContent).toBe(
      'CollectedKES 32,500.00Payments3Days28 Oct 2026 to 26 Nov 2026',
    );
    expect(await screen.findByText('Charts of 30 days')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'M-Pesa2KES 22,500.00',
      'Cash1KES 10,000.00',
      'Bank0KES 0.00',
      'Cheque0KES 0.00',
    ]);
    const last30 = rangeOf('30');
    expect(asked).toEqual([`/api/fees/analytics/?from=${last30.from}&to=${last30.to}`]);
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: '365' } });
    const year = rangeOf('365');
    await waitFor(() =>
      expect(asked).toContain(`/api/fees/analytics/?from=${year.from}&to=${year.to}`),
    );
  });

  it('says when nothing was paid in the range', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/users/user/'
          ? json(200, sessionUser('admin'))
          : json(
              200,
              analytics({ total_cents: 0, payments: 0, by_day: days('2026-10-28', 30, () => 0) }),
            ),
      ),
    );
    renderWithApp(<FeeAnalyticsPage />);
    expect(await screen.findByText('No payments in this range')).toBeTruthy();
  });
});

describe('the collection series', () => {
  it('is a bar a day up to 90 days, and a bar a week (from Monday) past that', () => {
    expect(rangeOf('30', '2026-11-26')).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
    const month = collectionSeries(days('2026-10-28', 30, (i) => i * 100));
    expect(month).toHaveLength(30);
    expect(month[0]).toEqual({ label: '28 Oct', cents: 0 });
    // 2025-10-27 is a Monday: the first week is 27 Oct–2 Nov, six days of it (from 28 Oct) in range.
    const year = collectionSeries(days('2025-10-28', 365, () => 100));
    expect(year[0]).toEqual({ label: '27 Oct–2 Nov', cents: 600 });
    expect(year.reduce((s, w) => s + w.cents, 0)).toBe(36_500);
    expect(year).toHaveLength(53);
  });
});
