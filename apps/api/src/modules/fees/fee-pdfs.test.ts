import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FeeStatement, LedgerEntry } from '@shule/shared/fee-ledger';
import { describe, expect, it } from 'vitest';
import { schoolFixture } from '../../test/merit-list-fixture';
import { readPdf } from '../../test/read-pdf';
import type { Receipt } from './payments';
import { renderReceiptPdf } from './receipt-pdf';
import { renderStatementPdf } from './statement-pdf';

/** With SAVE_PDFS=dir the PDFs made are written there, to be rendered and looked at. */
const keep = (name: string, pdf: Buffer) => {
  if (process.env.SAVE_PDFS) writeFileSync(path.join(process.env.SAVE_PDFS, name), pdf);
};

/** Four years of a boarder's fees: three terms a year charged, paid in pieces, every entry. */
function longStatement(): FeeStatement {
  const entries: LedgerEntry[] = [];
  let balance = 0;
  let id = 0;
  const add = (
    entry: Partial<LedgerEntry> & Pick<LedgerEntry, 'kind' | 'description' | 'amount_cents'>,
  ) => {
    id += 1;
    balance += entry.amount_cents;
    entries.push({
      id,
      date: new Date(Date.UTC(2023, 0, 5) + id * 5 * 86_400_000).toISOString(),
      term: null,
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
      recorded_by: 'Jane Wanjiku',
      balance_cents: balance,
      ...entry,
    });
  };
  for (let year = 2023; year <= 2026; year++) {
    for (let term = 1; term <= 3; term++) {
      const name = `Term ${term} ${year}`;
      add({
        kind: 'charge',
        description: `Tuition (${name})`,
        amount_cents: 1_250_000,
        category: { id: 1, name: 'Tuition', vote_head: 'tuition' },
      });
      add({
        kind: 'charge',
        description: `Boarding (${name})`,
        amount_cents: 1_500_000,
        category: { id: 2, name: 'Boarding', vote_head: 'boarding' },
      });
      for (const part of [1_000_000, 1_200_000]) {
        add({
          kind: 'payment',
          description: 'Payment by M-Pesa SKL8ABC123',
          amount_cents: -part,
          receipt_number: id,
          method: 'mpesa',
        });
      }
    }
  }
  add({
    kind: 'bursary',
    description: 'Bursary from Nakuru County Bursary: Ward allocation for needy students in Form 4',
    amount_cents: -1_000_000,
  });
  const charged = entries.filter((e) => e.category).reduce((s, e) => s + e.amount_cents, 0);
  return {
    student: {
      id: 9,
      first_name: 'Wanjiru',
      last_name: 'Kamau',
      admission_number: '2023/0456',
      class: { id: 3, name: 'Form 4 East' },
    },
    balance_cents: balance,
    balance,
    charged_cents: charged,
    credited_cents: charged - balance,
    entries,
    vote_heads: [
      { vote_head: 'tuition', charged_cents: 15_000_000, paid_cents: 15_000_000, balance_cents: 0 },
      {
        vote_head: 'boarding',
        charged_cents: 18_000_000,
        paid_cents: 12_400_000,
        balance_cents: 5_600_000,
      },
    ],
  };
}

