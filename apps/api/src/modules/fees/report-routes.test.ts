import { BALANCES_CSV_HEADER, FEE_LEDGER_MESSAGES } from '@shule/shared/fee-ledger';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payments } from '../../db/schema/index';
import { authAs, expectStatus, json, useTestApp } from '../../test/app';
import { recordPayment } from './ledger';
import { type FeeSchool, feeSchool } from './test-school';

const { t, schools, call, create } = useTestApp('Moi Forces Academy', 'Alliance Girls');
const [moi, alliance] = schools;
let f: FeeSchool;
let other: FeeSchool;
let teacher: Record<string, string>;

const names = (rows: { student: { first_name: string } }[]) =>
  rows.map((r) => r.student.first_name);

/**
 * Term 1: Tuition 12,500 for Form 1, 13,000 for Form 2; Term 2: 12,500 for Form 1; both billed.
 * Amani pays 15,000 cash (Term 1 and 2,500 of Term 2), Chebet 5,000 by M-Pesa late on 3 Feb,
 * Ekaru 13,000 by a bank cheque that bounced (reversed).
 */
beforeAll(async () => {
  f = await feeSchool(t.app, moi.schoolId);
  other = await feeSchool(t.app, alliance.schoolId);
  teacher = await authAs(t.app, moi.schoolId, 'teacher');
  const tuition = await create(moi, '/api/fees/categories/', {
    name: 'Tuition',
    duration: 'termly',
  });
  for (const [term, amounts] of [
    [
      f.term1,
      [
        { category: tuition.id, class: f.form1, amount_cents: 1_250_000 },
        { category: tuition.id, class: f.form2, amount_cents: 1_300_000 },
      ],
    ],
    [f.term2, [{ category: tuition.id, class: f.form1, amount_cents: 1_250_000 }]],
  ] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/fees/structures/',
      headers: moi.auth,
      payload: { term, amounts },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectStatus(call('POST', `/api/fees/structures/${term}/apply/`, moi.auth), 200);
  }
  await create(moi, '/api/payments/', {
    student: f.students.amani,
    method: 'cash',
    amount_cents: 1_500_000,
    paid_at: '2026-02-03T09:00:00+03:00',
  });
  await t.app.db.transaction((tx) =>
    recordPayment(tx, {
      schoolId: moi.schoolId,
      studentId: f.students.chebet,
      method: 'mpesa',
      source: 'c2b',
      amountCents: 500_000,
      reference: 'SKB3REPORT1',
      paidAt: new Date('2026-02-03T20:30:00Z'),
      recordedBy: null,
    }),
  );
  const bounced = await create(moi, '/api/payments/', {
    student: f.students.ekaru,
    method: 'bank',
    amount_cents: 1_300_000,
    paid_at: '2026-02-04',
  });
  const [credit] = await t.app.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, bounced.payment.id));
  await create(moi, `/api/ledger_entries/${credit!.id}/reverse/`, { reason: 'Cheque bounced' });
});

describe('collection for a term', () => {
  it('gives expected, collected, balance and percent per class and in total, credits covering the oldest term first', async () => {
    const term1 = json(
      await expectStatus(call('GET', `/api/fees/collection/?term=${f.term1}`, moi.auth), 200),
    );
    expect(term1.term).toEqual({ id: f.term1, name: 'Term 1 2026' });
    expect(term1.classes).toEqual([
      {
        class: { id: f.form1, name: 'Form 1', level: null },
        students: 3,
        expected_cents: 3_750_000,
        collected_cents: 1_750_000,
        balance_cents: 2_000_000,
        percent: 46.7,
      },
      {
        class: { id: f.form2, name: 'Form 2', level: null },
        students: 2,
        expected_cents: 2_600_000,
        collected_cents: 0,
        balance_cents: 2_600_000,
        percent: 0,
      },
    ]);
    expect(term1.totals).toEqual({
      students: 5,
      expected_cents: 6_350_000,
      collected_cents: 1_750_000,
      balance_cents: 4_600_000,
      percent: 27.6,
    });
    const term2 = json(
      await expectStatus(call('GET', `/api/fees/collection/?term=${f.term2}`, moi.auth), 200),
    );
    expect(term2.totals).toMatchObject({ expected_cents: 3_750_000, collected_cents: 250_000 });
  });

  it('refuses another school’s term, no token, a teacher and no term', async () => {
    await expectStatus(
      call('GET', `/api/fees/collection/?term=${other.term1}`, moi.auth),
      404,
      'Term not found',
    );
    await expectStatus(call('GET', `/api/fees/collection/?term=${f.term1}`, {}), 401);
    await expectStatus(call('GET', `/api/fees/collection/?term=${f.term1}`, teacher), 403);
    await expectStatus(
      call('GET', '/api/fees/collection/', moi.auth),
      400,
      FEE_LEDGER_MESSAGES.term,
    );
  });
});

