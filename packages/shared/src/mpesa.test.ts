import { describe, expect, it } from 'vitest';
import {
  accountReferenceFor,
  c2bCallbackBody,
  localPhoneOf,
  MPESA_MESSAGES,
  mpesaPhone,
  normalizeAccount,
  stkCallbackBody,
  stkFailureWords,
  stkPushBody,
  studentIdOfShortAccount,
} from './mpesa';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('M-Pesa fields', () => {
  it('sends an admission number of up to 12 letters and digits, else the short code', () => {
    expect(accountReferenceFor({ id: 7, admission_number: 'ADM 1234' })).toBe('ADM1234');
    expect(accountReferenceFor({ id: 7, admission_number: '123456789012' })).toBe('123456789012');
    expect(accountReferenceFor({ id: 7, admission_number: '1234567890123' })).toBe('SH7');
    expect(accountReferenceFor({ id: 2_147_483_647, admission_number: 'ADM/2024/001' })).toBe(
      'SH2147483647',
    );
    expect(studentIdOfShortAccount(' sh 2147483647 ')).toBe(2_147_483_647);
    expect(studentIdOfShortAccount('SH0')).toBeNull();
    expect(studentIdOfShortAccount('ADM12')).toBeNull();
    expect(normalizeAccount(' adm 00 12 ')).toBe('ADM0012');
  });

  it('writes phones as M-Pesa takes them and reads them back', () => {
    expect(mpesaPhone('0712345678')).toBe('254712345678');
    expect(localPhoneOf('254112345678')).toBe('0112345678');
    expect(localPhoneOf('2547****678')).toBe('2547****678');
  });

  it('takes whole shillings from KES 1 to KES 250,000 to a mobile number', () => {
    const body = { student: 1, phone_number: '0712345678', amount_cents: 150_000 };
    expect(stkPushBody.parse(body)).toEqual(body);
    const bad = (change: object) => firstMessage(stkPushBody.safeParse({ ...body, ...change }));
    expect(bad({ amount_cents: 150_050 })).toBe(MPESA_MESSAGES.wholeShillings);
    expect(bad({ amount_cents: 0 })).toBe(MPESA_MESSAGES.minimum);
    expect(bad({ amount_cents: 25_000_100 })).toBe(MPESA_MESSAGES.maximum);
    expect(bad({ phone_number: '0201234567' })).toBe(MPESA_MESSAGES.safaricomPhone);
    expect(bad({ phone_number: '+25471234567' })).toBe(
      "Phone number must be 10 digits starting with '0'",
    );
    expect(stkPushBody.parse({ ...body, phone_number: '+254712345678' }).phone_number).toBe(
      '0712345678',
    );
    expect(bad({ student: undefined })).toBe('Student is required');
  });

  it('reads a callback whose ResultCode is a number or a string', () => {
    const callback = (code: number | string) => ({
      Body: { stkCallback: { CheckoutRequestID: 'ws_CO_1', ResultCode: code, ResultDesc: 'x' } },
    });
    expect(stkCallbackBody.safeParse(callback(0)).success).toBe(true);
    expect(stkCallbackBody.safeParse(callback('1032')).success).toBe(true);
    expect(firstMessage(stkCallbackBody.safeParse({}))).toBe('Body is required');
  });

  it('says why a push failed in words', () => {
    expect(stkFailureWords('1032')).toMatch(/cancelled/);
    expect(stkFailureWords('1037')).toMatch(/could not be reached/);
    expect(stkFailureWords('2001')).toMatch(/PIN/);
    expect(stkFailureWords('1')).toMatch(/balance was not enough/);
    expect(stkFailureWords('17', 'System internal error')).toBe(
      'M-Pesa said: System internal error (code 17).',
    );
  });

  it('needs a C2B confirmation’s TransID, time and amount', () => {
    const ok = { TransID: 'RKT1', TransTime: '20260126101500', TransAmount: '1500.00' };
    expect(c2bCallbackBody.safeParse(ok).success).toBe(true);
    expect(firstMessage(c2bCallbackBody.safeParse({ ...ok, TransTime: '2026-01-26' }))).toBe(
      'TransTime must be yyyyMMddHHmmss',
    );
  });
});
