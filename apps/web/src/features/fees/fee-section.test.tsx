import type { FeeStatement, LedgerEntry } from '@shule/shared/fee-ledger';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../lib/save-file';
import { tokenStorage } from '../../lib/storage';
import { json, renderStudentSections, sessionUser, studentDetail } from '../../test/render-page';
import { FeeSection } from './fee-section';

vi.mock('../../lib/save-file', () => ({ saveFile: vi.fn() }));

const entry = (id: number, changes: Partial<LedgerEntry>): LedgerEntry => ({
  id,
  date: '2026-05-04T08:00:00.000Z',
  kind: 'charge',
  description: 'Tuition (Term 2 2026)',
  term: { id: 2, name: 'Term 2' },
  category: null,
  payment: null,
  receipt_number: null,
  method: null,
  reference: null,
  sponsor: null,
  note: null,
  granted_by: null,
  reverses: null,
  reversed_by: null,
  recorded_by: 'Amina Otieno',
  amount_cents: 1_500_000,
  balance_cents: 1_500_000,
  ...changes,
});

const statement = (entries: LedgerEntry[]): FeeStatement => {
  const balance = entries.at(-1)?.balance_cents ?? 0;
  return {
    student: {
      id: 21,
      first_name: 'Wanjiru',
      last_name: 'Kamau',
      admission_number: '0421',
      class: { id: 4, name: 'Form 4 East' },
    },
    balance_cents: balance,
    balance,
    charged_cents: entries
      .filter((e) => e.amount_cents > 0)
      .reduce((s, e) => s + e.amount_cents, 0),
    credited_cents: -entries
      .filter((e) => e.amount_cents < 0)
      .reduce((s, e) => s + e.amount_cents, 0),
    entries,
  };
};

function fakeApi(fees: FeeStatement) {
  const asked: string[] = [];
  const writes: { url: string; body: unknown; key: string | undefined }[] = [];
  let sponsors = [
    { id: 5, name: 'Nairobi County Bursary', kind: 'county_bursary', total_cents: 0, students: 0 },
  ];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    asked.push(url);
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      writes.push({ url, body, key: (init.headers as Record<string, string>)['Idempotency-Key'] });
      if (url === '/api/fees/sponsors/') {
        const created = { id: 6, ...body, total_cents: 0, students: 0 };
        sponsors = [...sponsors, created];
        return json(201, created);
      }
      if (url === '/api/students/21/ledger/' || url === '/api/ledger_entries/5/reverse/') {
        return json(201, { entry: entry(9, {}), balance_cents: 1_500_000 });
      }
    }
    if (url === '/api/fees/sponsors/') return json(200, { sponsors });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/students/21/') return json(200, studentDetail());
    if (url === '/api/students/21/fee_statement/') return json(200, fees);
    if (url.startsWith('/api/students/21/fee_statement/?format=pdf')) {
      return new Response('%PDF-1.7', { status: 200 });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, asked, writes };
}

const renderSection = () =>
  renderStudentSections(({ student }) => <FeeSection student={student} />);

