import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { MpesaConfig } from '../../config';
import { ledgerEntries, payments, students } from '../../db/schema/index';
import { createTestApp, registerSchool, type SignedInSchool, type TestApp } from '../../test/app';
import { type FakeDaraja, startFakeDaraja } from '../../test/fake-daraja';
import { insertClass } from '../../test/seed';

/**
 * For an M-Pesa test file: an app listening on a port (Daraja's callbacks are real HTTP posts),
 * its M-Pesa settings pointed at a fake Daraja (test/fake-daraja.ts), and one signed-in school
 * per name. Read the fields inside tests and hooks only.
 */
export function useMpesaApp<N extends string[]>(...schoolNames: N) {
  const t = {} as TestApp & { fake: FakeDaraja; mpesa: MpesaConfig };
  const schools = schoolNames.map(() => ({}) as SignedInSchool) as {
    [K in keyof N]: SignedInSchool;
  };
  beforeAll(async () => {
    const fake = await startFakeDaraja();
    const mpesa = fake.config('http://127.0.0.1', randomBytes(24).toString('base64url'));
    Object.assign(t, await createTestApp({ mpesa }), { fake, mpesa });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The callbacks' base, known once the port is.
    mpesa.publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const [i, name] of schoolNames.entries()) {
      Object.assign(schools[i]!, await registerSchool(t.app, name));
    }
  });
  beforeEach(() => t.fake?.reset());
  afterAll(async () => {
    await t.fake?.close();
    await t.close?.();
  });
  return { t, schools };
}

let admissions = 0;
/** A student of `schoolId` with the given (or a fresh, short) admission number. */
export async function mpesaStudent(t: TestApp, schoolId: number, admissionNumber?: string) {
  admissions += 1;
  const classId = await insertClass(t.app, schoolId, `M${admissions}`);
  const [row] = await t.app.db
    .insert(students)
    .values({
      schoolId,
      classId,
      admissionNumber: admissionNumber ?? `A${process.pid % 1000}${admissions}`,
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      dateOfBirth: '2011-03-04',
      gender: 'female',
    })
    .returning({ id: students.id, admissionNumber: students.admissionNumber });
  return row!;
}

/** The school's payments, oldest first. */
export const paymentsOf = (t: TestApp, schoolId: number) =>
  t.app.db.select().from(payments).where(eq(payments.schoolId, schoolId)).orderBy(payments.id);

/**
 * The school's books agree: every payment given to a student is credited exactly once, for its
 * amount, and no credit is without its payment. Answers the credited cents.
 */
export async function ledgerMatchesPayments(t: TestApp, schoolId: number) {
  const [row] = await t.app.db
    .select({
      paid: sql<string>`coalesce((select sum(amount_cents) from payments where school_id = ${schoolId} and student_id is not null), 0)`,
      credited: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}), 0)`,
      orphans: sql<number>`(select count(*)::int from payments p where p.school_id = ${schoolId} and p.student_id is not null and (select count(*) from ledger_entries e where e.payment_id = p.id and e.kind = 'payment') <> 1)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.schoolId, schoolId), eq(ledgerEntries.kind, 'payment')));
  return { paid: Number(row!.paid), credited: Number(row!.credited), orphans: row!.orphans };
}

/** Polls `check` until it answers something, for up to `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
