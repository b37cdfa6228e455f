import { parseCsv } from '@shule/shared/csv';
import { centsFromKes, MAX_AMOUNT_CENTS } from '@shule/shared/fees';
import {
  type ImportResponse,
  type ImportSource,
  normalizeAccount,
  normalizeReference,
  studentIdOfShortAccount,
} from '@shule/shared/mpesa';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { students } from '../../db/schema/index';
import { invalid } from '../../errors';
import { recordPayment } from '../fees/index';

/**
 * Statements of money received elsewhere (decision 016): a bank's, the eCitizen Paybill's, or
 * Safaricom Bill Manager's, as CSV. Each row of money in is matched to a student by the account
 * (admission number, case and spaces ignored; or the SH<id> short code) or queued unmatched, and
 * recorded through recordPayment once per school, references compared trimmed and in upper case:
 * an M-Pesa receipt (so a payment the Paybill already confirmed is not recorded again) and a bank
 * reference. Another school's receipts make no difference to the answer.
 *
 * Columns are found by their header (case, spaces and punctuation ignored), on the first row
 * that names a reference and an amount (statements often start with a few lines about the
 * account). Read:
 * - reference (required): Receipt No., Receipt, Transaction ID, TransID, Reference, Ref No,
 *   Bank Reference, Transaction Reference
 * - amount in (required): Paid In, Credit, Money In, Deposit, Amount, TransAmount
 * - date: Completion Time, Transaction Date, Trans Time, Date, Value Date, Paid At, Posting Date
 * - account: A/C No., Account No, Account Number, Account, BillRefNumber, Bill Ref Number,
 *   Account Reference, Admission Number, Customer Reference
 * - payer: Other Party Info, Payer, Payer Name, Customer Name, Name
 * - narration (bank; searched for an admission number when there is no account column):
 *   Narration, Description, Details, Particulars
 * - status: Transaction Status, Status (a row whose status is not Completed, Success or
 *   Successful is skipped)
 */

const COLUMNS = {
  reference: [
    'receiptno',
    'receiptnumber',
    'receipt',
    'transactionid',
    'transid',
    'reference',
    'refno',
    'bankreference',
    'transactionreference',
  ],
  amount: ['paidin', 'credit', 'moneyin', 'deposit', 'amount', 'transamount', 'creditamount'],
  date: [
    'completiontime',
    'transactiondate',
    'transtime',
    'date',
    'valuedate',
    'paidat',
    'postingdate',
  ],
  account: [
    'acno',
    'accountno',
    'accountnumber',
    'account',
    'billrefnumber',
    'billref',
    'accountreference',
    'admissionnumber',
    'customerreference',
  ],
  payer: ['otherpartyinfo', 'payer', 'payername', 'customername', 'name'],
  narration: ['narration', 'description', 'details', 'particulars'],
  status: ['transactionstatus', 'status'],
} as const;
type Column = keyof typeof COLUMNS;

const DONE_STATUSES = new Set(['completed', 'complete', 'success', 'successful']);

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Where each column is in `header`, or null when the row is not the header. */
function columnsOf(header: string[]): Partial<Record<Column, number>> | null {
  const keys = header.map(headerKey);
  const found: Partial<Record<Column, number>> = {};
  for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    // The first name in the list's order wins: "Paid In" before a generic "Amount".
    for (const name of names) {
      const at = keys.indexOf(name);
      if (at >= 0) {
        found[column] = at;
        break;
      }
    }
  }
  return found.reference !== undefined && found.amount !== undefined ? found : null;
}

/**
 * A statement's date and time as an instant, read in Nairobi time: 2026-01-26 10:15:00,
 * 2026-01-26T10:15, 26/01/2026 10:15, 26-01-2026, 20260126101500. Null when not one.
 */
export function statementDate(text: string): Date | null {
  const value = text.trim();
  let parts: number[] | undefined;
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (m) parts = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0));
  if (!parts) {
    m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
    if (m) parts = [m[3], m[2], m[1], m[4], m[5], m[6]].map((v) => Number(v ?? 0));
  }
  if (!parts) {
    m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
    if (m) parts = m.slice(1).map(Number);
  }
  if (!parts) return null;
  const [y, mo, d, h, mi, s] = parts as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h - 3, mi, s));
  // 31/02/2026 rolls over into March: not a date.
  const back = new Date(at.getTime() + 3 * 3_600_000);
  if (back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || s > 59) {
    return null;
  }
  return at;
}

/** "KES 1,500.00", "1500", "1,500.5" → cents; empty, negative or words → null. */
function amountIn(text: string) {
  const value = text.replace(/^\s*(KES|KSH|Ksh|Kshs)\.?\s*/i, '').trim();
  if (!value) return null;
  return centsFromKes(value);
}

/** The school's students by normalized admission number, and the ids (for short codes). */
async function studentIndex(tx: Tx, schoolId: number) {
  const rows = await tx
    .select({ id: students.id, admissionNumber: students.admissionNumber })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), isNull(students.erasedAt)));
  return {
    byAdmission: new Map(rows.map((r) => [normalizeAccount(r.admissionNumber), r.id])),
    ids: new Set(rows.map((r) => r.id)),
  };
}
type StudentIndex = Awaited<ReturnType<typeof studentIndex>>;

