import { randomBytes } from 'node:crypto';
import { type ImportResponse, MPESA_MESSAGES } from '@shule/shared/mpesa';
import { describe, expect, it } from 'vitest';
import { authAs, expectStatus } from '../../test/app';
import { c2bConfirmation } from '../../test/fake-daraja';
import { type FormPart, multipartForm } from '../../test/multipart';
import { balanceOf } from '../fees/index';
import { statementDate } from './import';
import { paybillUrls } from './paybill';
import { ledgerMatchesPayments, mpesaStudent, paymentsOf, useMpesaApp } from './test-app';

const { t, schools } = useMpesaApp('Moi Forces Academy', 'Alliance Girls');
const [moi, alliance] = schools;

const importAs = (who: { auth: Record<string, string> }, parts: FormPart[]) => {
  const { payload, headers } = multipartForm(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/import/',
    headers: { ...who.auth, ...headers },
    payload,
  });
};
const statement = (source: string, csv: string) => [
  { name: 'source', value: source },
  { name: 'file', value: csv, filename: 'statement.csv' },
];

describe('statement import', () => {
  it('reads an M-Pesa statement: matched, unmatched and skipped rows, and records nothing twice on a second import', async () => {
    const student = await mpesaStudent(t, moi.schoolId, 'ADM 3301');
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const csv = [
      'Account Holder:,Moi Forces Academy',
      'Time Period:,01-01-2026 - 31-01-2026',
      '',
      'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.',
      `SA${tag}1,2026-01-05 09:12:44,2026-01-05 09:12:44,Pay Bill from 2547****126,Completed,"12,500.00",,,true,Pay Bill,254712***126 - WANJIRU KAMAU,,adm3301`,
      `SA${tag}2,05/01/2026 10:00,05/01/2026 10:00,Pay Bill,Completed,800.00,,,true,Pay Bill,JOHN OTIENO,,NOT A STUDENT`,
      `SA${tag}3,2026-01-06 08:00:00,,Withdrawal,Completed,,5000.00,,true,Withdraw,,,`,
      `SA${tag}4,2026-01-07 08:00:00,,Pay Bill,Failed,300.00,,,true,Pay Bill,,,adm3301`,
      `SA${tag}5,2026-02-30 08:00:00,,Pay Bill,Completed,300.00,,,true,Pay Bill,,,adm3301`,
      '',
    ].join('\r\n');
    const first = (await expectStatus(importAs(moi, statement('bill_manager', csv)), 201)).json();
    expect(first).toEqual({
      source: 'bill_manager',
      rows: 5,
      matched: 1,
      unmatched: 1,
      already_recorded: 0,
      skipped: [
        { line: 7, reason: 'No money in (a withdrawal or a charge)' },
        { line: 8, reason: 'Not completed (status “Failed”)' },
        { line: 9, reason: 'The date “2026-02-30 08:00:00” is not a date' },
      ],
      total_cents: 1_330_000,
    } satisfies ImportResponse);
    const mine = (await paymentsOf(t, moi.schoolId)).filter((p) =>
      p.reference?.startsWith(`SA${tag}`),
    );
    expect(mine.map((p) => [p.reference, p.studentId, p.method, p.source, p.amountCents])).toEqual([
      [`SA${tag}1`, student.id, 'mpesa', 'import', 1_250_000],
      [`SA${tag}2`, null, 'mpesa', 'import', 80_000],
    ]);
    // Nairobi time: 09:12:44 EAT is 06:12:44 UTC.
    expect(mine[0]!.paidAt.toISOString()).toBe('2026-01-05T06:12:44.000Z');
    expect(mine[0]!.payerName).toBe('254712***126 - WANJIRU KAMAU');
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-1_250_000);

    const again = (await expectStatus(importAs(moi, statement('bill_manager', csv)), 201)).json();
    expect(again).toMatchObject({
      rows: 5,
      matched: 0,
      unmatched: 0,
      already_recorded: 2,
      total_cents: 0,
    });
    expect(
      (await paymentsOf(t, moi.schoolId)).filter((p) => p.reference?.startsWith(`SA${tag}`)),
    ).toHaveLength(2);
    const books = await ledgerMatchesPayments(t, moi.schoolId);
    expect(books.orphans).toBe(0);
    expect(books.credited).toBe(books.paid);
  });

  it('does not record again a receipt the Paybill already confirmed', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    const confirmation = c2bConfirmation({ amount: 2000, account: student.admissionNumber });
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: new URL(paybillUrls(t.mpesa, moi.schoolId).confirmationUrl).pathname,
        payload: confirmation,
      }),
      200,
    );
    const csv = `Receipt No.,Completion Time,Transaction Status,Paid In,A/C No.\n${confirmation.TransID},2026-01-05 09:12:44,Completed,2000.00,${student.admissionNumber}\n`;
    const answer = (await expectStatus(importAs(moi, statement('ecitizen', csv)), 201)).json();
    expect(answer).toMatchObject({ rows: 1, matched: 0, already_recorded: 1 });
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-200_000);
  });

  it('reads a bank statement, finding the admission number in the narration, once per school', async () => {
    const student = await mpesaStudent(t, alliance.schoolId, 'AG 5512');
    const ref = `FT${randomBytes(4).toString('hex').toUpperCase()}`;
    const csv = [
      'Posting Date;Value Date;Reference;Narration;Debit;Credit',
      `26/01/2026;26/01/2026;${ref}1;SCHOOL FEES AG 5512 KAMAU;;45000.00`,
      `27/01/2026;27/01/2026;${ref}2;CASH DEPOSIT;;1000.00`,
      `27/01/2026;27/01/2026;${ref}3;LEDGER FEE;150.00;`,
    ].join('\n');
    const answer = (await expectStatus(importAs(alliance, statement('bank', csv)), 201)).json();
    expect(answer).toMatchObject({
      rows: 3,
      matched: 1,
      unmatched: 1,
      already_recorded: 0,
      total_cents: 4_600_000,
    });
    expect(answer.skipped).toEqual([{ line: 4, reason: 'No money in (a withdrawal or a charge)' }]);
    const mine = (await paymentsOf(t, alliance.schoolId)).filter((p) =>
      p.reference?.startsWith(ref),
    );
    expect(mine.map((p) => [p.studentId, p.method, p.accountReference])).toEqual([
      [student.id, 'bank', 'SCHOOL FEES AG 5512 KAMAU'],
      [null, 'bank', 'CASH DEPOSIT'],
    ]);
    const again = (await expectStatus(importAs(alliance, statement('bank', csv)), 201)).json();
    expect(again).toMatchObject({ matched: 0, unmatched: 0, already_recorded: 2 });
    // Another school's statement may hold the same bank reference: its own payment, unmatched
    // there (Alliance's student is not Moi's).
    const there = (await expectStatus(importAs(moi, statement('bank', csv)), 201)).json();
    expect(there).toMatchObject({ matched: 0, unmatched: 2 });
    expect(await balanceOf(t.app.db, alliance.schoolId, student.id)).toBe(-4_500_000);
  });

  it('answers 400 with the field’s message, 401 without a token and 403 to a teacher', async () => {
    const csv = 'Receipt No.,Paid In\nX1,100\n';
    await expectStatus(
      importAs(moi, [{ name: 'file', value: csv, filename: 's.csv' }]),
      400,
      MPESA_MESSAGES.importSource,
    );
    await expectStatus(importAs(moi, statement('mpesa', csv)), 400, MPESA_MESSAGES.importSource);
    await expectStatus(
      importAs(moi, [{ name: 'source', value: 'bank' }]),
      400,
      MPESA_MESSAGES.importFile,
    );
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: '/api/payments/import/',
        headers: moi.auth,
        payload: { source: 'bank' },
      }),
      400,
      MPESA_MESSAGES.importFile,
    );
    const noHeader = await expectStatus(
      importAs(moi, statement('bank', 'Date,Narration\n2026-01-01,x\n')),
      400,
    );
    expect(noHeader.json().errors).toHaveProperty('file');
    await expectStatus(importAs({ auth: {} }, statement('bank', csv)), 401);
    await expectStatus(
      importAs({ auth: await authAs(t.app, moi.schoolId, 'teacher') }, statement('bank', csv)),
      403,
    );
  });
});

describe('reading statements', () => {
  it('reads dates in Nairobi time, and refuses days that do not exist', () => {
    const utc = (d: Date | null) => d?.toISOString();
    expect(utc(statementDate('2026-01-05 09:12:44'))).toBe('2026-01-05T06:12:44.000Z');
    expect(utc(statementDate('05/01/2026 10:00'))).toBe('2026-01-05T07:00:00.000Z');
    expect(utc(statementDate('5-1-2026'))).toBe('2026-01-04T21:00:00.000Z');
    expect(utc(statementDate('20260105091244'))).toBe('2026-01-05T06:12:44.000Z');
    for (const bad of ['2026-02-30', '31/04/2026', 'yesterday', '2026-01-05 25:00']) {
      expect(statementDate(bad), bad).toBeNull();
    }
  });
});
