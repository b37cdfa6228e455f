import { IDEMPOTENCY_HEADER } from '@shule/shared/idempotency';
import {
  MAX_SMS_PARTS,
  MESSAGE_MESSAGES,
  messageAudienceResponse,
  messageDetailResponse,
  messageListResponse,
  sendMessageResponse,
} from '@shule/shared/messages';
import { PAGINATION_MESSAGES } from '@shule/shared/pagination';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageRecipients, messages, smsGatewayHolds } from '../../db/schema/index';
import {
  countQueries,
  expectStatus,
  OTHER_SCHOOL_MESSAGE,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';
import { createClassFixture, signedInTeacher } from '../../test/fixtures';
import {
  admitWithSms,
  type MessagingSchool,
  messagingSchool,
  parentNamed,
} from '../../test/messaging-school';
import { shillings } from './service';

const { t, schools, call, newSchool } = useTestApp('Alliance Girls High School', 'Lenana School');
const [ours, theirs] = schools;

const send = (who: SignedInSchool | null, body: object, headers: Record<string, string> = {}) =>
  call('POST', '/api/messages/', { ...(who?.auth ?? {}), ...headers }, body);
const audience = (who: SignedInSchool | null, query: string) =>
  call('GET', `/api/messages/audience/${query}`, who?.auth ?? {});
const list = (who: SignedInSchool | null, query = '') =>
  call('GET', `/api/messages/${query}`, who?.auth ?? {});
const detail = (who: SignedInSchool | null, id: number | string) =>
  call('GET', `/api/messages/${id}/`, who?.auth ?? {});

async function sent(who: SignedInSchool, classes: number[], content: string) {
  const res = await expectStatus(send(who, { school: who.schoolId, classes, content }), 201);
  return sendMessageResponse.parse(res.json());
}

const recipientRows = (messageId: number) =>
  t.app.db
    .select()
    .from(messageRecipients)
    .where(eq(messageRecipients.messageId, messageId))
    .orderBy(asc(messageRecipients.id));

/** A school of its own with the cases of messagingSchool, made once and shared by the reads. */
let shared: { who: SignedInSchool; s: MessagingSchool } | undefined;
async function sharedSchool() {
  if (!shared) {
    const who = await newSchool('Moi Girls High School');
    shared = { who, s: await messagingSchool(t.app, who) };
  }
  return shared;
}

describe('GET /api/messages/audience/', () => {
  it('counts the parents reached once each, and those left out by opt-out or no consent', async () => {
    const { who, s } = await sharedSchool();
    const counted = async (classes: number[]) =>
      messageAudienceResponse.parse(
        (await expectStatus(audience(who, `?classes=${classes.join(',')}`), 200)).json(),
      );
    expect(await counted([s.east])).toEqual({
      recipients: 2,
      skipped_no_consent: 2,
      skipped_opted_out: 0,
      price_per_part: '0.80',
      test_mode: true,
      hold: null,
    });
    // Baraka's consent is unknown: his mother, reached through Achieng in East, is not in West.
    expect(await counted([s.west])).toMatchObject({
      recipients: 0,
      skipped_no_consent: 1,
      skipped_opted_out: 1,
    });
    expect(await counted([s.east, s.west, s.east])).toMatchObject({
      recipients: 2,
      skipped_no_consent: 2,
      skipped_opted_out: 1,
    });
  });

  it('writes nothing', async () => {
    const { who, s } = await sharedSchool();
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(messages);
    await expectStatus(audience(who, `?classes=${s.east}`), 200);
    const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(messages);
    expect(after).toEqual(before);
  });

  it('answers 400 without classes or with a bad one, 404 for a class of another school', async () => {
    const { who } = await sharedSchool();
    await expectStatus(audience(who, ''), 400, MESSAGE_MESSAGES.classes);
    await expectStatus(audience(who, '?classes='), 400, MESSAGE_MESSAGES.classes);
    await expectStatus(audience(who, '?classes=1,abc'), 400, 'Class is required');
    await expectStatus(audience(who, '?classes=1.5'), 400, 'Class must be a whole number');
    const theirClass = await createClassFixture(t.app, theirs, 'Form 1 North');
    await expectStatus(audience(who, `?classes=${theirClass.id}`), 404, 'Class not found');
    await expectStatus(
      audience(who, `?classes=${theirClass.id}&school=${theirs.schoolId}`),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
  });

  it('answers 401 without a token and 403 to a teacher', async () => {
    const { s } = await sharedSchool();
    await expectStatus(audience(null, `?classes=${s.east}`), 401);
    await expectStatus(audience(await signedInTeacher(t.app, ours), `?classes=${s.east}`), 403);
  });
});

describe('POST /api/messages/', () => {
  it('queues one SMS per parent phone reached, in one go, and answers the message at once', async () => {
    const who = await newSchool();
    const s = await messagingSchool(t.app, who);
    const content = 'Dear parent, school closes on Friday 4th April. Karibu!';
    const { message, detail: said } = await sent(who, [s.east, s.west], content);
    expect(said).toBe('Message queued for 2 parents');
    expect(message).toEqual({
      id: expect.any(Number),
      kind: 'broadcast',
      content,
      class_names: ['Form 1 East', 'Form 1 West'],
      exam: null,
      status: 'sending',
      recipients: 2,
      counts: { queued: 2, sending: 0, sent: 0, delivered: 0, failed: 0 },
      skipped_no_consent: 2,
      skipped_opted_out: 1,
      parts: 1,
      estimated_cost: '1.60',
      cost: null,
      test_mode: true,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const rows = await recipientRows(message.id);
    expect(rows.map((r) => r.parentId).sort()).toEqual(
      [s.achieng.parent!.id, s.chebet.parent!.id].sort(),
    );
    for (const row of rows) {
      expect(row).toMatchObject({
        schoolId: who.schoolId,
        studentId: null,
        content: null,
        parts: 1,
        status: 'queued',
        attempts: 0,
        gatewayMessageId: null,
      });
      expect(row.phoneNumber).toMatch(/^07\d{8}$/);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const [stored] = await t.app.db.select().from(messages).where(eq(messages.id, message.id));
    expect(stored).toMatchObject({
      schoolId: who.schoolId,
      classIds: [s.east, s.west],
      sentBy: who.userId,
      estimatedCostCents: 160,
      testMode: true,
    });
  });

  it('estimates the cost from the parts: a long Swahili text with an emoji is UCS-2', async () => {
    const who = await newSchool();
    const s = await messagingSchool(t.app, who);
    // 80 UTF-16 units with the emoji: two UCS-2 parts of 67.
    const content = `${'Mkutano wa wazazi ni Ijumaa saa nne asubuhi. '.repeat(2).trim()} 😊`;
    const { message } = await sent(who, [s.east], content);
    expect(message).toMatchObject({ parts: 2, recipients: 2, estimated_cost: '3.20' });
    expect((await recipientRows(message.id)).map((r) => r.parts)).toEqual([2, 2]);
  });

  it('answers 400 with the message when no parent of the classes can get it, and stores nothing', async () => {
    const who = await newSchool();
    const s = await messagingSchool(t.app, who);
    const res = await expectStatus(
      send(who, { classes: [s.west], content: 'Hello' }),
      400,
      MESSAGE_MESSAGES.noReachableParent,
    );
    expect(res.json().errors).toEqual({ classes: [MESSAGE_MESSAGES.noReachableParent] });
    const empty = await createClassFixture(t.app, who, 'Form 2 Empty');
    await expectStatus(
      send(who, { classes: [empty.id], content: 'Hello' }),
      400,
      MESSAGE_MESSAGES.noReachableParent,
    );
    const stored = await t.app.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.schoolId, who.schoolId));
    expect(stored).toEqual([]);
  });

  it('answers 400 with the field message of bad content or classes', async () => {
    const { who, s } = await sharedSchool();
    const bad = (body: object, message: string) =>
      expectStatus(send(who, { classes: [s.east], content: 'Hi', ...body }), 400, message);
    await bad({ content: '' }, MESSAGE_MESSAGES.content);
    await bad({ content: '   ' }, MESSAGE_MESSAGES.content);
    await bad({ content: undefined }, MESSAGE_MESSAGES.content);
    // Seven GSM-7 parts (153 each) is one too many.
    await bad({ content: 'a'.repeat(153 * MAX_SMS_PARTS + 1) }, MESSAGE_MESSAGES.contentTooLong);
    await bad({ classes: [] }, MESSAGE_MESSAGES.classes);
    await bad({ classes: undefined }, MESSAGE_MESSAGES.classes);
    await bad({ classes: [0] }, 'Class must be a positive number');
  });

  it('answers 404 for a class of another school, 403 for another school named, 401 and 403', async () => {
    const { who, s } = await sharedSchool();
    const theirClass = await createClassFixture(t.app, theirs, 'Form 1 South');
    await expectStatus(
      send(who, { classes: [s.east, theirClass.id], content: 'Hi' }),
      404,
      'Class not found',
    );
    await expectStatus(
      send(who, { school: theirs.schoolId, classes: [s.east], content: 'Hi' }),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
    await expectStatus(send(null, { classes: [s.east], content: 'Hi' }), 401);
    const teacher = await signedInTeacher(t.app, who);
    await expectStatus(send(teacher, { classes: [s.east], content: 'Hi' }), 403);
  });

  it('sends once for a repeated Idempotency-Key', async () => {
    const who = await newSchool();
    const s = await messagingSchool(t.app, who);
    const body = { classes: [s.east], content: 'Sports day on Saturday' };
    const key = { [IDEMPOTENCY_HEADER]: 'send-sports-day-1' };
    const first = await expectStatus(send(who, body, key), 201);
    const again = await expectStatus(send(who, body, key), 201);
    expect(again.json()).toEqual(first.json());
    const stored = await t.app.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.schoolId, who.schoolId));
    expect(stored).toHaveLength(1);
  });
});

describe('GET /api/messages/', () => {
  it('lists the messages newest first, counted by status, with the cost the gateway charged', async () => {
    const who = await newSchool();
    const s = await messagingSchool(t.app, who);
    const first = (await sent(who, [s.east], 'First')).message;
    const second = (await sent(who, [s.east, s.west], 'Second')).message;
    const [a, b] = await recipientRows(first.id);
    await t.app.db
      .update(messageRecipients)
      .set({ status: 'delivered', costKes: '0.8000' })
      .where(eq(messageRecipients.id, a!.id));
    await t.app.db
      .update(messageRecipients)
      .set({ status: 'failed', reason: 'The number is not in service', costKes: '0.0125' })
      .where(eq(messageRecipients.id, b!.id));
    const res = await expectStatus(list(who), 200);
    const page = messageListResponse.parse(res.json());
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 50, test_mode: true, hold: null });
    expect(page.messages.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(page.messages[0]).toEqual(second);
    expect(page.messages[1]).toMatchObject({
      status: 'failed',
      counts: { queued: 0, sending: 0, sent: 0, delivered: 1, failed: 1 },
      cost: '0.8125',
      estimated_cost: '1.60',
    });
  });

  it('pages, and reads the page in a constant number of queries', async () => {
    const who = await newSchool();
    const s = await messagingSchool(t.app, who);
    for (const content of ['One', 'Two', 'Three']) await sent(who, [s.east], content);
    const second = messageListResponse.parse(
      (await expectStatus(list(who, '?page=2&page_size=2'), 200)).json(),
    );
    expect(second).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(second.messages.map((m) => m.content)).toEqual(['One']);
    const past = messageListResponse.parse(
      (await expectStatus(list(who, '?page=5&page_size=2'), 200)).json(),
    );
    expect(past).toMatchObject({ messages: [], total: 3 });
    const queries = async (query: string) => countQueries(t.app, () => list(who, query));
    expect(await queries('?page_size=1')).toBe(await queries('?page_size=3'));
  });

  it('shows the gateway hold while it lasts', async () => {
    const { who } = await sharedSchool();
    const resumeAt = new Date(Date.now() + 15 * 60_000);
    await t.app.db.insert(smsGatewayHolds).values({ reason: 'Top up the SMS account', resumeAt });
    try {
      const held = messageListResponse.parse((await expectStatus(list(who), 200)).json());
      expect(held.hold).toEqual({
        reason: 'Top up the SMS account',
        held_at: expect.any(String),
        resume_at: resumeAt.toISOString(),
      });
      await t.app.db
        .update(smsGatewayHolds)
        .set({ resumeAt: new Date(Date.now() - 1000) })
        .where(eq(smsGatewayHolds.id, 1));
      const over = messageListResponse.parse((await expectStatus(list(who), 200)).json());
      expect(over.hold).toBeNull();
    } finally {
      await t.app.db.delete(smsGatewayHolds);
    }
  });

  it("never lists another school's messages", async () => {
    const who = await newSchool();
    const s = await messagingSchool(t.app, who);
    await sent(who, [s.east], 'Ours only');
    const theirs = await newSchool();
    const page = messageListResponse.parse((await expectStatus(list(theirs), 200)).json());
    expect(page).toMatchObject({ messages: [], total: 0 });
    await expectStatus(list(theirs, `?school=${who.schoolId}`), 403, OTHER_SCHOOL_MESSAGE);
  });

  it('answers 400 for a bad page, 401 without a token and 403 to a teacher', async () => {
    await expectStatus(list(ours, '?page=0'), 400, PAGINATION_MESSAGES.page);
    await expectStatus(list(ours, '?page_size=101'), 400, PAGINATION_MESSAGES.pageSize);
    await expectStatus(list(null), 401);
    await expectStatus(list(await signedInTeacher(t.app, ours)), 403);
  });
});

describe('GET /api/messages/{id}/', () => {
  it('answers the message and every recipient with the parent, status, reason and cost', async () => {
    const who = await newSchool();
    const s = await messagingSchool(t.app, who);
    const extra = await admitWithSms(t.app, who, s.east, 'Imani', parentNamed('Mama Imani'));
    const { message } = await sent(who, [s.east], 'Closing day');
    const rows = await recipientRows(message.id);
    const failed = rows.find((r) => r.parentId === extra.parent!.id)!;
    await t.app.db
      .update(messageRecipients)
      .set({
        status: 'failed',
        reason: 'The parent has blocked SMS from the school',
        costKes: '0',
      })
      .where(eq(messageRecipients.id, failed.id));
    const res = await expectStatus(detail(who, message.id), 200);
    const answer = messageDetailResponse.parse(res.json());
    expect(answer.message).toMatchObject({ id: message.id, recipients: 3, status: 'sending' });
    expect(answer).toMatchObject({ test_mode: true, hold: null });
    expect(answer.recipients).toEqual(
      rows.map((r) => ({
        id: r.id,
        parent_name: expect.any(String),
        student_name: null,
        phone_number: r.phoneNumber,
        content: null,
        status: r.id === failed.id ? 'failed' : 'queued',
        reason: r.id === failed.id ? 'The parent has blocked SMS from the school' : null,
        cost: r.id === failed.id ? '0.00' : null,
        updated_at: expect.any(String),
      })),
    );
    expect(answer.recipients.map((r) => r.parent_name)).toEqual([
      'Mama Achieng Parent',
      'Baba Chebet Parent',
      'Mama Imani Parent',
    ]);
  });

  it('answers 404 for a message of another school or none, a bad id, 401 and 403', async () => {
    const who = await newSchool();
    const s = await messagingSchool(t.app, who);
    const { message } = await sent(who, [s.east], 'Ours');
    await expectStatus(detail(theirs, message.id), 404, 'Message not found');
    await expectStatus(detail(who, 2_000_000_000), 404, 'Message not found');
    await expectStatus(detail(who, 'abc'), 404, 'Not found');
    await expectStatus(detail(null, message.id), 401);
    await expectStatus(detail(await signedInTeacher(t.app, who), message.id), 403);
  });
});

describe('shillings', () => {
  it('reads numeric text exactly, with at least two decimals', () => {
    expect(shillings('1.6000')).toBe('1.60');
    expect(shillings('0.8125')).toBe('0.8125');
    expect(shillings('12')).toBe('12.00');
    expect(shillings('0.0000')).toBe('0.00');
  });
});
