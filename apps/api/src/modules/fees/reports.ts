import {
  ANALYTICS_DEFAULT_DAYS,
  BALANCES_CSV_HEADER,
  type BalanceRow,
  type Balances,
  type balancesQuery,
  type Collection,
  type FeeAnalytics,
} from '@shule/shared/fee-ledger';
import { formatKes, PAYMENT_METHODS, type PaymentMethod } from '@shule/shared/fees';
import { todayIn } from '@shule/shared/school-time';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { containsIgnoringCase } from '../../db/search';
import { invalid } from '../../errors';
import { NAIROBI } from './access';
import { allocateCredits, percentOf } from './allocation';
import { termOfSchool } from './structures';

/**
 * The school's fee reports, from the ledger alone (nothing is stored that could drift): a term's
 * collection per class, students with their balances, and money received over time. A
 * student's charges are the entries naming a structure line (charges and their reversals); the
 * rest are credits, which cover the oldest term first (allocation.ts).
 */

interface StudentMoney {
  charges: Map<number, number>;
  credits: number;
}

/** Every student's charges per term and credits, in one query. */
async function moneyOfStudents(db: Db | Tx, schoolId: number) {
  const rows = await queryRows<{
    student_id: number;
    term_id: number | null;
    charged: string | null;
    credits: string | null;
  }>(
    db,
    sql`select le.student_id, le.term_id,
        sum(le.amount_cents) filter (where le.fee_amount_id is not null) as charged,
        -sum(le.amount_cents) filter (where le.fee_amount_id is null) as credits
      from ledger_entries le where le.school_id = ${schoolId}
      group by le.student_id, le.term_id`,
  );
  const money = new Map<number, StudentMoney>();
  for (const row of rows) {
    const m = money.get(row.student_id) ?? { charges: new Map(), credits: 0 };
    if (row.charged !== null && row.term_id !== null) {
      m.charges.set(row.term_id, (m.charges.get(row.term_id) ?? 0) + Number(row.charged));
    }
    m.credits += Number(row.credits ?? 0);
    money.set(row.student_id, m);
  }
  return money;
}

