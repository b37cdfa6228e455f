import { describe, expect, it } from 'vitest';
import {
  analyticsQuery,
  balancesQuery,
  capitationBody,
  capitationInstalmentCents,
  FEE_LEDGER_MESSAGES,
  ledgerAdjustmentBody,
  recordPaymentBody,
} from './fee-ledger';
import {
  appliesToStudent,
  createFeeCategoryBody,
  FEE_STRUCTURE_MESSAGES,
  putFeeStructureBody,
  updateFeeCategoryBody,
} from './fee-structures';

const firstIssue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues[0] && {
    path: result.error.issues[0].path,
    message: result.error.issues[0].message,
  };

describe('fee categories and structures', () => {
  it('requires a name and a duration, and fills in who and the vote head', () => {
    expect(createFeeCategoryBody.parse({ name: ' Tuition ', duration: 'termly' })).toEqual({
      name: 'Tuition',
      duration: 'termly',
      applies_to: 'all',
      vote_head: 'tuition',
      description: undefined,
    });
    expect(firstIssue(createFeeCategoryBody.safeParse({ name: 'Trip' }))).toEqual({
      path: ['duration'],
      message: FEE_STRUCTURE_MESSAGES.duration,
    });
    expect(firstIssue(createFeeCategoryBody.safeParse({ name: '', duration: 'yearly' }))).toEqual({
      path: ['name'],
      message: 'Category name is required',
    });
    expect(updateFeeCategoryBody.parse({ description: null })).toEqual({ description: null });
    expect(updateFeeCategoryBody.safeParse({}).success).toBe(false);
  });

  it('refuses two amounts for one class and category, and amounts that are not whole cents', () => {
    const line = { category: 1, class: 2, amount_cents: 1_250_000 };
    expect(putFeeStructureBody.safeParse({ term: 3, amounts: [line] }).success).toBe(true);
    expect(firstIssue(putFeeStructureBody.safeParse({ term: 3, amounts: [line, line] }))).toEqual({
      path: ['amounts'],
      message: FEE_STRUCTURE_MESSAGES.duplicateLine,
    });
    expect(
      firstIssue(
        putFeeStructureBody.safeParse({ term: 3, amounts: [{ ...line, amount_cents: 12.5 }] }),
      ),
    ).toEqual({ path: ['amounts', 0, 'amount_cents'], message: 'Amount must be whole cents' });
    expect(
      firstIssue(
        putFeeStructureBody.safeParse({ term: 3, amounts: [{ ...line, amount_cents: 0 }] }),
      )?.message,
    ).toBe('Amount must be more than 0');
  });

  it('tells new students from continuing ones by the academic year start', () => {
    expect(appliesToStudent('new', '2026-01-05', '2026-01-05')).toBe(true);
    expect(appliesToStudent('new', '2025-12-31', '2026-01-05')).toBe(false);
    expect(appliesToStudent('old', '2025-12-31', '2026-01-05')).toBe(true);
    expect(appliesToStudent('all', '2020-01-01', '2026-01-05')).toBe(true);
  });
});

describe('ledger bodies', () => {
  it('asks who granted a waiver or a discount, and which sponsor pays a bursary', () => {
    expect(
      firstIssue(ledgerAdjustmentBody.safeParse({ kind: 'waiver', amount_cents: 100_000 })),
    ).toEqual({ path: ['granted_by'], message: FEE_LEDGER_MESSAGES.grantedBy });
    expect(
      firstIssue(ledgerAdjustmentBody.safeParse({ kind: 'bursary', amount_cents: 100_000 })),
    ).toEqual({ path: ['sponsor'], message: FEE_LEDGER_MESSAGES.sponsor });
    expect(
      ledgerAdjustmentBody.safeParse({
        kind: 'discount',
        amount_cents: 100_000,
        granted_by: 'Board of management',
        note: 'Sibling discount',
      }).success,
    ).toBe(true);
  });

  it('takes cash, bank and cheque at the counter, paid now or before', () => {
    const body = { student: 4, method: 'cash', amount_cents: 500_000 };
    expect(recordPaymentBody.safeParse(body).success).toBe(true);
    expect(firstIssue(recordPaymentBody.safeParse({ ...body, method: 'mpesa' }))).toEqual({
      path: ['method'],
      message: FEE_LEDGER_MESSAGES.counterMethod,
    });
    expect(recordPaymentBody.safeParse({ ...body, paid_at: '2026-02-03' }).success).toBe(true);
    expect(
      recordPaymentBody.safeParse({ ...body, paid_at: '2026-02-03T10:15:00+03:00' }).success,
    ).toBe(true);
    for (const bad of ['2026-02-30', 'yesterday', '2999-01-01T00:00:00Z', '2026-02-03T10:15']) {
      expect(firstIssue(recordPaymentBody.safeParse({ ...body, paid_at: bad })), bad).toEqual({
        path: ['paid_at'],
        message: FEE_LEDGER_MESSAGES.paidAt,
      });
    }
  });

  it('gives capitation as 50:30:20 of KES 22,244', () => {
    expect([1, 2, 3].map((i) => capitationInstalmentCents(i as 1 | 2 | 3))).toEqual([
      1_112_200, 667_320, 444_880,
    ]);
    expect(firstIssue(capitationBody.safeParse({ term: 1, classes: [1], instalment: 4 }))).toEqual({
      path: ['instalment'],
      message: FEE_LEDGER_MESSAGES.instalment,
    });
    expect(firstIssue(capitationBody.safeParse({ term: 1, classes: [], instalment: 1 }))).toEqual({
      path: ['classes'],
      message: FEE_LEDGER_MESSAGES.classes,
    });
  });

  it('reads report queries with their field messages', () => {
    expect(balancesQuery.parse({ min_balance_cents: '100' })).toMatchObject({
      min_balance_cents: 100,
      page: 1,
      format: 'json',
    });
    expect(firstIssue(balancesQuery.safeParse({ format: 'xls' }))?.message).toBe(
      FEE_LEDGER_MESSAGES.csvFormat,
    );
    expect(firstIssue(analyticsQuery.safeParse({ from: '2026-03-01', to: '2026-02-01' }))).toEqual({
      path: ['from'],
      message: FEE_LEDGER_MESSAGES.range,
    });
    expect(analyticsQuery.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
  });
});
