import type { BalanceRow, Balances, Collection } from '@shule/shared/fee-ledger';
import { MONEY_MESSAGES } from '@shule/shared/fees';
import type { QueuedPayment, StkRequest } from '@shule/shared/mpesa';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMINS_ONLY } from '../../components/admin-only';
import { saveFile } from '../../lib/save-file';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser, studentDetail } from '../../test/render-page';
import { term } from './fee-fixtures';
import { FeesPage } from './fees-page';

vi.mock('../../lib/save-file', () => ({ saveFile: vi.fn() }));

const wanjiru: BalanceRow = {
  student: { id: 21, first_name: 'Wanjiru', last_name: 'Kamau', admission_number: '0421' },
  class: { id: 4, name: '4 East' },
  expected_cents: 3_000_000,
  paid_cents: 500_000,
  balance_cents: 2_500_000,
};
const baraka: BalanceRow = {
  student: { id: 22, first_name: 'Baraka', last_name: 'Otieno', admission_number: '0422' },
  class: { id: 4, name: '4 East' },
  expected_cents: 3_000_000,
  paid_cents: 0,
  balance_cents: 3_000_000,
};

const collection: Collection = {
  term: { id: 2, name: 'Term 2' },
  classes: [
    {
      class: { id: 4, name: '4 East', level: 'Form 4' },
      students: 2,
      expected_cents: 6_000_000,
      collected_cents: 500_000,
      balance_cents: 5_500_000,
      percent: 8.3,
    },
  ],
  totals: {
    students: 2,
    expected_cents: 6_000_000,
    collected_cents: 500_000,
    balance_cents: 5_500_000,
    percent: 8.3,
  },
};

const queued: QueuedPayment = {
  id: 90,
  receipt_number: 7,
  method: 'mpesa',
  source: 'c2b',
  amount_cents: 150_000,
  reference: 'SKL8ABC123',
  account_reference: '42l',
  payer_name: 'GRACE KAMAU',
  payer_phone: '2547****678',
  paid_at: '2026-11-20T09:15:00.000Z',
  student: null,
  reviews: [],
};

const stk = (status: StkRequest['status'], changes: Partial<StkRequest> = {}): StkRequest => ({
  id: 55,
  student: { id: 21, name: 'Wanjiru Kamau', admission_number: '0421' },
  phone_number: '0711000111',
  amount_cents: 2_500_000,
  account_reference: '0421',
  status,
  result_code: null,
  reason: null,
  checkout_request_id: 'ws_CO_1',
  payment: null,
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  ...changes,
});

type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };

