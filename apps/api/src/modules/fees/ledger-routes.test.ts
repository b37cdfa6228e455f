import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { alreadyReversedMessage, FEE_LEDGER_MESSAGES } from '@shule/shared/fee-ledger';
import { IDEMPOTENCY_HEADER } from '@shule/shared/idempotency';
import { beforeAll, describe, expect, it } from 'vitest';
import { sponsors } from '../../db/schema/index';
import { authAs, expectStatus, json, useTestApp } from '../../test/app';
import { readPdf } from '../../test/read-pdf';
import { type FeeSchool, feeSchool } from './test-school';

const { t, schools, call, create } = useTestApp('Moi Forces Academy', 'Alliance Girls');
const [moi, alliance] = schools;
let f: FeeSchool;
let other: FeeSchool;
let teacher: Record<string, string>;

/** With SAVE_PDFS=dir the PDFs made are written there, to be rendered and looked at. */
const keep = (name: string, pdf: Buffer) => {
  if (process.env.SAVE_PDFS) writeFileSync(path.join(process.env.SAVE_PDFS, name), pdf);
};

const pay = (
  who: { auth: Record<string, string> },
  body: object,
  headers: Record<string, string> = {},
) => call('POST', '/api/payments/', { ...who.auth, ...headers }, body);
const statementOf = async (studentId: number) =>
  json(
    await expectStatus(call('GET', `/api/students/${studentId}/fee_statement/`, moi.auth), 200),
  ) as {
    balance_cents: number;
    balance: number;
    entries: {
      id: number;
      kind: string;
      description: string;
      receipt_number: number | null;
      amount_cents: number;
      balance_cents: number;
      reversed_by: number | null;
      recorded_by: string | null;
    }[];
  };