async function termOrder(db: Db | Tx, schoolId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from terms where school_id = ${schoolId} order by start_date, id`,
  );
  return rows.map((r) => r.id);
}

/** What a student was charged for a term, and what covers it; or everything, without a term. */
function figuresOf(m: StudentMoney | undefined, termId: number | undefined, order: number[]) {
  if (!m) return { expected: 0, paid: 0 };
  if (termId === undefined) {
    let expected = 0;
    for (const cents of m.charges.values()) expected += cents;
    return { expected, paid: m.credits };
  }
  const expected = m.charges.get(termId) ?? 0;
  return { expected, paid: allocateCredits(m.charges, m.credits, order).get(termId) ?? 0 };
}

/** GET /api/fees/collection/?term= */
export async function collection(db: Db, schoolId: number, termId: number): Promise<Collection> {
  const term = await termOfSchool(db, schoolId, termId);
  const [money, order, students, classRows] = await Promise.all([
    moneyOfStudents(db, schoolId),
    termOrder(db, schoolId),
    queryRows<{ id: number; class_id: number }>(
      db,
      sql`select id, class_id from students where school_id = ${schoolId}`,
    ),
    queryRows<{ id: number; name: string; level: string | null; has_lines: boolean }>(
      db,
      sql`select c.id, c.name, c.level,
          exists (select 1 from fee_amounts fa where fa.class_id = c.id and fa.term_id = ${termId}) as has_lines
        from classes c where c.school_id = ${schoolId} order by c.name, c.id`,
    ),
  ]);
  const perClass = new Map<number, { students: number; expected: number; collected: number }>();
  for (const student of students) {
    const m = money.get(student.id);
    if (!m?.charges.has(termId)) continue;
    const { expected, paid } = figuresOf(m, termId, order);
    const c = perClass.get(student.class_id) ?? { students: 0, expected: 0, collected: 0 };
    c.students += 1;
    c.expected += expected;
    c.collected += paid;
    perClass.set(student.class_id, c);
  }
  const figures = (c: { students: number; expected: number; collected: number }) => ({
    students: c.students,
    expected_cents: c.expected,
    collected_cents: c.collected,
    balance_cents: c.expected - c.collected,
    percent: percentOf(c.collected, c.expected),
  });
  const totals = { students: 0, expected: 0, collected: 0 };
  const classes = classRows
    .filter((c) => c.has_lines || perClass.has(c.id))
    .map((c) => {
      const sums = perClass.get(c.id) ?? { students: 0, expected: 0, collected: 0 };
      totals.students += sums.students;
      totals.expected += sums.expected;
      totals.collected += sums.collected;
      return { class: { id: c.id, name: c.name, level: c.level }, ...figures(sums) };
    });
  return { term: { id: term.id, name: term.name }, classes, totals: figures(totals) };
}

type BalancesQuery = z.output<typeof balancesQuery>;

/** Every student matching the filter with their figures, highest balance first. */
async function balanceRows(db: Db, schoolId: number, query: BalancesQuery): Promise<BalanceRow[]> {
  if (query.term !== undefined) await termOfSchool(db, schoolId, query.term);
  if (query.class !== undefined) {
    const [own] = await queryRows<{ id: number }>(
      db,
      sql`select id from classes where id = ${query.class} and school_id = ${schoolId}`,
    );
    if (!own) throw invalid('class', "Choose one of your school's classes");
  }
  const search = query.search
    ? sql` and (${containsIgnoringCase(sql`s.first_name || ' ' || s.last_name`, query.search)}
        or ${containsIgnoringCase(sql`s.last_name || ' ' || s.first_name`, query.search)}
        or ${containsIgnoringCase(sql`s.admission_number`, query.search)})`
    : sql``;
  const [money, order, students] = await Promise.all([
    moneyOfStudents(db, schoolId),
    termOrder(db, schoolId),
    queryRows<{
      id: number;
      first_name: string;
      last_name: string;
      admission_number: string;
      is_active: boolean;
      class_id: number;
      class_name: string;
    }>(
      db,
      sql`select s.id, s.first_name, s.last_name, s.admission_number, s.is_active,
          c.id as class_id, c.name as class_name
        from students s join classes c on c.id = s.class_id
        where s.school_id = ${schoolId} and s.erased_at is null
          ${query.class === undefined ? sql`` : sql`and s.class_id = ${query.class}`}${search}`,
    ),
  ]);
  const rows: BalanceRow[] = [];
  for (const s of students) {
    const m = money.get(s.id);
    // With a term: those it billed. Without: the school's students, and any who left owing.
    if (query.term !== undefined ? !m?.charges.has(query.term) : !s.is_active && !m) continue;
    const { expected, paid } = figuresOf(m, query.term, order);
    const balance = expected - paid;
    if (query.min_balance_cents !== undefined && balance < query.min_balance_cents) continue;
    rows.push({
      student: {
        id: s.id,
        first_name: s.first_name,
        last_name: s.last_name,
        admission_number: s.admission_number,
      },
      class: { id: s.class_id, name: s.class_name },
      expected_cents: expected,
      paid_cents: paid,
      balance_cents: balance,
    });
  }
  const name = (r: BalanceRow) => `${r.student.first_name} ${r.student.last_name}`;
  rows.sort(
    (a, b) =>
      b.balance_cents - a.balance_cents ||
      name(a).localeCompare(name(b)) ||
      a.student.id - b.student.id,
  );
  return rows;
}

/** GET /api/fees/balances/: one page. */
export async function balances(db: Db, schoolId: number, query: BalancesQuery): Promise<Balances> {
  const rows = await balanceRows(db, schoolId, query);
  const start = (query.page - 1) * query.page_size;
  return {
    students: rows.slice(start, start + query.page_size),
    total_balance_cents: rows.reduce((sum, r) => sum + r.balance_cents, 0),
    total: rows.length,
    page: query.page,
    page_size: query.page_size,
  };
}

/** A CSV cell: quoted when it holds a comma, quote or line; a leading =+-@ cannot start a formula. */
const cell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};
const kes = (cents: number) => formatKes(cents).replaceAll(',', '');

/** GET /api/fees/balances/?format=csv: every matching row, shillings with two decimals. */
export async function balancesCsv(db: Db, schoolId: number, query: BalancesQuery) {
  const rows = await balanceRows(db, schoolId, query);
  const lines = [BALANCES_CSV_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [
        cell(r.student.admission_number),
        cell(r.student.first_name),
        cell(r.student.last_name),
        cell(r.class.name),
        kes(r.expected_cents),
        kes(r.paid_cents),
        kes(r.balance_cents),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * GET /api/fees/analytics/?from=&to=: money received per Nairobi day and per method. A payment
 * whose credit was reversed (a bounced cheque) is left out; one waiting in the unmatched queue
 * is counted (the school has the money).
 */
export async function analytics(
  db: Db,
  schoolId: number,
  range: { from?: string; to?: string },
  today = todayIn(),
): Promise<FeeAnalytics> {
  const to = range.to ?? (range.from ? addDays(range.from, ANALYTICS_DEFAULT_DAYS - 1) : today);
  const from = range.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (from > to || addDays(from, 365) < to) {
    throw invalid('from', 'From must be on or before To, at most 366 days apart');
  }
  const rows = await queryRows<{ day: string; method: PaymentMethod; cents: string; n: number }>(
    db,
    sql`select to_char((p.paid_at at time zone ${NAIROBI})::date, 'YYYY-MM-DD') as day, p.method,
        sum(p.amount_cents) as cents, count(*)::int as n
      from payments p
      where p.school_id = ${schoolId}
        and p.paid_at >= (${from}::date::timestamp at time zone ${NAIROBI})
        and p.paid_at < ((${to}::date + 1)::timestamp at time zone ${NAIROBI})
        and not exists (select 1 from ledger_entries le
          where le.payment_id = p.id and le.kind = 'reversal')
      group by 1, 2`,
  );
  const byDay = new Map<string, { amount_cents: number; payments: number }>();
  const byMethod = new Map<PaymentMethod, { amount_cents: number; payments: number }>();
  let total = 0;
  let count = 0;
  for (const row of rows) {
    const cents = Number(row.cents);
    total += cents;
    count += row.n;
    const d = byDay.get(row.day) ?? { amount_cents: 0, payments: 0 };
    d.amount_cents += cents;
    d.payments += row.n;
    byDay.set(row.day, d);
    const m = byMethod.get(row.method) ?? { amount_cents: 0, payments: 0 };
    m.amount_cents += cents;
    m.payments += row.n;
    byMethod.set(row.method, m);
  }
  const by_day: FeeAnalytics['by_day'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    by_day.push({ date: day, ...(byDay.get(day) ?? { amount_cents: 0, payments: 0 }) });
  }
  return {
    from,
    to,
    total_cents: total,
    payments: count,
    by_day,
    by_method: PAYMENT_METHODS.map((method) => ({
      method,
      ...(byMethod.get(method) ?? { amount_cents: 0, payments: 0 }),
    })),
  };
}
