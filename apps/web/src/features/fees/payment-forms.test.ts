import { MPESA_MESSAGES } from '@shule/shared/mpesa';
import { describe, expect, it } from 'vitest';
import { paymentBody, recordPaymentFormSchema, stkPushFormSchema, todayIso } from './payment-forms';

describe('the payment forms', () => {
  it('send a payment of today without paid_at (the server dates it now), an earlier one by its day', () => {
    const typed = {
      method: 'bank',
      amount: '12,500.50',
      reference: ' EQ123 ',
      payer_name: '',
    } as const;
    const today = recordPaymentFormSchema.parse({ ...typed, paid_on: todayIso() });
    expect(paymentBody(21, today)).toEqual({
      student: 21,
      method: 'bank',
      amount_cents: 1_250_050,
      reference: 'EQ123',
    });
    const earlier = recordPaymentFormSchema.parse({ ...typed, paid_on: '2026-01-05' });
    expect(paymentBody(21, earlier)).toMatchObject({ paid_at: '2026-01-05' });
    const future = recordPaymentFormSchema.safeParse({ ...typed, paid_on: '2999-01-01' });
    expect(future.error?.issues[0]?.message).toBe('The day paid cannot be in the future');
  });

  it('ask M-Pesa for whole shillings from a Safaricom number', () => {
    expect(
      stkPushFormSchema.safeParse({ phone_number: '0712345678', amount: '100.50' }).error?.issues[0]
        ?.message,
    ).toBe(MPESA_MESSAGES.wholeShillings);
    expect(
      stkPushFormSchema.safeParse({ phone_number: '0212345678', amount: '100' }).error?.issues[0]
        ?.message,
    ).toBe(MPESA_MESSAGES.safaricomPhone);
    expect(stkPushFormSchema.parse({ phone_number: '0112345678', amount: '1,000' })).toEqual({
      phone_number: '0112345678',
      amount: 100_000,
    });
  });
});
