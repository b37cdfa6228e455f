import type {
  FeeStatement,
  LedgerEntry,
  StatementStudent,
  VoteHeadTotal,
} from '@shule/shared/fee-ledger';
import {
  LEDGER_KIND_LABELS,
  type LedgerKind,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  VOTE_HEADS,
  type VoteHead,
} from '@shule/shared/fees';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { classes, students } from '../../db/schema/index';
import { notFound } from '../../errors';

/** The school's student (not erased) with their class, or 404 'Student not found'. */
export async function statementStudent(
  db: Db | Tx,
  schoolId: number,
  studentId: number,
): Promise<StatementStudent> {
  const [row] = await db
    .select({
      id: students.id,
      first_name: students.firstName,
      last_name: students.lastName,
      admission_number: students.admissionNumber,
      classId: classes.id,
      className: classes.name,
    })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(
      and(eq(students.id, studentId), eq(students.schoolId, schoolId), isNull(students.erasedAt)),
    );
  if (!row) throw notFound('Student');
  const { classId, className, ...student } = row;
  return { ...student, class: { id: classId, name: className } };
}

interface EntryRow {
  id: number;
  kind: LedgerKind;
  amount_cents: string;
  at: string | Date;
  term_id: number | null;
  term_name: string | null;
  category_id: number | null;
  category_name: string | null;
  vote_head: VoteHead | null;
  payment_id: number | null;
  receipt_number: number | null;
  method: PaymentMethod | null;
  reference: string | null;
  sponsor_id: number | null;
  sponsor_name: string | null;
  note: string | null;
  granted_by: string | null;
  reverses: number | null;
  reverses_kind: LedgerKind | null;
  reverses_receipt: number | null;
  reversed_by: number | null;
  recorded_by: string | null;
}

/**
 * When an entry happened: a payment when it was paid; a charge when it was billed, or the day
 * its term opened if billed later (a term is invoiced as it opens); anything else when entered.
 */
const entryDate = sql.raw(`case
    when le.kind = 'payment' then coalesce(p.paid_at, le.created_at)
    when le.kind = 'charge' and t.start_date is not null
      then least(le.created_at, t.start_date::timestamp at time zone 'Africa/Nairobi')
    else le.created_at end`);

/**
 * Ledger entries with everything a statement says about them, oldest first (by entryDate).
 * `where` filters `le`.
 */
export function entryRows(db: Db | Tx, where: SQL) {
  return queryRows<EntryRow>(
    db,
    sql`
    select le.id, le.kind, le.amount_cents, ${entryDate} as at,
      t.id as term_id, t.name as term_name,
      c.id as category_id, c.name as category_name, c.vote_head,
      p.id as payment_id, p.receipt_number, p.method, p.reference,
      sp.id as sponsor_id, sp.name as sponsor_name,
      le.note, le.granted_by,
      le.reverses_id as reverses, orig.kind as reverses_kind,
      orig_p.receipt_number as reverses_receipt,
      rev.id as reversed_by,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as recorded_by
    from ledger_entries le
    left join terms t on t.id = le.term_id
    left join fee_amounts fa on fa.id = le.fee_amount_id
    left join fee_categories c on c.id = fa.category_id
    left join payments p on p.id = le.payment_id and le.kind = 'payment'
    left join sponsors sp on sp.id = le.sponsor_id
    left join ledger_entries orig on orig.id = le.reverses_id
    left join payments orig_p on orig_p.id = orig.payment_id
    left join ledger_entries rev on rev.reverses_id = le.id
    left join users u on u.id = le.recorded_by
    where ${where}
    order by ${entryDate}, le.id`,
  );
}

const iso = (at: string | Date) => new Date(at).toISOString();