describe('fee PDFs', () => {
  it('runs a long statement on to more pages with the column heads again', async () => {
    const statement = longStatement();
    const pdf = await renderStatementPdf(statement, schoolFixture, {
      printedOn: new Date('2026-11-26T08:00:00Z'),
    });
    keep('statement-long.pdf', pdf);
    const { text, pages } = readPdf(pdf);
    expect(pages).toBe(2);
    expect(text.match(/Balance \(KES\)/g)?.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('Balance due: KES 56,000.00');
    expect(text).toContain('Page 2 of 2');
    expect(text).toContain('By vote head');
    expect(text).toContain('Wanjiru Kamau');
    expect(text).toContain('Admission number 2023/0456  ·  Form 4 East');
    // The totals row: what was charged, what was credited, and the balance.
    expect(text).toContain('Totals');
    expect(text).toContain('330,000.00');
    expect(text).toContain('274,000.00');
    expect(text).toContain('Printed 26 Nov 2026  ·  Page 1 of 2');
  });

  it('totals the debit and credit columns as printed, a bounced cheque and its reversal in each', async () => {
    const statement = longStatement();
    const last = statement.entries.at(-1)!;
    const entry = (id: number, amount_cents: number, balance_cents: number) => ({
      ...last,
      id,
      kind: amount_cents < 0 ? ('payment' as const) : ('reversal' as const),
      description: amount_cents < 0 ? 'Payment by Cheque 4411' : 'Reversal: the cheque bounced',
      amount_cents,
      balance_cents,
    });
    statement.entries.push(
      entry(900, -500_000, statement.balance_cents - 500_000),
      entry(901, 500_000, statement.balance_cents),
    );
    const { text } = readPdf(await renderStatementPdf(statement, schoolFixture));
    // Charged 330,000 and credited 274,000 before; the cheque adds 5,000 to each column.
    expect(text).toContain('335,000.00');
    expect(text).toContain('279,000.00');
    expect(text).toContain('Balance due: KES 56,000.00');
  });

  it('prints an M-Pesa payment no admission number matched yet', async () => {
    const receipt: Receipt = {
      payment: {
        id: 40,
        receipt_number: 1207,
        student: null,
        method: 'mpesa',
        source: 'c2b',
        amount_cents: 1_500_000,
        reference: 'SKL8ABC123',
        account_reference: 'FORM4 WANJIRU',
        payer_name: 'JOHN KAMAU',
        payer_phone: '2547******123',
        paid_at: '2026-02-03T17:45:00.000Z',
        receipt_url: '/api/payments/40/receipt/',
      },
      className: null,
      erased: false,
      recordedBy: null,
      balanceCents: null,
    };
    const pdf = await renderReceiptPdf(receipt, schoolFixture, {
      printedOn: new Date('2026-11-26T08:00:00Z'),
    });
    keep('receipt-mpesa.pdf', pdf);
    const { text, pages } = readPdf(pdf);
    expect(pages).toBe(1);
    for (const line of [
      'Receipt No. 1207',
      'Date: 3 Feb 2026, 20:45',
      'JOHN KAMAU',
      'Not yet matched to a student',
      'Account (as paid)',
      'FORM4 WANJIRU',
      'M-Pesa receipt',
      'SKL8ABC123',
      'Fifteen thousand shillings only',
      'Received by: M-Pesa (recorded automatically)',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Fee balance');
  });

  it("prints a student's cash receipt with the amount in words, the balance and page 1 of 1", async () => {
    const receipt: Receipt = {
      payment: {
        id: 41,
        receipt_number: 1208,
        student: {
          id: 9,
          first_name: 'Wanjiru',
          last_name: 'Kamau',
          admission_number: '2023/0456',
        },
        method: 'cash',
        source: 'counter',
        amount_cents: 1_250_050,
        reference: null,
        account_reference: null,
        payer_name: 'Grace Kamau',
        payer_phone: null,
        paid_at: '2026-02-04T07:10:00.000Z',
        receipt_url: '/api/payments/41/receipt/',
      },
      className: 'Form 4 East',
      erased: false,
      recordedBy: 'Jane Wanjiku',
      balanceCents: 560_000,
    };
    const pdf = await renderReceiptPdf(receipt, schoolFixture, {
      printedOn: new Date('2026-11-26T08:00:00Z'),
    });
    keep('receipt-cash.pdf', pdf);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 419\.53 595\.28\]/);
    const { text, pages } = readPdf(pdf);
    expect(pages).toBe(1);
    for (const line of [
      'KILIMANI MIXED SECONDARY SCHOOL',
      'OFFICIAL RECEIPT',
      'Grace Kamau',
      'Wanjiru Kamau',
      '2023/0456',
      'Form 4 East',
      'KES 12,500.50',
      'Fee balance: KES 5,600.00',
      'Received by: Jane Wanjiku',
      'Printed 26 Nov 2026  ·  Page 1 of 1',
    ]) {
      expect(text).toContain(line);
    }
  });
});
