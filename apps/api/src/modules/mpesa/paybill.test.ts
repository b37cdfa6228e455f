import type { AssignPaymentResponse, UnmatchedResponse } from '@shule/shared/mpesa';
import { describe, expect, it } from 'vitest';
import { authAs, expectStatus } from '../../test/app';
import { c2bConfirmation } from '../../test/fake-daraja';
import { balanceOf } from '../fees/index';
import { paybillToken, paybillUrls, schoolOfPaybillToken } from './paybill';
import { ledgerMatchesPayments, mpesaStudent, paymentsOf, useMpesaApp } from './test-app';

const { t, schools } = useMpesaApp('Moi Forces Academy', 'Alliance Girls', 'Starehe Boys');
const [moi, alliance, starehe] = schools;

const confirmationPath = (schoolId: number) =>
  new URL(paybillUrls(t.mpesa, schoolId).confirmationUrl).pathname;
const register = (who: { auth: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/fees/mpesa/register_urls/', headers: who.auth });
const unmatched = (who: { auth: Record<string, string> }, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/payments/unmatched/${query}`, headers: who.auth });
const assign = (who: { auth: Record<string, string> }, id: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/payments/${id}/assign/`, headers: who.auth, payload });

describe('Paybill (C2B)', () => {
  it('registers URLs that name the school and hold none of the words Daraja refuses', async () => {
    const res = await expectStatus(register(moi), 200);
    const body = res.json();
    const token = paybillToken(t.mpesa, moi.schoolId);
    expect(body).toEqual({
      shortcode: t.mpesa.shortcode,
      confirmation_url: `${t.mpesa.publicUrl}/api/payments/paybill/confirmation/${token}`,
      validation_url: `${t.mpesa.publicUrl}/api/payments/paybill/validation/${token}`,
      response_description: 'Success',
    });
    expect(t.fake.registered()).toEqual({
      confirmationUrl: body.confirmation_url,
      validationUrl: body.validation_url,
    });
    expect(schoolOfPaybillToken(t.mpesa, token)).toBe(moi.schoolId);
    expect(schoolOfPaybillToken(t.mpesa, `${alliance.schoolId}-${token.split('-')[1]}`)).toBeNull();
    await expectStatus(register({ auth: {} }), 401);
    await expectStatus(register({ auth: await authAs(t.app, moi.schoolId, 'teacher') }), 403);
  });

  it('matches BillRefNumber to the admission number, case and spaces ignored, and answers Accepted', async () => {
    const student = await mpesaStudent(t, moi.schoolId, 'ADM 2207');
    await expectStatus(register(moi), 200);
    const paid = await t.fake.payBill({
      amount: 4500,
      account: ' adm2207 ',
      transId: 'TKC1A2B3C4',
    });
    expect(paid.status).toBe(200);
    expect(JSON.parse(paid.text)).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    const [payment] = (await paymentsOf(t, moi.schoolId)).filter(
      (p) => p.reference === 'TKC1A2B3C4',
    );
    expect(payment).toMatchObject({
      studentId: student.id,
      method: 'mpesa',
      source: 'c2b',
      amountCents: 450_000,
      accountReference: 'adm2207',
      payerName: 'WANJIRU KAMAU',
      // Masked, kept as it came for matching by hand; never the key.
      payerPhone: '2547 ***** 126',
    });
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-450_000);
    // A replay, and the same receipt at the path: recorded once.
    for (const path of [
      confirmationPath(moi.schoolId),
      `/api/payments/mpesa/c2b_confirmation/${paybillToken(t.mpesa, moi.schoolId)}`,
    ]) {
      await expectStatus(t.app.inject({ method: 'POST', url: path, payload: paid.body }), 200);
    }
    expect(
      (await paymentsOf(t, moi.schoolId)).filter((p) => p.reference === 'TKC1A2B3C4'),
    ).toHaveLength(1);
    // Validation takes every payment.
    const validation = await t.app.inject({
      method: 'POST',
      url: new URL(paybillUrls(t.mpesa, moi.schoolId).validationUrl).pathname,
      payload: c2bConfirmation({ amount: 10, account: 'nobody' }),
    });
    expect(validation.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
  });

  it('matches the short code of a long admission number, and only within the token’s school', async () => {
    const student = await mpesaStudent(t, moi.schoolId, 'MOI/2026/000777');
    const twin = await mpesaStudent(t, alliance.schoolId, 'TWIN01');
    const mine = await mpesaStudent(t, moi.schoolId, 'TWIN01');
    const post = (schoolId: number, account: string, transId: string) =>
      t.app.inject({
        method: 'POST',
        url: confirmationPath(schoolId),
        payload: c2bConfirmation({ amount: 100, account, transId }),
      });
    await expectStatus(post(moi.schoolId, `sh${student.id}`, 'TSH0000001'), 200);
    await expectStatus(post(moi.schoolId, 'twin01', 'TSH0000002'), 200);
    // Alliance's short code sent to Moi's Paybill URL matches no Moi student.
    await expectStatus(post(moi.schoolId, `SH${twin.id}`, 'TSH0000003'), 200);
    const byRef = new Map((await paymentsOf(t, moi.schoolId)).map((p) => [p.reference, p]));
    expect(byRef.get('TSH0000001')?.studentId).toBe(student.id);
    expect(byRef.get('TSH0000002')?.studentId).toBe(mine.id);
    expect(byRef.get('TSH0000003')?.studentId).toBeNull();
    expect(await balanceOf(t.app.db, alliance.schoolId, twin.id)).toBe(0);
  });

  it('records two confirmations of one TransID at once once, and another school’s receipt on its own URL', async () => {
    const student = await mpesaStudent(t, moi.schoolId);
    const body = c2bConfirmation({ amount: 1200, account: student.admissionNumber });
    const post = (schoolId: number) =>
      t.app.inject({ method: 'POST', url: confirmationPath(schoolId), payload: body });
    const answers = await Promise.all([post(moi.schoolId), post(moi.schoolId), post(moi.schoolId)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(
      (await paymentsOf(t, moi.schoolId)).filter((p) => p.reference === body.TransID),
    ).toHaveLength(1);
    // The same receipt posted to Starehe's URL: Starehe's own word, recorded there too (and
    // queued for both to review, references.test.ts); Moi's stays as it was.
    await expectStatus(post(starehe.schoolId), 200);
    expect(
      (await paymentsOf(t, starehe.schoolId)).filter((p) => p.reference === body.TransID),
    ).toHaveLength(1);
    expect(await balanceOf(t.app.db, moi.schoolId, student.id)).toBe(-120_000);
    const books = await ledgerMatchesPayments(t, moi.schoolId);
    expect(books.orphans).toBe(0);
    expect(books.credited).toBe(books.paid);
  });

  it('refuses a wrong or another school’s token with 404 before reading, and a bad body with 400', async () => {
    const body = c2bConfirmation({ amount: 100, account: 'x', transId: 'TBAD000001' });
    const token = paybillToken(t.mpesa, moi.schoolId);
    for (const bad of [
      `${moi.schoolId}-${'0'.repeat(32)}`,
      t.mpesa.callbackToken,
      token.replace(/^\d+/, String(alliance.schoolId)),
      `99999999999-${token.split('-')[1]}`,
    ]) {
      await expectStatus(
        t.app.inject({
          method: 'POST',
          url: `/api/payments/paybill/confirmation/${bad}`,
          payload: body,
        }),
        404,
      );
    }
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: confirmationPath(moi.schoolId),
        payload: { ...body, TransAmount: 'lots' },
      }),
      400,
      'TransAmount must be shillings, like 1500.00',
    );
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: confirmationPath(moi.schoolId),
        payload: { ...body, TransID: undefined },
      }),
      400,
    );
    expect((await paymentsOf(t, moi.schoolId)).some((p) => p.reference === 'TBAD000001')).toBe(
      false,
    );
  });
});