beforeAll(async () => {
  f = await feeSchool(t.app, moi.schoolId);
  other = await feeSchool(t.app, alliance.schoolId);
  teacher = await authAs(t.app, moi.schoolId, 'teacher');
  const tuition = await create(moi, '/api/fees/categories/', {
    name: 'Tuition',
    duration: 'termly',
  });
  const boarding = await create(moi, '/api/fees/categories/', {
    name: 'Boarding',
    duration: 'termly',
    vote_head: 'boarding',
  });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/fees/structures/',
    headers: moi.auth,
    payload: {
      term: f.term1,
      amounts: [
        { category: tuition.id, class: f.form1, amount_cents: 1_250_000 },
        { category: boarding.id, class: f.form1, amount_cents: 800_000 },
        { category: tuition.id, class: f.form2, amount_cents: 1_300_000 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await expectStatus(call('POST', `/api/fees/structures/${f.term1}/apply/`, moi.auth), 200);
});

describe('payments at the counter', () => {
  it('records cash with the next receipt number, takes it off the balance, and repeats nothing for a replayed key', async () => {
    const body = {
      student: f.students.amani,
      method: 'cash',
      amount_cents: 500_000,
      payer_name: 'Grace Wanjiru',
      paid_at: '2026-01-12T09:30:00+03:00',
    };
    const key = { [IDEMPOTENCY_HEADER]: 'pay-amani-1' };
    const first = json(await expectStatus(pay(moi, body, key), 201)) as {
      payment: { id: number; receipt_number: number; receipt_url: string; paid_at: string };
      balance_cents: number;
    };
    expect(first.payment).toMatchObject({
      method: 'cash',
      source: 'counter',
      amount_cents: 500_000,
      payer_name: 'Grace Wanjiru',
      paid_at: '2026-01-12T06:30:00.000Z',
      receipt_url: `/api/payments/${first.payment.id}/receipt/`,
      student: { id: f.students.amani, first_name: 'Amani' },
    });
    expect(first.balance_cents).toBe(2_050_000 - 500_000);
    const replay = await expectStatus(pay(moi, body, key), 201);
    expect(json(replay)).toEqual(first);
    const cheque = json(
      await expectStatus(
        pay(moi, {
          student: f.students.amani,
          method: 'cheque',
          amount_cents: 50_050,
          reference: '000123',
        }),
        201,
      ),
    ) as { payment: { receipt_number: number }; balance_cents: number };
    expect(cheque.payment.receipt_number).toBe(first.payment.receipt_number + 1);
    expect(cheque.balance_cents).toBe(1_550_000 - 50_050);
  });

  it('answers 400 with the field, 401, 403 to a teacher and 404 for another school’s student', async () => {
    const ok = { student: f.students.baraka, method: 'cash', amount_cents: 100 };
    const bad = await expectStatus(
      pay(moi, { ...ok, method: 'mpesa' }),
      400,
      FEE_LEDGER_MESSAGES.counterMethod,
    );
    expect(json(bad).errors).toEqual({ method: [FEE_LEDGER_MESSAGES.counterMethod] });
    await expectStatus(pay(moi, { ...ok, amount_cents: 10.5 }), 400, 'Amount must be whole cents');
    await expectStatus(pay(moi, { ...ok, paid_at: '2999-01-01' }), 400, FEE_LEDGER_MESSAGES.paidAt);
    await expectStatus(call('POST', '/api/payments/', {}, ok), 401);
    await expectStatus(pay({ auth: teacher }, ok), 403);
    await expectStatus(
      pay(moi, { ...ok, student: other.students.amani }),
      404,
      'Student not found',
    );
    await expectStatus(pay(alliance, ok), 404, 'Student not found');
  });

  it('prints a receipt as an A5 PDF for the school’s admins only', async () => {
    const { payment } = json(
      await expectStatus(
        pay(moi, {
          student: f.students.chebet,
          method: 'bank',
          amount_cents: 1_250_050,
          reference: 'EQ-88123',
          payer_name: 'Baba Chebet',
        }),
        201,
      ),
    ) as { payment: { id: number; receipt_number: number } };
    const res = await expectStatus(
      call('GET', `/api/payments/${payment.id}/receipt/`, moi.auth),
      200,
    );
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${payment.receipt_number}.pdf"`,
    );
    const pdf = res.rawPayload;
    keep('receipt.pdf', pdf);
    const { text, pages } = readPdf(pdf);
    expect(pages).toBe(1);
    for (const line of [
      'OFFICIAL RECEIPT',
      `Receipt No. ${payment.receipt_number}`,
      'Baba Chebet',
      'Chebet Mwangi',
      'Form 1',
      'Bank',
      'EQ-88123',
      'KES 12,500.50',
      'Twelve thousand five hundred shillings and fifty cents only',
      // Tuition only: Chebet is continuing, Boarding applies to all: 20,500 - 12,500.50.
      'Fee balance: KES 7,999.50',
    ]) {
      expect(text).toContain(line);
    }
    await expectStatus(call('GET', `/api/payments/${payment.id}/receipt/`, alliance.auth), 404);
    await expectStatus(call('GET', `/api/payments/${payment.id}/receipt/`, teacher), 403);
    await expectStatus(call('GET', `/api/payments/${payment.id}/receipt/`, {}), 401);
  });
});

describe('a student’s ledger and statement', () => {
  it('lists every entry with its running balance and receipt numbers, as JSON and as a PDF by vote head', async () => {
    const student = f.students.baraka;
    const { payment } = json(
      await expectStatus(
        pay(moi, { student, method: 'cash', amount_cents: 1_000_000, paid_at: '2026-01-20' }),
        201,
      ),
    ) as { payment: { receipt_number: number } };
    await expectStatus(
      call('POST', `/api/students/${student}/ledger/`, moi.auth, {
        kind: 'discount',
        amount_cents: 100_000,
        granted_by: 'Board of management',
        note: 'Sibling discount',
      }),
      201,
    );
    const statement = await statementOf(student);
    expect(statement.balance_cents).toBe(2_050_000 - 1_000_000 - 100_000);
    expect(statement.balance).toBe(statement.balance_cents);
    expect(statement.entries.map((e) => [e.kind, e.amount_cents, e.balance_cents])).toEqual([
      ['charge', 1_250_000, 1_250_000],
      ['charge', 800_000, 2_050_000],
      ['payment', -1_000_000, 1_050_000],
      ['discount', -100_000, 950_000],
    ]);
    expect(statement.entries[0]!.description).toBe('Tuition (Term 1 2026)');
    expect(statement.entries[2]).toMatchObject({
      description: 'Payment by Cash',
      receipt_number: payment.receipt_number,
      recorded_by: 'Jane Wanjiku',
    });
    expect(statement.entries[3]!.description).toBe(
      'Discount granted by Board of management: Sibling discount',
    );

    const byHead = json(
      await expectStatus(
        call('GET', `/api/students/${student}/fee_statement/?by=vote_head`, moi.auth),
        200,
      ),
    );
    // 11,000 of credits pay Tuition's 12,500 first (charged first), nothing of Boarding.
    expect(byHead.vote_heads).toEqual([
      {
        vote_head: 'tuition',
        charged_cents: 1_250_000,
        paid_cents: 1_100_000,
        balance_cents: 150_000,
      },
      { vote_head: 'boarding', charged_cents: 800_000, paid_cents: 0, balance_cents: 800_000 },
    ]);
    const res = await expectStatus(
      call('GET', `/api/students/${student}/fee_statement/?format=pdf&by=vote_head`, moi.auth),
      200,
    );
    expect(res.headers['content-type']).toBe('application/pdf');
    keep('statement.pdf', res.rawPayload);
    const { text } = readPdf(res.rawPayload);
    for (const line of [
      'FEE STATEMENT',
      'Baraka Mwangi',
      'Balance due: KES 9,500.00',
      'Tuition (Term 1 2026)',
      '12,500.00',
      String(payment.receipt_number),
      'By vote head',
      'Boarding',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('reverses an entry once, naming who and why; a reversal is not reversed', async () => {
    const student = f.students.ekaru;
    const { payment } = json(
      await expectStatus(
        pay(moi, { student, method: 'cheque', amount_cents: 300_000, reference: '4411' }),
        201,
      ),
    ) as { payment: { id: number; receipt_number: number } };
    const before = await statementOf(student);
    const credit = before.entries.find((e) => e.kind === 'payment')!;
    const reversed = json(
      await expectStatus(
        call('POST', `/api/ledger_entries/${credit.id}/reverse/`, moi.auth, {
          reason: 'Cheque bounced',
        }),
        201,
      ),
    ) as {
      entry: { id: number; kind: string; description: string; amount_cents: number };
      balance_cents: number;
    };
    expect(reversed.entry).toMatchObject({
      kind: 'reversal',
      amount_cents: 300_000,
      description: `Reversal of payment (receipt ${payment.receipt_number}): Cheque bounced`,
      recorded_by: 'Jane Wanjiku',
    });
    expect(reversed.balance_cents).toBe(1_300_000);
    await expectStatus(
      call('POST', `/api/ledger_entries/${credit.id}/reverse/`, moi.auth, { reason: 'Again' }),
      409,
      alreadyReversedMessage,
    );
    await expectStatus(
      call('POST', `/api/ledger_entries/${reversed.entry.id}/reverse/`, moi.auth, {
        reason: 'Undo',
      }),
      409,
    );
    const after = await statementOf(student);
    expect(after.entries.find((e) => e.id === credit.id)!.reversed_by).toBe(reversed.entry.id);
    // Two reversals at once: one wins.
    const charge = after.entries.find((e) => e.kind === 'charge')!;
    const both = await Promise.all(
      [1, 2].map(() =>
        call('POST', `/api/ledger_entries/${charge.id}/reverse/`, moi.auth, {
          reason: 'Billed in error',
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await statementOf(student)).balance_cents).toBe(0);

    await expectStatus(
      call('POST', `/api/ledger_entries/${charge.id}/reverse/`, alliance.auth, { reason: 'x' }),
      404,
      'Ledger entry not found',
    );
    await expectStatus(
      call('POST', `/api/ledger_entries/${charge.id}/reverse/`, moi.auth, {}),
      400,
      'Reason is required',
    );
    await expectStatus(
      call('POST', `/api/ledger_entries/${charge.id}/reverse/`, teacher, { reason: 'x' }),
      403,
    );
    await expectStatus(
      call('POST', `/api/ledger_entries/${charge.id}/reverse/`, {}, { reason: 'x' }),
      401,
    );
  });

  it('asks who granted a waiver and which sponsor pays a bursary; another school’s student or sponsor is refused', async () => {
    const student = f.students.faraji;
    const url = `/api/students/${student}/ledger/`;
    const res = await expectStatus(
      call('POST', url, moi.auth, { kind: 'waiver', amount_cents: 100_000 }),
      400,
      FEE_LEDGER_MESSAGES.grantedBy,
    );
    expect(json(res).errors).toEqual({ granted_by: [FEE_LEDGER_MESSAGES.grantedBy] });
    const [theirs] = await t.app.db
      .insert(sponsors)
      .values({
        schoolId: alliance.schoolId,
        name: 'Kiambu County Bursary',
        kind: 'county_bursary',
      })
      .returning({ id: sponsors.id });
    await expectStatus(
      call('POST', url, moi.auth, { kind: 'bursary', amount_cents: 100_000, sponsor: theirs!.id }),
      400,
      "Choose one of your school's sponsors",
    );
    const [ours] = await t.app.db
      .insert(sponsors)
      .values({ schoolId: moi.schoolId, name: 'Nakuru CDF', kind: 'cdf_bursary' })
      .returning({ id: sponsors.id });
    const bursary = json(
      await expectStatus(
        call('POST', url, moi.auth, {
          kind: 'bursary',
          amount_cents: 500_000,
          sponsor: ours!.id,
          term: f.term1,
        }),
        201,
      ),
    );
    expect(bursary.entry).toMatchObject({
      kind: 'bursary',
      amount_cents: -500_000,
      description: 'Bursary from Nakuru CDF',
      sponsor: { id: ours!.id, name: 'Nakuru CDF' },
      term: { id: f.term1, name: 'Term 1 2026' },
    });
    const capitation = json(
      await expectStatus(
        call('POST', url, moi.auth, { kind: 'capitation', amount_cents: 1_112_200 }),
        201,
      ),
    );
    expect(capitation.entry).toMatchObject({ sponsor: { name: 'Government capitation' } });
    expect(capitation.balance_cents).toBe(1_300_000 - 500_000 - 1_112_200);
    await expectStatus(
      call('POST', `/api/students/${other.students.amani}/ledger/`, moi.auth, {
        kind: 'capitation',
        amount_cents: 5,
      }),
      404,
      'Student not found',
    );
    await expectStatus(call('GET', `/api/students/${student}/fee_statement/`, alliance.auth), 404);
    await expectStatus(call('GET', `/api/students/${student}/fee_statement/`, teacher), 403);
    await expectStatus(call('GET', `/api/students/${student}/fee_statement/`, {}), 401);
    await expectStatus(
      call('GET', `/api/students/${student}/fee_statement/?format=xml`, moi.auth),
      400,
      FEE_LEDGER_MESSAGES.format,
    );
  });
});