describe('students with balances', () => {
  it('lists every student with what they owe, highest first, filtered and paged', async () => {
    const all = json(await expectStatus(call('GET', '/api/fees/balances/', moi.auth), 200)) as {
      students: {
        student: { first_name: string };
        expected_cents: number;
        paid_cents: number;
        balance_cents: number;
      }[];
      total_balance_cents: number;
      total: number;
    };
    expect(
      all.students.map((r) => [
        r.student.first_name,
        r.expected_cents,
        r.paid_cents,
        r.balance_cents,
      ]),
    ).toEqual([
      ['Baraka', 2_500_000, 0, 2_500_000],
      ['Chebet', 2_500_000, 500_000, 2_000_000],
      ['Ekaru', 1_300_000, 0, 1_300_000],
      ['Faraji', 1_300_000, 0, 1_300_000],
      ['Amani', 2_500_000, 1_500_000, 1_000_000],
    ]);
    expect(all.total).toBe(5);
    expect(all.total_balance_cents).toBe(8_100_000);
    const [sum] = await t.app.db
      .select({ cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.schoolId, moi.schoolId));
    expect(Number(sum!.cents)).toBe(all.total_balance_cents);

    const get = async (query: string) =>
      json(
        await expectStatus(call('GET', `/api/fees/balances/?${query}`, moi.auth), 200),
      ) as typeof all & {
        page: number;
      };
    expect(names((await get('min_balance_cents=1500000')).students)).toEqual(['Baraka', 'Chebet']);
    expect(names((await get('search=CHEB')).students)).toEqual(['Chebet']);
    expect(names((await get(`class=${f.form2}`)).students)).toEqual(['Ekaru', 'Faraji']);
    const term2 = await get(`term=${f.term2}`);
    expect(term2.students.map((r) => [r.student.first_name, r.balance_cents])).toEqual([
      ['Baraka', 1_250_000],
      ['Chebet', 1_250_000],
      ['Amani', 1_000_000],
    ]);
    const page2 = await get('page_size=2&page=2');
    expect(names(page2.students)).toEqual(['Ekaru', 'Faraji']);
    expect(page2).toMatchObject({
      total: 5,
      page: 2,
      page_size: 2,
      total_balance_cents: 8_100_000,
    });
  });

  it('exports the rows as CSV in shillings', async () => {
    const res = await expectStatus(
      call('GET', `/api/fees/balances/?format=csv&class=${f.form1}`, moi.auth),
      200,
    );
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="fee-balances.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(BALANCES_CSV_HEADER.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^T\d+-\d+,Amani,Mwangi,Form 1,25000\.00,15000\.00,10000\.00$/);
  });

  it('refuses bad filters with their field, no token, a teacher and another school’s term or class', async () => {
    const res = await expectStatus(
      call('GET', '/api/fees/balances/?min_balance_cents=abc', moi.auth),
      400,
      FEE_LEDGER_MESSAGES.minBalance,
    );
    expect(json(res).errors).toEqual({ min_balance_cents: [FEE_LEDGER_MESSAGES.minBalance] });
    await expectStatus(call('GET', `/api/fees/balances/?class=${other.form1}`, moi.auth), 400);
    await expectStatus(call('GET', `/api/fees/balances/?term=${other.term1}`, moi.auth), 404);
    await expectStatus(call('GET', '/api/fees/balances/', {}), 401);
    await expectStatus(call('GET', '/api/fees/balances/', teacher), 403);
    const theirs = json(await expectStatus(call('GET', '/api/fees/balances/', alliance.auth), 200));
    expect(theirs.total_balance_cents).toBe(0);
  });
});