describe('the unmatched queue', () => {
  it('lists unmatched payments oldest first, and an admin gives one to a student once', async () => {
    const school = alliance;
    const student = await mpesaStudent(t, school.schoolId);
    for (const [account, transId, amount] of [
      ['unknown 1', 'TQU0000001', 700],
      ['unknown 2', 'TQU0000002', 300],
    ] as const) {
      await expectStatus(
        t.app.inject({
          method: 'POST',
          url: confirmationPath(school.schoolId),
          payload: c2bConfirmation({ amount, account, transId }),
        }),
        200,
      );
    }
    const page = (
      await expectStatus(unmatched(school, '?page_size=1'), 200)
    ).json() as UnmatchedResponse;
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 1, total_cents: 100_000 });
    expect(page.payments[0]).toMatchObject({
      reference: 'TQU0000001',
      account_reference: 'unknown 1',
      amount_cents: 70_000,
      method: 'mpesa',
      source: 'c2b',
      student: null,
    });
    const id = page.payments[0]!.id;

    await expectStatus(assign(school, id, {}), 400, 'Student is required');
    await expectStatus(assign({ auth: {} }, id, { student: student.id }), 401);
    await expectStatus(
      assign({ auth: await authAs(t.app, school.schoolId, 'teacher') }, id, {
        student: student.id,
      }),
      403,
    );
    await expectStatus(assign(moi, id, { student: student.id }), 404, 'Student not found');
    const moiStudent = await mpesaStudent(t, moi.schoolId);
    await expectStatus(assign(moi, id, { student: moiStudent.id }), 404, 'Payment not found');

    const assigned = (
      await expectStatus(assign(school, id, { student: student.id }), 200)
    ).json() as AssignPaymentResponse;
    expect(assigned).toMatchObject({
      payment: { id, student: { id: student.id, name: 'Wanjiru Kamau' } },
      balance_cents: -70_000,
    });
    await expectStatus(
      assign(school, id, { student: student.id }),
      409,
      'This payment was already given to a student',
    );
    const after = (await unmatched(school)).json() as UnmatchedResponse;
    expect(after.payments.map((p) => p.reference)).toEqual(['TQU0000002']);
    await expectStatus(unmatched({ auth: {} }), 401);
    await expectStatus(unmatched(school, '?page=0'), 400);

    const books = await ledgerMatchesPayments(t, school.schoolId);
    expect(books).toEqual({ paid: books.credited, credited: 70_000, orphans: 0 });
  });
});