function fakeApi({
  role = 'admin',
  mpesa = true,
  stkAnswers = [
    stk('pending'),
    stk('failed', {
      result_code: '1032',
      reason: 'The parent cancelled the M-Pesa prompt on their phone.',
    }),
  ],
  queue = [queued],
}: {
  role?: 'admin' | 'teacher';
  mpesa?: boolean;
  stkAnswers?: StkRequest[];
  queue?: QueuedPayment[];
} = {}) {
  const calls: Call[] = [];
  const imports: unknown[] = [];
  let rows = [baraka, wanjiru];
  let unmatched = queue;
  const polls = [...stkAnswers];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body =
      init?.body && !(init.body instanceof FormData) ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    calls.push({ method, url, body, headers: (init?.headers ?? {}) as Record<string, string> });
    if (url === '/api/fees/terms/?school=7') return json(200, { terms: [term(2, 'Term 2')] });
    if (url === '/api/classes/?school=7') return json(200, { classes: [classRow(4, '4 East', 2)] });
    if (url === '/api/fees/collection/?term=2') return json(200, collection);
    if (url.startsWith('/api/fees/balances/?')) {
      const params = new URL(url, 'http://x').searchParams;
      if (params.get('format') === 'csv')
        return new Response('Admission number\r\n', { status: 200 });
      const search = params.get('search')?.toLowerCase();
      const shown = rows.filter(
        (r) => !search || r.student.first_name.toLowerCase().includes(search),
      );
      const page: Balances = {
        students: shown,
        total_balance_cents: shown.reduce((s, r) => s + r.balance_cents, 0),
        total: shown.length,
        page: 1,
        page_size: 50,
      };
      return json(200, page);
    }
    if (url === '/api/fees/mpesa/status/') {
      return json(200, { configured: mpesa, shortcode: mpesa ? '174379' : null });
    }
    if (url === '/api/payments/unmatched/?page=1') {
      return json(200, {
        payments: unmatched,
        total_cents: unmatched.reduce((s, p) => s + p.amount_cents, 0),
        total: unmatched.length,
        page: 1,
        page_size: 50,
      });
    }
    const resolved = /^\/api\/payments\/reviews\/(\d+)\/resolve\/$/.exec(url);
    if (resolved && method === 'POST') {
      const id = Number(resolved[1]);
      unmatched = unmatched
        .map((p) => ({ ...p, reviews: p.reviews.filter((r) => r.id !== id) }))
        .filter((p) => p.student === null || p.reviews.length > 0);
      return json(200, { id, resolved_at: '2026-11-26T10:00:00.000Z' });
    }
    if (url === '/api/payments/' && method === 'POST') {
      rows = rows.map((r) =>
        r.student.id === body.student
          ? {
              ...r,
              paid_cents: r.paid_cents + body.amount_cents,
              balance_cents: r.balance_cents - body.amount_cents,
            }
          : r,
      );
      return json(201, {
        payment: {
          id: 300,
          receipt_number: 12,
          student: wanjiru.student,
          method: body.method,
          source: 'counter',
          amount_cents: body.amount_cents,
          reference: body.reference ?? null,
          account_reference: null,
          payer_name: body.payer_name ?? null,
          payer_phone: null,
          paid_at: '2026-11-26T10:00:00.000Z',
          receipt_url: '/api/payments/300/receipt/',
        },
        balance_cents: 2_000_000,
      });
    }
    if (url === '/api/payments/300/receipt/' || url.startsWith('/api/students/21/fee_statement/')) {
      return new Response('%PDF-1.7', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="file.pdf"' },
      });
    }
    if (url === '/api/students/21/') {
      return json(
        200,
        studentDetail({
          parent: {
            id: 3,
            sms_opt_out: false,
            user: {
              first_name: 'Grace',
              last_name: 'Kamau',
              email: null,
              phone_number: '0711000111',
            },
          } as never,
        }),
      );
    }
    if (url === '/api/fees/mpesa/stk_push/' && method === 'POST') return json(201, stk('pending'));
    if (url === '/api/fees/mpesa/stk_push/55/')
      return json(200, polls.length > 1 ? polls.shift() : polls[0]);
    if (url.startsWith('/api/students/get_students/0/7/?')) {
      return json(200, {
        students: [
          {
            ...studentDetail(),
            id: 42,
            first_name: 'Akinyi',
            last_name: 'Njeri',
            admission_number: '0042',
          },
        ],
        total: 1,
        page: 1,
        page_size: 10,
      });
    }
    if (url === '/api/fees/sponsors/' && method === 'POST') {
      if (body.name === 'Nairobi County Bursary') {
        const message = 'A sponsor named Nairobi County Bursary already exists';
        return json(400, { message, errors: { name: [message] } });
      }
      return json(201, { id: 6, ...body, total_cents: 0, students: 0 });
    }
    if (url === '/api/fees/sponsors/') {
      return json(200, {
        sponsors: [
          {
            id: 5,
            name: 'Nairobi County Bursary',
            kind: 'county_bursary',
            total_cents: 400_000,
            students: 1,
          },
        ],
      });
    }
    if (url === '/api/fees/sponsors/5/statement/') {
      return json(200, {
        sponsor: {
          id: 5,
          name: 'Nairobi County Bursary',
          kind: 'county_bursary',
          total_cents: 400_000,
          students: 1,
        },
        entries: [
          {
            id: 70,
            date: '2026-11-20T09:00:00.000Z',
            kind: 'bursary',
            student: wanjiru.student,
            term: { id: 2, name: 'Term 2' },
            note: 'Ward bursary',
            amount_cents: 400_000,
          },
        ],
      });
    }
    if (url === '/api/fees/capitation/' && method === 'POST') {
      return json(201, { students: 2, amount_cents_each: 1_112_200, total_cents: 2_224_400 });
    }
    if (url === '/api/fees/mpesa/register_urls/' && method === 'POST') {
      return json(200, {
        shortcode: '174379',
        confirmation_url: 'https://school.example/api/payments/paybill/confirmation/7-abc',
        validation_url: 'https://school.example/api/payments/paybill/validation/7-abc',
        response_description: 'Success',
      });
    }
    if (url === '/api/payments/import/' && method === 'POST') {
      const form = init!.body as FormData;
      imports.push({ source: form.get('source'), file: (form.get('file') as File).name });
      return json(201, {
        source: 'bank',
        rows: 4,
        matched: 2,
        unmatched: 1,
        already_recorded: 0,
        skipped: [{ line: 5, reason: 'A withdrawal, not money in' }],
        total_cents: 4_500_000,
      });
    }
    if (url === '/api/payments/90/assign/' && method === 'POST') {
      unmatched = [];
      return json(200, {
        payment: { ...queued, student: { id: 42, name: 'Akinyi Njeri', admission_number: '0042' } },
        balance_cents: -150_000,
      });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, calls, imports, writes: () => calls.filter((c) => c.method !== 'GET') };
}

