import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeAfricasTalking,
  startFakeAfricasTalking,
} from '../../../test/fake-africastalking';
import {
  AT_TIMEOUT_MS,
  africasTalkingGateway,
  INSUFFICIENT_BALANCE_REASON,
  outcomeOf,
  parseKesCost,
} from './africastalking';

let fake: FakeAfricasTalking;
beforeAll(async () => {
  fake = await startFakeAfricasTalking();
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

const gateway = (overrides: Partial<FakeAfricasTalking['settings']> = {}, timeoutMs?: number) =>
  africasTalkingGateway({ ...fake.settings, ...overrides }, { timeoutMs });

let counter = 0;
/** A Safaricom number of this test run, local form. */
const phone = () => {
  counter += 1;
  return `0711${String(process.pid % 100).padStart(2, '0')}${String(counter).padStart(4, '0')}`;
};

describe('parseKesCost', () => {
  it('keeps the shillings the gateway wrote, exactly', () => {
    expect(parseKesCost('KES 0.8000')).toBe('0.8000');
    expect(parseKesCost('KES 12.50')).toBe('12.50');
    expect(parseKesCost('KES 3')).toBe('3');
  });
  it('is null for another currency, no charge, or anything else', () => {
    for (const cost of [
      'USD 0.0100',
      '0',
      'KES',
      'KES 1e3',
      'KES -1',
      'KES 0.80000',
      undefined,
      0.8,
    ]) {
      expect(parseKesCost(cost)).toBeNull();
    }
  });
});

describe("Africa's Talking driver, against the fake gateway", () => {
  it('posts the form the gateway expects: username, +254 numbers comma-separated, message, from', async () => {
    const [a, b] = [phone(), phone()];
    const result = await gateway({ senderId: 'SHULE' }).send({
      phones: [a, b],
      text: 'Closing day is Friday.',
    });
    expect(fake.requests).toEqual([
      {
        username: fake.settings.username,
        to: [`+254${a.slice(1)}`, `+254${b.slice(1)}`],
        message: 'Closing day is Friday.',
        from: 'SHULE',
      },
    ]);
    for (const p of [a, b]) {
      const outcome = result.get(p);
      expect(outcome).toMatchObject({ outcome: 'sent', gatewayStatus: '101', costKes: '0.8000' });
      expect(outcome?.outcome === 'sent' && outcome.messageId).toMatch(/^ATXid_/);
    }
  });

  it('leaves `from` out without a sender ID, and reads the cost of a longer text', async () => {
    const p = phone();
    const result = await gateway().send({ phones: [p], text: 'x'.repeat(200) });
    expect(fake.requests[0]).not.toHaveProperty('from');
    expect(result.get(p)).toMatchObject({ outcome: 'sent', costKes: '1.6000' });
  });

  it.each([
    [401, 'RiskHold'],
    [402, 'InvalidSenderId'],
    [403, 'InvalidPhoneNumber'],
    [404, 'UnsupportedNumberType'],
    [406, 'UserInBlacklist'],
    [407, 'CouldNotRoute'],
    [409, 'DoNotDisturbRejection'],
  ])('%i %s: failed at once, the reason in words', async (code, name) => {
    const [refused, fine] = [phone(), phone()];
    fake.refuse(refused, code);
    const result = await gateway().send({ phones: [refused, fine], text: 'Hello' });
    const outcome = result.get(refused);
    expect(outcome).toMatchObject({ outcome: 'failed', gatewayStatus: String(code) });
    expect(outcome?.outcome === 'failed' && outcome.reason).toContain(`(${name})`);
    expect(result.get(fine)?.outcome).toBe('sent');
  });

  it('406 and 409 say what the parent can do, and that a transactional sender ID is not blocked', async () => {
    for (const code of [406, 409]) {
      const p = phone();
      fake.refuse(p, code);
      const outcome = (await gateway().send({ phones: [p], text: 'Hello' })).get(p);
      const reason = outcome?.outcome === 'failed' ? outcome.reason : '';
      expect(reason).toContain('*456*9*5#');
      expect(reason).toContain('transactional');
    }
  });

  it('405 InsufficientBalance holds the queue, asking to top up', async () => {
    fake.setOutOfCredit(true);
    try {
      const p = phone();
      const outcome = (await gateway().send({ phones: [p], text: 'Hello' })).get(p);
      expect(outcome).toEqual({
        outcome: 'hold',
        gatewayStatus: '405',
        reason: INSUFFICIENT_BALANCE_REASON,
      });
      expect(INSUFFICIENT_BALANCE_REASON).toContain('top up');
    } finally {
      fake.setOutOfCredit(false);
    }
  });

  it('500-502 per number, an HTTP 5xx or a timeout are tried again', async () => {
    const p = phone();
    fake.failNext(1, 'status-500');
    expect((await gateway().send({ phones: [p], text: 'a' })).get(p)).toMatchObject({
      outcome: 'retry',
      gatewayStatus: '500',
      reason: 'The gateway had an internal error (InternalServerError)',
    });
    fake.failNext(1, 'http-500');
    expect((await gateway().send({ phones: [p], text: 'a' })).get(p)).toEqual({
      outcome: 'retry',
      gatewayStatus: 'HTTP 500',
      reason: 'The gateway had a problem (HTTP 500)',
    });
    fake.failNext(1, 'timeout');
    const started = performance.now();
    expect((await gateway({}, 300).send({ phones: [p], text: 'a' })).get(p)).toEqual({
      outcome: 'retry',
      gatewayStatus: 'unreachable',
      reason: 'The gateway did not answer within 0.3 seconds',
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(AT_TIMEOUT_MS).toBe(30_000);
    for (const code of [501, 502]) {
      expect(outcomeOf({ statusCode: code, number: '+254711000000' }).outcome).toBe('retry');
    }
  });

  it('refused credentials are tried again, with what to check', async () => {
    const p = phone();
    const outcome = (await gateway({ apiKey: 'wrong' }).send({ phones: [p], text: 'a' })).get(p);
    expect(outcome).toMatchObject({ outcome: 'retry', gatewayStatus: 'HTTP 401' });
    expect(outcome?.outcome === 'retry' && outcome.reason).toBe(
      'The gateway refused the request (HTTP 401: The supplied authentication is invalid): check AT_USERNAME, AT_API_KEY and AT_SENDER_ID',
    );
  });

  it('a gateway that cannot be reached is tried again', async () => {
    const gone = await startFakeAfricasTalking();
    await gone.close();
    const p = phone();
    const outcome = (
      await africasTalkingGateway(gone.settings).send({ phones: [p], text: 'a' })
    ).get(p);
    expect(outcome).toEqual({
      outcome: 'retry',
      gatewayStatus: 'unreachable',
      reason: 'Could not reach the gateway (ECONNREFUSED)',
    });
  });

  it('an answer it cannot read, or a code nobody documented, fails without sending again', () => {
    expect(outcomeOf({ statusCode: 999, status: 'Mystery', number: '+254711000000' })).toEqual({
      outcome: 'failed',
      gatewayStatus: '999',
      reason:
        'The gateway answered “Mystery” (999): this SMS may or may not have reached the phone.',
    });
    expect(outcomeOf({ statusCode: 101, number: '+254711000000' }).outcome).toBe('failed');
  });
});