describe('malformed Paybill confirmations (fuzz-style)', () => {
  // Values Daraja's fields should never hold, as JSON values.
  const spoiled: unknown[] = [
    '   ',
    '',
    '\t\n',
    '\u0000',
    'TK\u0000123',
    'TK 1234 56',
    '😀',
    'x'.repeat(5000),
    null,
    [],
    ['TKC1'],
    {},
    { $gt: '' },
    true,
    0,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER,
    '1e3',
    'NaN',
    '-100.00',
    '0.00',
    '20261301250000',
    '2026-01-01',
  ];
  const fields = Object.keys(c2bConfirmation({ amount: 1, account: 'x' }));

  it('answers every confirmation with one field spoiled 200 or 400, never 500, and records each receipt at most once', async () => {
    const student = await mpesaStudent(t, alliance.schoolId);
    const statuses = new Map<number, number>();
    for (const field of fields) {
      for (const value of spoiled) {
        const body: Record<string, unknown> = {
          ...c2bConfirmation({ amount: 25, account: student.admissionNumber }),
          [field]: value,
        };
        const res = await t.app.inject({
          method: 'POST',
          url: confirmationPath(alliance.schoolId),
          payload: body,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(
          [200, 400],
          `${field} = ${JSON.stringify(value)?.slice(0, 40)}: ${res.body}`,
        ).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().message).toEqual(expect.any(String));
      }
    }
    // A TransID of spaces is refused with the field's words.
    const res = await t.app.inject({
      method: 'POST',
      url: confirmationPath(alliance.schoolId),
      payload: { ...c2bConfirmation({ amount: 25, account: 'x' }), TransID: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('TransID is required');
    expect(statuses.get(400)).toBeGreaterThan(0);
    const books = await ledgerMatchesPayments(t, alliance.schoolId);
    expect(books).toMatchObject({ orphans: 0, credited: books.paid });
  });
});