function matchAccount(index: StudentIndex, account: string): number | null {
  const wanted = normalizeAccount(account);
  if (!wanted) return null;
  const byAdmission = index.byAdmission.get(wanted);
  if (byAdmission !== undefined) return byAdmission;
  const shortId = studentIdOfShortAccount(wanted);
  return shortId !== null && index.ids.has(shortId) ? shortId : null;
}

/** A narration's words that name exactly one student ("FEES ADM 2207 J KAMAU" → ADM2207?). */
function matchNarration(index: StudentIndex, narration: string): number | null {
  const words = narration.split(/[^A-Za-z0-9/-]+/).filter(Boolean);
  const found = new Set<number>();
  // Single words, and two neighbours joined (an admission number written with a space).
  for (let i = 0; i < words.length; i += 1) {
    for (const candidate of [words[i]!, `${words[i]}${words[i + 1] ?? ''}`]) {
      const id = matchAccount(index, candidate);
      if (id !== null) found.add(id);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** The most skipped rows named in an answer; the count of the rest is in the last entry. */
const MAX_SKIPPED_LISTED = 200;

/**
 * Imports a statement for the school in one transaction: all its rows or, on an error, none.
 * A row already recorded (this file before, or the Paybill) is counted, not recorded again.
 */
export async function importStatement(
  db: Db,
  actor: { schoolId: number; userId: number },
  source: ImportSource,
  text: string,
): Promise<ImportResponse> {
  if (text.includes('\u0000')) throw invalid('file', 'The file is not a CSV statement');
  const rows = parseCsv(text);
  const headerAt = rows.findIndex((row) => columnsOf(row.cells) !== null);
  if (headerAt < 0) {
    throw invalid(
      'file',
      'The statement has no header with a reference column (Receipt No., Transaction ID or Reference) and an amount column (Paid In, Credit or Amount)',
    );
  }
  const columns = columnsOf(rows[headerAt]!.cells)!;
  const cell = (cells: string[], column: Column) => {
    const at = columns[column];
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const method = source === 'bank' ? 'bank' : 'mpesa';
  const answer: ImportResponse = {
    source,
    rows: 0,
    matched: 0,
    unmatched: 0,
    already_recorded: 0,
    skipped: [],
    total_cents: 0,
  };
  const skip = (line: number, reason: string) => {
    if (answer.skipped.length < MAX_SKIPPED_LISTED) answer.skipped.push({ line, reason });
  };

  await db.transaction(async (tx) => {
    const index = await studentIndex(tx, actor.schoolId);
    const seen = new Set<string>();
    for (const { line, cells } of rows.slice(headerAt + 1)) {
      if (cells.every((c) => c.trim() === '')) continue;
      answer.rows += 1;
      const reference = cell(cells, 'reference');
      const amountText = cell(cells, 'amount');
      const status = cell(cells, 'status');
      if (status && !DONE_STATUSES.has(status.toLowerCase())) {
        skip(line, `Not completed (status “${status.slice(0, 40)}”)`);
        continue;
      }
      if (!amountText || /^0+(\.0+)?$/.test(amountText)) {
        skip(line, 'No money in (a withdrawal or a charge)');
        continue;
      }
      const amountCents = amountIn(amountText);
      if (amountCents === null || amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS) {
        skip(line, `The amount “${amountText.slice(0, 40)}” is not shillings`);
        continue;
      }
      if (!reference || reference.length > 100) {
        skip(line, 'No reference: a payment is recorded by its receipt or bank reference');
        continue;
      }
      const dateText = cell(cells, 'date');
      const paidAt = dateText ? statementDate(dateText) : null;
      if (columns.date !== undefined && !paidAt) {
        skip(line, `The date “${dateText.slice(0, 40)}” is not a date`);
        continue;
      }
      // The same reference twice in one file is one payment.
      const key = normalizeReference(reference);
      if (seen.has(key)) {
        answer.already_recorded += 1;
        continue;
      }
      seen.add(key);
      const account = cell(cells, 'account');
      const narration = cell(cells, 'narration');
      const studentId = account
        ? matchAccount(index, account)
        : narration
          ? matchNarration(index, narration)
          : null;
      const payer = cell(cells, 'payer');
      const { recorded } = await recordPayment(tx, {
        schoolId: actor.schoolId,
        studentId,
        method,
        source: 'import',
        amountCents,
        reference,
        accountReference: (account || narration).slice(0, 100) || null,
        payerName: payer.slice(0, 100) || null,
        paidAt: paidAt ?? new Date(),
        recordedBy: actor.userId,
      });
      if (!recorded) {
        answer.already_recorded += 1;
        continue;
      }
      if (studentId === null) answer.unmatched += 1;
      else answer.matched += 1;
      answer.total_cents += amountCents;
    }
  });
  return answer;
}