/** What an entry says in words on a statement. */
export function describeEntry(row: EntryRow): string {
  const note = row.note ? `: ${row.note}` : '';
  switch (row.kind) {
    case 'charge':
      return `${row.category_name ?? row.note ?? 'Fee'}${row.term_name ? ` (${row.term_name})` : ''}`;
    case 'payment': {
      const method = row.method ? PAYMENT_METHOD_LABELS[row.method] : 'Payment';
      const ref = row.reference ? ` ${row.reference}` : '';
      return `Payment by ${method}${ref}${row.sponsor_name ? ` from ${row.sponsor_name}` : ''}`;
    }
    case 'waiver':
    case 'discount':
      return `${LEDGER_KIND_LABELS[row.kind]} granted by ${row.granted_by ?? 'the school'}${note}`;
    case 'bursary':
      return `Bursary from ${row.sponsor_name ?? 'a sponsor'}${note}`;
    case 'capitation':
      return `Government capitation${note}`;
    case 'reversal': {
      const what = row.reverses_kind
        ? LEDGER_KIND_LABELS[row.reverses_kind].toLowerCase()
        : 'entry';
      const receipt = row.reverses_receipt ? ` (receipt ${row.reverses_receipt})` : '';
      const category =
        row.reverses_kind === 'charge' && row.category_name ? ` ${row.category_name}` : '';
      return `Reversal of ${what}${category}${receipt}${note}`;
    }
  }
}

/** Entries as the API answers them, each with the running balance after it. */
export function toLedgerEntries(rows: EntryRow[], opening = 0): LedgerEntry[] {
  let balance = opening;
  return rows.map((row) => {
    const amount = Number(row.amount_cents);
    balance += amount;
    return {
      id: row.id,
      date: iso(row.at),
      kind: row.kind,
      description: describeEntry(row),
      term: row.term_id === null ? null : { id: row.term_id, name: row.term_name ?? '' },
      category:
        row.category_id === null
          ? null
          : { id: row.category_id, name: row.category_name ?? '', vote_head: row.vote_head! },
      payment: row.payment_id,
      receipt_number: row.receipt_number,
      method: row.method,
      reference: row.reference,
      sponsor:
        row.sponsor_id === null ? null : { id: row.sponsor_id, name: row.sponsor_name ?? '' },
      note: row.note,
      granted_by: row.granted_by,
      reverses: row.reverses,
      reversed_by: row.reversed_by,
      recorded_by: row.recorded_by,
      amount_cents: amount,
      balance_cents: balance,
    };
  });
}

/**
 * Charged, paid and owed per vote head: a charge (less its reversal) is owed under its
 * category's head; every credit, net of reversed credits, pays the charges oldest first.
 */
export function voteHeadTotals(entries: LedgerEntry[]): VoteHeadTotal[] {
  const reversedAmount = new Map<number, number>();
  for (const e of entries) {
    if (e.kind === 'reversal' && e.reverses !== null)
      reversedAmount.set(e.reverses, e.amount_cents);
  }
  let credits = 0;
  for (const e of entries) {
    if (e.category === null) credits -= e.amount_cents;
  }
  const totals = new Map<VoteHead, { charged: number; paid: number }>();
  for (const e of entries) {
    if (e.kind !== 'charge' || e.category === null) continue;
    const net = e.amount_cents + (reversedAmount.get(e.id) ?? 0);
    const head = totals.get(e.category.vote_head) ?? { charged: 0, paid: 0 };
    const paid = Math.max(0, Math.min(net, credits));
    credits -= paid;
    head.charged += net;
    head.paid += paid;
    totals.set(e.category.vote_head, head);
  }
  return VOTE_HEADS.filter((h) => totals.has(h)).map((vote_head) => {
    const { charged, paid } = totals.get(vote_head)!;
    return { vote_head, charged_cents: charged, paid_cents: paid, balance_cents: charged - paid };
  });
}

/** GET /api/students/{id}/fee_statement/ */
export async function feeStatement(
  db: Db | Tx,
  schoolId: number,
  studentId: number,
  byVoteHead = false,
): Promise<FeeStatement> {
  const student = await statementStudent(db, schoolId, studentId);
  const rows = await entryRows(
    db,
    sql`le.school_id = ${schoolId} and le.student_id = ${studentId}`,
  );
  const entries = toLedgerEntries(rows);
  const balance = entries.reduce((sum, e) => sum + e.amount_cents, 0);
  // Charges and their reversals carry the category; every other entry is a credit or its reversal.
  const charged = entries
    .filter((e) => e.category !== null)
    .reduce((sum, e) => sum + e.amount_cents, 0);
  return {
    student,
    balance_cents: balance,
    balance,
    charged_cents: charged,
    credited_cents: charged - balance,
    entries,
    ...(byVoteHead ? { vote_heads: voteHeadTotals(entries) } : {}),
  };
}
