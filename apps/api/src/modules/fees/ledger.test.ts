import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, payments } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';
import { assignPayment, balanceOf, recordPayment } from './ledger';

const { t, schools } = useTestApp('Moi Forces Academy', 'Alliance Girls');
const [moi, alliance] = schools;

const cash = (schoolId: number, studentId: number | null, amountCents: number) => ({
  schoolId,
  studentId,
  method: 'cash' as const,
  source: 'counter' as const,
  amountCents,
  paidAt: new Date('2026-02-03T08:00:00Z'),
  recordedBy: null,
});
const mpesa = (schoolId: number, studentId: number | null, reference: string) => ({
  ...cash(schoolId, studentId, 150_000),
  method: 'mpesa' as const,
  source: 'c2b' as const,
  reference,
});

describe('recordPayment', () => {
  it('numbers receipts 1, 2, 3… per school, even when recorded at once, and credits the student', async () => {
    const { db } = t.app;
    const moiStudent = await insertStudent(
      t.app,
      moi.schoolId,
      await insertClass(t.app, moi.schoolId, '1A'),
    );
    const allianceStudent = await insertStudent(
      t.app,
      alliance.schoolId,
      await insertClass(t.app, alliance.schoolId, '1A'),
    );
    const recorded = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.transaction((tx) => recordPayment(tx, cash(moi.schoolId, moiStudent, 10_000 + i))),
      ),
    );
    expect(recorded.map((r) => r.payment.receiptNumber).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    const other = await db.transaction((tx) =>
      recordPayment(tx, cash(alliance.schoolId, allianceStudent, 5_000)),
    );
    expect(other.payment.receiptNumber).toBe(1);
    // 8 payments of 100.00 to 100.07: 800.28 taken off the balance, exactly.
    expect(await balanceOf(db, moi.schoolId, moiStudent)).toBe(-80_028);
    expect(await balanceOf(db, alliance.schoolId, moiStudent)).toBe(0);
  });

  it('records an M-Pesa receipt once however often, and at once, it comes', async () => {
    const { db } = t.app;
    const student = await insertStudent(
      t.app,
      moi.schoolId,
      await insertClass(t.app, moi.schoolId, '2A'),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        db.transaction((tx) => recordPayment(tx, mpesa(moi.schoolId, student, 'SKL8ABC123'))),
      ),
    );
    expect(answers.filter((a) => a.recorded)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.payment.id)).size).toBe(1);
    const rows = await db.select().from(payments).where(eq(payments.reference, 'SKL8ABC123'));
    expect(rows).toHaveLength(1);
    expect(await balanceOf(db, moi.schoolId, student)).toBe(-150_000);
    // A receipt number was taken once: the next receipt follows it with no gap.
    const next = await db.transaction((tx) => recordPayment(tx, cash(moi.schoolId, student, 1)));
    expect(next.payment.receiptNumber).toBe(rows[0]!.receiptNumber + 1);
  });

  it('leaves an unmatched payment off every ledger until it is given to a student, once', async () => {
    const { db } = t.app;
    const student = await insertStudent(
      t.app,
      moi.schoolId,
      await insertClass(t.app, moi.schoolId, '3A'),
    );
    const { payment } = await db.transaction((tx) =>
      recordPayment(tx, mpesa(moi.schoolId, null, 'SKL8UNMATCHED')),
    );
    const credits = () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.paymentId, payment.id));
    expect((await credits())[0]!.n).toBe(0);
    expect(
      await db.transaction((tx) =>
        assignPayment(tx, alliance.schoolId, payment.id, student, moi.userId),
      ),
    ).toBeUndefined();
    const assigned = await db.transaction((tx) =>
      assignPayment(tx, moi.schoolId, payment.id, student, moi.userId),
    );
    expect(assigned).toMatchObject({ studentId: student, matchedBy: moi.userId });
    await expect(
      db.transaction((tx) => assignPayment(tx, moi.schoolId, payment.id, student, moi.userId)),
    ).rejects.toMatchObject({ status: 409 });
    expect((await credits())[0]!.n).toBe(1);
    expect(await balanceOf(db, moi.schoolId, student)).toBe(-150_000);
  });
});
