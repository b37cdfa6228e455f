import { describe, expect, it } from 'vitest';
import { centsFromKes, formatKes, kesInputField } from './fees';

describe('money', () => {
  it('reads shillings as typed into exact cents', () => {
    expect(centsFromKes('12500')).toBe(1_250_000);
    expect(centsFromKes('12,500.5')).toBe(1_250_050);
    expect(centsFromKes(' 0.10 ')).toBe(10);
    expect(centsFromKes('1,234,567.89')).toBe(123_456_789);
    // 0.1 + 0.2 in floats is 0.30000000000000004; digit by digit it is 30 cents.
    expect(centsFromKes('0.30')).toBe(30);
    for (const bad of ['', 'abc', '12.345', '-5', '1,23', '1e5', '12,50.00']) {
      expect(centsFromKes(bad), bad).toBeNull();
    }
  });

  it('shows cents as shillings with thousands separated', () => {
    expect(formatKes(1_250_050)).toBe('12,500.50');
    expect(formatKes(5)).toBe('0.05');
    expect(formatKes(-2_224_400)).toBe('-22,244.00');
  });

  it('checks a typed amount with the field messages', () => {
    expect(kesInputField.parse('22,244')).toBe(2_224_400);
    expect(kesInputField.safeParse('0').error?.issues[0]?.message).toBe(
      'Amount must be more than 0',
    );
    expect(kesInputField.safeParse('ten').error?.issues[0]?.message).toBe(
      'Amount must be in shillings, like 12500 or 12,500.50',
    );
    expect(kesInputField.safeParse('100000001').error?.issues[0]?.message).toBe(
      'Amount must be at most KES 100,000,000',
    );
  });
});