describe('fees on the student page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows an admin the balance, the latest entries with receipt numbers, and the statement PDF', async () => {
    const api = fakeApi(
      statement([
        entry(1, {}),
        entry(2, {
          description: 'Boarding (Term 2 2026)',
          amount_cents: 1_000_000,
          balance_cents: 2_500_000,
        }),
        entry(3, {
          kind: 'payment',
          date: '2026-05-10T09:00:00.000Z',
          description: 'Payment: Cash',
          receipt_number: 12,
          amount_cents: -500_000,
          balance_cents: 2_000_000,
        }),
      ]),
    );
    vi.stubGlobal('fetch', api.fetch);
    renderSection();
    const section = await screen.findByRole('region', { name: 'Fees' });
    await waitFor(() =>
      expect(within(section).getByTestId('fee-balance').textContent).toBe(
        'Owes KES 20,000.00 · charged KES 25,000.00, paid or granted KES 5,000.00',
      ),
    );
    expect(
      within(section)
        .getAllByTestId('fee-entry')
        .map((e) => e.textContent),
    ).toEqual([
      'Payment: Cash10 May 2026 · receipt no. 12−KES 5,000.00balance KES 20,000.00',
      'Boarding (Term 2 2026)4 May 2026+KES 10,000.00balance KES 25,000.00',
      'Tuition (Term 2 2026)4 May 2026+KES 15,000.00balance KES 15,000.00',
    ]);
    fireEvent.click(within(section).getByRole('button', { name: 'Statement (PDF)' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'fee-statement-0421.pdf'),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'By vote head (PDF)' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(
        expect.any(Blob),
        'fee-statement-0421-by-vote-head.pdf',
      ),
    );
    expect(api.asked).toContain('/api/students/21/fee_statement/?format=pdf&by=vote_head');
  });

  it('adds a discount naming who granted it, and a bursary from a sponsor added there', async () => {
    const api = fakeApi(statement([entry(1, {})]));
    vi.stubGlobal('fetch', api.fetch);
    renderSection();
    const section = await screen.findByRole('region', { name: 'Fees' });
    await waitFor(() => expect(within(section).getByTestId('fee-balance')).toBeTruthy());
    fireEvent.click(within(section).getByRole('button', { name: 'Add a credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a credit' });
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'discount' } });
    fireEvent.input(within(dialog).getByLabelText('Amount (KES)'), { target: { value: '1,500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add credit' }));
    expect(
      await within(dialog).findByText('Granted by is required for a waiver or a discount'),
    ).toBeTruthy();
    expect(api.writes).toEqual([]);
    fireEvent.input(within(dialog).getByLabelText('Granted by'), {
      target: { value: 'Board of Management' },
    });
    fireEvent.input(within(dialog).getByLabelText('Note'), {
      target: { value: 'Sibling discount' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes[0]).toMatchObject({
      url: '/api/students/21/ledger/',
      body: {
        kind: 'discount',
        amount_cents: 150_000,
        granted_by: 'Board of Management',
        note: 'Sibling discount',
      },
    });
    expect(api.writes[0]!.key).toMatch(/^[0-9a-f]{32}$/);

    fireEvent.click(within(section).getByRole('button', { name: 'Add a credit' }));
    const again = await screen.findByRole('dialog', { name: 'Add a credit' });
    fireEvent.change(within(again).getByLabelText('Kind'), { target: { value: 'bursary' } });
    fireEvent.input(within(again).getByLabelText('Amount (KES)'), { target: { value: '5000' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Add credit' }));
    expect(await within(again).findByText('Choose the sponsor who pays the bursary')).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: 'Add a sponsor not in the list' }));
    fireEvent.change(within(again).getByLabelText('Sponsor name'), {
      target: { value: 'Kibra CDF' },
    });
    fireEvent.change(within(again).getByLabelText('Sponsor kind'), {
      target: { value: 'cdf_bursary' },
    });
    fireEvent.click(within(again).getByRole('button', { name: 'Add sponsor' }));
    await waitFor(() =>
      expect(within(again).getByLabelText('Paid by')).toHaveProperty('value', '6'),
    );
    fireEvent.click(within(again).getByRole('button', { name: 'Add credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes.slice(1).map((w) => [w.url, w.body])).toEqual([
      ['/api/fees/sponsors/', { name: 'Kibra CDF', kind: 'cdf_bursary' }],
      ['/api/students/21/ledger/', { kind: 'bursary', amount_cents: 500_000, sponsor: 6 }],
    ]);
  });

  it('reverses an entry with a reason, and offers no reversal of a reversal', async () => {
    const api = fakeApi(
      statement([
        entry(1, {}),
        entry(3, {
          kind: 'payment',
          description: 'Payment by Cash',
          receipt_number: 1,
          amount_cents: -500_000,
          balance_cents: 1_000_000,
          reversed_by: 4,
        }),
        entry(4, {
          kind: 'reversal',
          description: 'Reversal of Payment by Cash',
          reverses: 3,
          amount_cents: 500_000,
          balance_cents: 1_500_000,
        }),
        entry(5, {
          kind: 'payment',
          description: 'Payment by Bank',
          receipt_number: 2,
          amount_cents: -200_000,
          balance_cents: 1_300_000,
        }),
      ]),
    );
    vi.stubGlobal('fetch', api.fetch);
    renderSection();
    const section = await screen.findByRole('region', { name: 'Fees' });
    await waitFor(() => expect(within(section).getAllByTestId('fee-entry')).toHaveLength(4));
    expect(
      within(section)
        .getAllByRole('button', { name: /^Reverse / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Reverse Payment by Bank', 'Reverse Tuition (Term 2 2026)']);
    fireEvent.click(within(section).getByRole('button', { name: 'Reverse Payment by Bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse this entry?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse entry' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Cheque bounced' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse entry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes.map((w) => [w.url, w.body])).toEqual([
      ['/api/ledger_entries/5/reverse/', { reason: 'Cheque bounced' }],
    ]);
  });

  it('says an overpayment is carried forward', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi(
        statement([
          entry(1, {
            kind: 'payment',
            description: 'Payment: Cash',
            amount_cents: -300_000,
            balance_cents: -300_000,
          }),
        ]),
      ).fetch,
    );
    renderSection();
    const balance = await screen.findByTestId('fee-balance');
    expect(balance.textContent).toContain('KES 3,000.00 carried forward');
  });
});
