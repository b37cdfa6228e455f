import { DELIVERY_REPORT_MESSAGES } from '@shule/shared/sms-delivery-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectStatus,
  registerSchool,
  type TestApp,
  testDriver,
  uniquePhone,
} from '../../test/app';
import { failureReasonOf } from './delivery-reports';
import { queueMessage, rowOf } from './outbox-test-rows';

const TOKEN = 'dlr-token-'.padEnd(40, 'k');
let t: TestApp;
let schoolId: number;
beforeAll(async () => {
  t = await createTestApp();
  t.app.config.sms.callbackToken = TOKEN;
  schoolId = (await registerSchool(t.app, 'Report School')).schoolId;
});
afterAll(() => t?.close());

let counter = 0;
/** A recipient row the gateway took: status sent with a message id of its own. */
async function sentRow(schoolOf = schoolId) {
  const { ids } = await queueMessage(t.app.db, schoolOf, { phones: [uniquePhone()] });
  counter += 1;
  const messageId = `ATXid_${process.pid}_${counter}`;
  await t.app.db.execute(
    sql`update message_recipients set status = 'sent', gateway_status = '101', gateway_message_id = ${messageId}, sent_at = now() where id = ${ids[0]}`,
  );
  return { id: ids[0]!, messageId };
}

/** Posts a report form-encoded, as the gateway does. */
const report = (fields: Record<string, string>, token = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sms/delivery_reports/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const fieldsOf = (id: string, status: string, extra: Record<string, string> = {}) => ({
  id,
  status,
  phoneNumber: '+254711000001',
  networkCode: '63902',
  retryCount: '0',
  ...extra,
});

describe(`POST /api/sms/delivery_reports/{token} (${testDriver})`, () => {
  it('Success: the recipient is delivered', async () => {
    const row = await sentRow();
    const res = await expectStatus(report(fieldsOf(row.messageId, 'Success')), 200);
    expect(res.json()).toEqual({ changed: true });
    const after = await rowOf(t.app.db, row.id);
    expect(after).toMatchObject({ status: 'delivered', gatewayStatus: 'Success', reason: null });
    expect(after.deliveredAt).toBeInstanceOf(Date);
  });

  it.each([
    ['Failed', 'The network could not deliver this SMS.'],
    ['Rejected', 'The network rejected this SMS.'],
    [
      'AbsentSubscriber',
      'The parent’s phone was off or out of reach for as long as the network kept trying.',
    ],
    ['Expired', 'The network gave up on this SMS before the phone could take it.'],
  ])('%s: the recipient is failed, with the reason in words', async (status, reason) => {
    const row = await sentRow();
    await expectStatus(report(fieldsOf(row.messageId, status)), 200);
    expect(await rowOf(t.app.db, row.id)).toMatchObject({
      status: 'failed',
      gatewayStatus: status,
      reason,
    });
  });

  it('a failure reason from the network says what the parent can do', async () => {
    const row = await sentRow();
    await expectStatus(
      report(fieldsOf(row.messageId, 'Rejected', { failureReason: 'DoNotDisturbRejection' })),
      200,
    );
    const { reason } = await rowOf(t.app.db, row.id);
    expect(reason).toContain('refuses promotional SMS');
    expect(reason).toContain('*456*9*5#');
    expect(reason).toContain('transactional');
    expect(failureReasonOf('Failed', 'UserInBlacklist')).toContain('*456*9*5#');
    expect(failureReasonOf('Failed', 'SomethingNew')).toBe(
      'The network could not deliver this SMS: the network said “SomethingNew”.',
    );
  });

  it.each(['Sent', 'Submitted', 'Buffered'])('%s: the recipient stays sent', async (status) => {
    const row = await sentRow();
    await expectStatus(report(fieldsOf(row.messageId, status)), 200);
    expect(await rowOf(t.app.db, row.id)).toMatchObject({
      status: 'sent',
      gatewayStatus: status,
      deliveredAt: null,
    });
  });

  it('never moves a delivered or failed recipient back, and a replay changes nothing twice', async () => {
    const delivered = await sentRow();
    await expectStatus(report(fieldsOf(delivered.messageId, 'Success')), 200);
    const first = await rowOf(t.app.db, delivered.id);
    for (const status of ['Success', 'Failed', 'Buffered']) {
      const res = await expectStatus(report(fieldsOf(delivered.messageId, status)), 200);
      expect(res.json()).toEqual({ changed: false });
    }
    expect(await rowOf(t.app.db, delivered.id)).toEqual(first);

    const failed = await sentRow();
    await expectStatus(report(fieldsOf(failed.messageId, 'Failed')), 200);
    const failedRow = await rowOf(t.app.db, failed.id);
    await expectStatus(report(fieldsOf(failed.messageId, 'Success')), 200);
    await expectStatus(report(fieldsOf(failed.messageId, 'Failed')), 200);
    expect(await rowOf(t.app.db, failed.id)).toEqual(failedRow);

    const buffered = await sentRow();
    expect((await report(fieldsOf(buffered.messageId, 'Buffered'))).json()).toEqual({
      changed: true,
    });
    expect((await report(fieldsOf(buffered.messageId, 'Buffered'))).json()).toEqual({
      changed: false,
    });
  });

  it('changes only the row with that message id, whatever school it is', async () => {
    const other = await registerSchool(t.app, 'Other School');
    const mine = await sentRow();
    const theirs = await sentRow(other.schoolId);
    await expectStatus(report(fieldsOf(theirs.messageId, 'Success')), 200);
    expect((await rowOf(t.app.db, theirs.id)).status).toBe('delivered');
    expect((await rowOf(t.app.db, mine.id)).status).toBe('sent');
  });

  it('a wrong token answers 404 and changes nothing', async () => {
    const row = await sentRow();
    for (const token of ['wrong', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase()]) {
      await expectStatus(report(fieldsOf(row.messageId, 'Success'), token), 404);
    }
    // Even a body that would not parse: the token is checked first.
    await expectStatus(report({ nonsense: 'x' }, 'wrong'), 404);
    await expectStatus(t.app.inject({ method: 'POST', url: '/api/sms/delivery_reports/' }), 404);
    expect((await rowOf(t.app.db, row.id)).status).toBe('sent');
  });

  it('without SMS_CALLBACK_TOKEN no report is taken', async () => {
    const row = await sentRow();
    t.app.config.sms.callbackToken = undefined;
    try {
      await expectStatus(report(fieldsOf(row.messageId, 'Success')), 404);
      await expectStatus(report(fieldsOf(row.messageId, 'Success'), ''), 404);
    } finally {
      t.app.config.sms.callbackToken = TOKEN;
    }
    expect((await rowOf(t.app.db, row.id)).status).toBe('sent');
  });

  it('an unknown message id answers 404 and changes nothing', async () => {
    const row = await sentRow();
    await expectStatus(report(fieldsOf('ATXid_unknown', 'Success')), 404, 'Message not found');
    expect((await rowOf(t.app.db, row.id)).status).toBe('sent');
  });

  it('bad input answers 400 with the field’s message', async () => {
    const row = await sentRow();
    await expectStatus(
      report(fieldsOf(row.messageId, 'Delivered')),
      400,
      DELIVERY_REPORT_MESSAGES.status,
    );
    await expectStatus(report({ status: 'Success' }), 400, DELIVERY_REPORT_MESSAGES.id);
    await expectStatus(report(fieldsOf('', 'Success')), 400, DELIVERY_REPORT_MESSAGES.id);
    await expectStatus(
      report(fieldsOf(row.messageId, 'Success', { failureReason: 'x'.repeat(500) })),
      400,
    );
    // JSON is not what the gateway posts, and still no 500.
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/sms/delivery_reports/${TOKEN}`,
      payload: fieldsOf(row.messageId, 'Success'),
    });
    expect(json.statusCode).toBe(200);
    expect((await rowOf(t.app.db, row.id)).status).toBe('delivered');
  });
});