const table = (name: string) =>
  screen.getAllByRole('table').find((t) => within(t).queryByText(name))!;
const rowOf = (name: string) =>
  within(table('Wanjiru Kamau')).getByText(name).closest('tr')! as HTMLElement;

describe('the fees screen', () => {
  beforeEach(() => {
    tokenStorage.setTokens('access', 'refresh');
    vi.mocked(saveFile).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the term's collection per class and the students owing, searched and exported", async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    const totals = await screen.findByTestId('collection-totals');
    expect(totals.textContent).toBe(
      'ExpectedKES 60,000.00CollectedKES 5,000.00BalanceKES 55,000.00Percent collected8.3%',
    );
    const perClass = table('8.3%');
    expect(
      within(perClass)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4 East', '2', 'KES 60,000.00', 'KES 5,000.00', 'KES 55,000.00', '8.3%']);
    await screen.findAllByText('Wanjiru Kamau');
    expect(
      within(rowOf('Wanjiru Kamau'))
        .getAllByRole('cell')
        .slice(1, 5)
        .map((c) => c.textContent),
    ).toEqual(['4 East', 'KES 30,000.00', 'KES 5,000.00', 'KES 25,000.00']);
    expect(screen.getByText(/Owed by these 2 students/).textContent).toContain('KES 55,000.00');
    expect(api.calls.map((c) => c.url)).toContain('/api/fees/balances/?min_balance_cents=1&page=1');

    fireEvent.change(screen.getByPlaceholderText('Search name or admission number'), {
      target: { value: 'wanj' },
    });
    await waitFor(() => expect(screen.queryAllByText('Baraka Otieno')).toHaveLength(0));
    expect(api.calls.map((c) => c.url)).toContain(
      '/api/fees/balances/?search=wanj&min_balance_cents=1&page=1',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    expect(api.calls.map((c) => c.url)).toContain(
      '/api/fees/balances/?search=wanj&min_balance_cents=1&format=csv',
    );
  });

  it('records a cash payment once, with its receipt number, the new balance and the receipt PDF', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    await screen.findAllByText('Wanjiru Kamau');
    fireEvent.click(
      within(rowOf('Wanjiru Kamau')).getByRole('button', {
        name: 'Record a payment for Wanjiru Kamau',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    expect(within(dialog).getByText('KES 25,000.00')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Amount (KES)'), {
      target: { value: '5,000.x' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(MONEY_MESSAGES.amount)).toBeTruthy();
    expect(api.writes()).toEqual([]);

    fireEvent.input(within(dialog).getByLabelText('Amount (KES)'), { target: { value: '5,000' } });
    fireEvent.input(within(dialog).getByLabelText('Paid by'), { target: { value: 'Grace Kamau' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const done = await screen.findByRole('dialog', { name: 'Payment recorded' });
    expect(within(done).getByText('Receipt no. 12: KES 5,000.00 by cash')).toBeTruthy();
    expect(within(done).getByTestId('balance-after').textContent).toBe(
      'Wanjiru Kamau now owes KES 20,000.00.',
    );
    const [post] = api.writes();
    expect(post).toMatchObject({
      url: '/api/payments/',
      body: { student: 21, method: 'cash', amount_cents: 500_000, payer_name: 'Grace Kamau' },
    });
    expect(post!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);

    fireEvent.click(within(done).getByRole('button', { name: 'Receipt no. 12 (PDF)' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'file.pdf'));
    expect(api.calls.map((c) => c.url)).toContain('/api/payments/300/receipt/');
    // The list shows the balance after the payment.
    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(within(rowOf('Wanjiru Kamau')).getAllByRole('cell')[4]!.textContent).toBe(
        'KES 20,000.00',
      ),
    );
  });

  it("asks the parent's phone by M-Pesa and says why it failed, in words", {
    timeout: 15_000,
  }, async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    await screen.findAllByText('Wanjiru Kamau');
    const button = within(rowOf('Wanjiru Kamau')).getByRole('button', {
      name: "Request M-Pesa from Wanjiru Kamau's parent",
    });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Request M-Pesa' });
    // The parent's phone and the balance in whole shillings are offered.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Phone number')).toHaveProperty('value', '0711000111'),
    );
    expect(within(dialog).getByLabelText('Amount (KES)')).toHaveProperty('value', '25000');
    fireEvent.input(within(dialog).getByLabelText('Amount (KES)'), {
      target: { value: '25000.50' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText('M-Pesa takes whole shillings: leave out the cents'),
    ).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Amount (KES)'), { target: { value: '25000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Waiting for the parent')).toBeTruthy();
    expect(api.writes()[0]).toMatchObject({
      url: '/api/fees/mpesa/stk_push/',
      body: { student: 21, phone_number: '0711000111', amount_cents: 2_500_000 },
    });
    expect(
      await within(dialog).findByText(
        'The parent cancelled the M-Pesa prompt on their phone.',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ask again' })).toBeTruthy();
  });

  it('shows a paid push with its receipt', { timeout: 15_000 }, async () => {
    const api = fakeApi({
      stkAnswers: [
        stk('paid', {
          result_code: '0',
          payment: { id: 300, receipt_number: 13, reference: 'SKL8XYZ789' },
        }),
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    await screen.findAllByText('Wanjiru Kamau');
    const button = within(rowOf('Wanjiru Kamau')).getByRole('button', {
      name: "Request M-Pesa from Wanjiru Kamau's parent",
    });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Request M-Pesa' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Phone number')).toHaveProperty('value', '0711000111'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Paid: KES 25,000.00 by M-Pesa')).toBeTruthy();
    expect(within(dialog).getByText('Receipt no. 13 · M-Pesa SKL8XYZ789')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Receipt no. 13 (PDF)' })).toBeTruthy();
  });

  it('says M-Pesa is not configured, and its buttons wait', async () => {
    const api = fakeApi({ mpesa: false });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    expect((await screen.findByTestId('mpesa-not-configured')).textContent).toContain(
      'M-Pesa is not configured',
    );
    expect(screen.getByTestId('paybill-status').textContent).toContain('M-Pesa is not configured');
    expect(screen.queryByRole('button', { name: 'Register Paybill URLs' })).toBeNull();
    expect(
      within(rowOf('Wanjiru Kamau')).getByRole('button', {
        name: "Request M-Pesa from Wanjiru Kamau's parent",
      }),
    ).toHaveProperty('disabled', true);
  });

  it('assigns an unmatched Paybill payment to the student it was for', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    const item = await screen.findByTestId('unmatched-payment');
    expect(item.textContent).toContain('KES 1,500.00 · SKL8ABC123');
    expect(item.textContent).toContain('Account typed: "42l" · GRACE KAMAU · 2547****678');
    fireEvent.click(within(item).getByRole('button', { name: 'Assign to a student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign payment' });
    fireEvent.change(
      within(dialog).getByPlaceholderText('Search student name or admission number'),
      {
        target: { value: '0042' },
      },
    );
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Assign to Akinyi Njeri' }));
    expect(await screen.findByText('No unmatched payments')).toBeTruthy();
    expect(api.writes()).toEqual([
      expect.objectContaining({ url: '/api/payments/90/assign/', body: { student: 42 } }),
    ]);
    expect(
      screen.getByText('KES 1,500.00 to Akinyi Njeri, who now has KES 1,500.00 carried forward.'),
    ).toBeTruthy();
  });

  it('shows a payment another school also recorded, and takes it off the queue once checked', async () => {
    const reason =
      'Another school on this Shule installation also recorded this M-Pesa receipt. Check your Paybill statement: if the money is not yours, reverse this payment.';
    const api = fakeApi({
      queue: [
        {
          ...queued,
          student: { id: 21, name: 'Wanjiru Kamau', admission_number: '0421' },
          reviews: [{ id: 5, kind: 'receipt_elsewhere', reason }],
        },
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    const item = await screen.findByTestId('unmatched-payment');
    expect(item.textContent).toContain('credited to Wanjiru Kamau (Adm. 0421)');
    expect(within(item).getByRole('status').textContent).toContain(reason);
    // Credited already: nothing to assign.
    expect(within(item).queryByRole('button', { name: 'Assign to a student' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Checked' }));
    expect(await screen.findByText('No unmatched payments')).toBeTruthy();
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/payments/reviews/5/resolve/' }),
    ]);
  });

  it('says a push M-Pesa reported with another amount is held for review', {
    timeout: 15_000,
  }, async () => {
    const reason =
      'M-Pesa reported KES 2,500.00 paid, not the KES 25,000.00 the prompt asked: held, not credited. Check the Paybill statement, then assign it to the student it was for.';
    const api = fakeApi({ stkAnswers: [stk('held', { result_code: '0', reason })] });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    await screen.findAllByText('Wanjiru Kamau');
    const button = within(rowOf('Wanjiru Kamau')).getByRole('button', {
      name: "Request M-Pesa from Wanjiru Kamau's parent",
    });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Request M-Pesa' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Phone number')).toHaveProperty('value', '0711000111'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Held for review')).toBeTruthy();
    expect(within(dialog).getByText(reason)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Ask again' })).toBeNull();
  });

  it('imports a bank statement and says what was matched, queued and left out', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Import a statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a statement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose a CSV file of the statement')).toBeTruthy();
    const large = new File(['Date,Amount\n'], 'whole-year.csv', { type: 'text/csv' });
    Object.defineProperty(large, 'size', { value: 3 * 1024 * 1024 });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [large] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('The file is larger than 2 MB: split the statement by month'),
    ).toBeTruthy();
    expect(api.imports).toEqual([]);
    const file = new File(['Date,Amount\n'], 'equity-november.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('Read 4 rows: 3 payments recorded (KES 45,000.00).'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        '2 matched to students by admission number, 1 waiting to be assigned.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Line 5: A withdrawal, not money in')).toBeTruthy();
    expect(api.imports).toEqual([{ source: 'bank', file: 'equity-november.csv' }]);
  });

  it("lists sponsors with their statements, and records the government's capitation once for chosen classes", async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    const sponsor = await screen.findByTestId('sponsor');
    expect(sponsor.textContent).toContain('County bursary · KES 4,000.00 to 1 student');
    fireEvent.click(within(sponsor).getByRole('button', { name: 'Statement' }));
    const statement = await screen.findByRole('dialog', {
      name: 'Nairobi County Bursary: statement',
    });
    expect(
      (await within(statement).findByRole('list', { name: "Sponsor's entries" })).textContent,
    ).toBe('Wanjiru Kamau (Adm. 0421)20 Nov 2026 · Bursary · Term 2 · Ward bursaryKES 4,000.00');
    fireEvent.click(within(statement).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Record capitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record government capitation' });
    expect(within(dialog).getByLabelText('Instalment').textContent).toContain(
      '1 (50%): KES 11,122.00 a learner',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record capitation' }));
    expect(await within(dialog).findByText('Choose at least one class')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /4 East/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record capitation' }));
    expect(
      await within(dialog).findByText(
        'KES 11,122.00 credited to each of 2 students: KES 22,244.00 in all.',
      ),
    ).toBeTruthy();
    expect(api.writes().map((w) => [w.url, w.body])).toEqual([
      ['/api/fees/capitation/', { term: 2, classes: [4], instalment: 1 }],
    ]);
  });

  it("adds a sponsor: the name required, the server's refusal beside it, the kind kept", async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a sponsor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a sponsor' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add sponsor' }));
    expect(await within(dialog).findByText('Sponsor name is required')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Sponsor name'), {
      target: { value: 'Nairobi County Bursary' },
    });
    fireEvent.change(within(dialog).getByLabelText('Sponsor kind'), { target: { value: 'ngo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add sponsor' }));
    expect(
      await within(dialog).findByText('A sponsor named Nairobi County Bursary already exists'),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Sponsor kind') as HTMLSelectElement).value).toBe('ngo');

    fireEvent.change(within(dialog).getByLabelText('Sponsor name'), {
      target: { value: 'St Mary Parish' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add sponsor' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a sponsor' })).toBeNull());
    expect(api.writes().map((w) => [w.url, w.body])).toEqual([
      ['/api/fees/sponsors/', { name: 'Nairobi County Bursary', kind: 'ngo' }],
      ['/api/fees/sponsors/', { name: 'St Mary Parish', kind: 'ngo' }],
    ]);
  });

  it("registers the Paybill's URLs with Safaricom, and names the Paybill", async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    await waitFor(() =>
      expect(screen.getByTestId('paybill-status').textContent).toContain('Paybill 174379'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Register Paybill URLs' }));
    expect(await screen.findByText('Registered with Safaricom: Success')).toBeTruthy();
    expect(api.writes().map((w) => w.url)).toEqual(['/api/fees/mpesa/register_urls/']);
  });

  it('tells a teacher it is for admins, asking nothing about money', async () => {
    const api = fakeApi({ role: 'teacher' });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeesPage />);
    expect(await screen.findByText(ADMINS_ONLY)).toBeTruthy();
    expect(api.calls.filter((c) => c.url !== '/api/users/user/')).toEqual([]);
  });
});