describe('money received over time', () => {
  it('sums payments per Nairobi day and per method, leaving out a reversed one', async () => {
    const res = json(
      await expectStatus(
        call('GET', '/api/fees/analytics/?from=2026-02-02&to=2026-02-05', moi.auth),
        200,
      ),
    );
    expect(res).toEqual({
      from: '2026-02-02',
      to: '2026-02-05',
      total_cents: 2_000_000,
      payments: 2,
      by_day: [
        { date: '2026-02-02', amount_cents: 0, payments: 0 },
        { date: '2026-02-03', amount_cents: 2_000_000, payments: 2 },
        { date: '2026-02-04', amount_cents: 0, payments: 0 },
        { date: '2026-02-05', amount_cents: 0, payments: 0 },
      ],
      by_method: [
        { method: 'cash', amount_cents: 1_500_000, payments: 1 },
        { method: 'bank', amount_cents: 0, payments: 0 },
        { method: 'cheque', amount_cents: 0, payments: 0 },
        { method: 'mpesa', amount_cents: 500_000, payments: 1 },
      ],
    });
    const month = json(
      await expectStatus(call('GET', '/api/fees/analytics/?to=2026-02-28', moi.auth), 200),
    );
    expect(month).toMatchObject({ from: '2026-01-30', to: '2026-02-28', total_cents: 2_000_000 });
    expect(month.by_day).toHaveLength(30);
    await expectStatus(
      call('GET', '/api/fees/analytics/?from=2026-03-01&to=2026-02-01', moi.auth),
      400,
      FEE_LEDGER_MESSAGES.range,
    );
    await expectStatus(
      call('GET', '/api/fees/analytics/?from=2026-02-30', moi.auth),
      400,
      'From must be a date (yyyy-mm-dd)',
    );
    await expectStatus(call('GET', '/api/fees/analytics/', {}), 401);
    await expectStatus(call('GET', '/api/fees/analytics/', teacher), 403);
    const theirs = json(
      await expectStatus(
        call('GET', '/api/fees/analytics/?from=2026-02-02&to=2026-02-05', alliance.auth),
        200,
      ),
    );
    expect(theirs.total_cents).toBe(0);
  });
});

describe('the books balance', () => {
  it('every payment with a student is credited once, and the ledgers sum to charges less credits', async () => {
    // More money at once: twelve payments and a replayed M-Pesa receipt.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', '/api/payments/', moi.auth, {
          student: i % 2 ? f.students.baraka : f.students.faraji,
          method: 'cash',
          amount_cents: 10_001 + i,
        }),
      ),
    );
    for (let i = 0; i < 3; i++) {
      await t.app.db.transaction((tx) =>
        recordPayment(tx, {
          schoolId: moi.schoolId,
          studentId: f.students.chebet,
          method: 'mpesa',
          source: 'stk',
          amountCents: 500_000,
          reference: 'SKB3REPORT1',
          paidAt: new Date(),
          recordedBy: null,
        }),
      );
    }
    const [received] = await t.app.db
      .select({ cents: sql<string>`sum(${payments.amountCents})`, n: sql<number>`count(*)::int` })
      .from(payments)
      .where(sql`${payments.schoolId} = ${moi.schoolId} and ${payments.studentId} is not null`);
    const [credited] = await t.app.db
      .select({
        cents: sql<string>`-sum(${ledgerEntries.amountCents})`,
        n: sql<number>`count(*)::int`,
      })
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.schoolId} = ${moi.schoolId} and ${ledgerEntries.kind} = 'payment'`,
      );
    expect(credited).toEqual(received);
    expect(received!.n).toBe(3 + 12);

    // Each statement's balance is its entries' sum, and the statements sum to the balances list.
    const list = json(
      await expectStatus(call('GET', '/api/fees/balances/?page_size=100', moi.auth), 200),
    ) as {
      students: { student: { id: number }; balance_cents: number }[];
      total_balance_cents: number;
    };
    let sum = 0;
    for (const row of list.students) {
      const statement = json(
        await expectStatus(
          call('GET', `/api/students/${row.student.id}/fee_statement/`, moi.auth),
          200,
        ),
      ) as { balance_cents: number; entries: { amount_cents: number; balance_cents: number }[] };
      expect(statement.balance_cents).toBe(row.balance_cents);
      expect(statement.entries.at(-1)?.balance_cents ?? 0).toBe(statement.balance_cents);
      sum += statement.balance_cents;
    }
    expect(sum).toBe(list.total_balance_cents);
  });
});
