import { describe, expect, it } from 'vitest';
import { feeRemindersQuery, feeReminderText, kesShort } from './fee-reminders';
import { smsParts } from './messages';

const input = {
  school: 'Kilimani Mixed Secondary School',
  student: { name: 'Amani Mwangi', admission_number: '1234' },
  balance_cents: 1_250_000,
  paybill: null,
};

describe('fee reminder text', () => {
  it("says the child's own balance in one part, with the Paybill when there is one", () => {
    expect(feeReminderText(input)).toBe(
      'Kilimani Mixed Sec: Dear parent, Amani Mwangi (Adm 1234) has a fee balance of KES 12,500. Thank you.',
    );
    const withPaybill = feeReminderText({
      ...input,
      balance_cents: 1_250_050,
      paybill: { shortcode: '174379', account: '1234' },
    });
    expect(withPaybill).toBe(
      'Kilimani Mixed Sec: Dear parent, Amani Mwangi (Adm 1234) has a fee balance of KES 12,500.50. Pay via M-Pesa Paybill 174379, Account 1234. Thank you.',
    );
    expect(smsParts(withPaybill).parts).toBe(1);
  });

  it('shortens step by step and never drops the name, admission number, balance or Paybill', () => {
    const long = feeReminderText({
      school: 'St. Bartholomew’s Kapsabet Boys National Secondary School',
      student: { name: 'Wanjiru Nyambura Wairimu Kamau', admission_number: '2026/KBNS/0001' },
      balance_cents: 12_345_678,
      paybill: { shortcode: '4012345', account: 'SH98765' },
    });
    expect(long).toBe(
      'SBKBNSS: Wanjiru Kamau (Adm 2026/KBNS/0001) has a fee balance of KES 123,456.78. Pay via M-Pesa Paybill 4012345, Account SH98765. Thank you.',
    );
    expect(smsParts(long)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  it('writes whole shillings without cents', () => {
    expect(kesShort(100)).toBe('1');
    expect(kesShort(123_456_700)).toBe('1,234,567');
    expect(kesShort(5)).toBe('0.05');
  });

  it('reads the minimum balance of a query as whole cents, 0 when left out', () => {
    expect(feeRemindersQuery.parse({}).min_balance_cents).toBe(0);
    expect(feeRemindersQuery.parse({ min_balance_cents: '500000' }).min_balance_cents).toBe(
      500_000,
    );
    expect(feeRemindersQuery.safeParse({ min_balance_cents: '-5' }).success).toBe(false);
  });
});
