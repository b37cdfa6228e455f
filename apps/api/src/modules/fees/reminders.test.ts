import {
  FEE_REMINDER_MESSAGES,
  type FeeRemindersPreview,
  feeRemindersPreview,
} from '@shule/shared/fee-reminders';
import { MESSAGE_MESSAGES } from '@shule/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, messageRecipients, messages } from '../../db/schema/index';
import {
  createTestApp,
  expectStatus,
  OTHER_SCHOOL_MESSAGE,
  registerSchool,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';
import { signedInTeacher } from '../../test/fixtures';
import { type MessagingSchool, messagingSchool } from '../../test/messaging-school';
import type { SmsGateway, SmsSend } from '../messages/index';
import { CHILD_ERASED_REASON, sendDueBatch, testGateway } from '../messages/index';
import { recordPayment } from './ledger';

const { t, schools, newSchool } = useTestApp('Kakamega School', 'Lenana School');
const [, theirs] = schools;

/** A charge straight into the ledger (billing has its own tests). */
const charge = (who: SignedInSchool, studentId: number, cents: number) =>
  t.app.db.insert(ledgerEntries).values({
    schoolId: who.schoolId,
    studentId,
    kind: 'charge',
    amountCents: cents,
    note: 'Tuition',
  });

const pay = (who: SignedInSchool, studentId: number, cents: number) =>
  t.app.db.transaction((tx) =>
    recordPayment(tx, {
      schoolId: who.schoolId,
      studentId,
      method: 'cash',
      source: 'counter',
      amountCents: cents,
      paidAt: new Date(),
      recordedBy: who.userId,
    }),
  );

/**
 * The messaging school with balances: Achieng owes 12,500 (paid 2,500 of 15,000), Chebet
 * 30,000, Daudi 8,000 (no consent), Ekaru 20,000 (consent unknown), Faraji 9,000 (parent opted
 * out), Baraka nothing (paid in full), Gathoni (left) and Hassan (erased) 50,000 each.
 */
async function owingSchool(who: SignedInSchool) {
  const s = await messagingSchool(t.app, who);
  await charge(who, s.achieng.id, 1_500_000);
  await pay(who, s.achieng.id, 250_000);
  await charge(who, s.chebet.id, 3_000_000);
  await charge(who, s.daudi.id, 800_000);
  await charge(who, s.ekaru.id, 2_000_000);
  await charge(who, s.faraji.id, 900_000);
  await charge(who, s.baraka.id, 1_000_000);
  await pay(who, s.baraka.id, 1_000_000);
  await charge(who, s.gathoni.id, 5_000_000);
  await charge(who, s.hassan.id, 5_000_000);
  return s;
}

const preview = (who: SignedInSchool | null, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/fees/reminders/${query}`, headers: who?.auth ?? {} });
const send = (who: SignedInSchool | null, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/fees/reminders/',
    headers: who?.auth ?? {},
    payload: body,
  });

async function previewOf(who: SignedInSchool, query = ''): Promise<FeeRemindersPreview> {
  const res = await expectStatus(preview(who, query), 200);
  return feeRemindersPreview.parse(res.json());
}

describe('GET /api/fees/reminders/', () => {
  it('counts the students owing more than the amount, whom it reaches and who is left out', async () => {
    const school = await newSchool('Kakamega School');
    await owingSchool(school);
    const all = await previewOf(school);
    expect(all).toMatchObject({
      min_balance_cents: 0,
      // Chebet 30,000, Ekaru 20,000, Achieng 12,500, Faraji 9,000, Daudi 8,000.
      students_owing: 5,
      total_balance_cents: 7_950_000,
      recipients: 2,
      skipped_no_consent: 2,
      skipped_opted_out: 1,
      skipped_no_parent: 0,
      estimated_cost: '1.60',
      test_mode: true,
    });
    // The sample is the first reached parent's own child: the largest balance.
    expect(all.sample).toEqual({
      student_name: 'Chebet Student',
      admission_number: expect.any(String),
      balance_cents: 3_000_000,
      content: `Kakamega: Dear parent, Chebet Student (Adm ${all.sample!.admission_number}) has a fee balance of KES 30,000. Thank you.`,
      parts: 1,
    });

    const over = await previewOf(school, '?min_balance_cents=1250000');
    expect(over).toMatchObject({ students_owing: 2, recipients: 1, skipped_no_consent: 1 });
    const exactly = await previewOf(school, '?min_balance_cents=1249999');
    expect(exactly).toMatchObject({ students_owing: 3, recipients: 2 });
  });

  it('keeps to the classes chosen and says so when nobody owes', async () => {
    const school = await newSchool();
    const s = await owingSchool(school);
    const west = await previewOf(school, `?classes=${s.west}`);
    expect(west).toMatchObject({
      students_owing: 1,
      recipients: 0,
      skipped_opted_out: 1,
      sample: expect.objectContaining({ student_name: 'Faraji Student' }),
    });
    const none = await previewOf(school, '?min_balance_cents=9999999');
    expect(none).toMatchObject({ students_owing: 0, recipients: 0, sample: null });
  });

  it('tells how to pay by the Paybill when M-Pesa is set up', async () => {
    const app = await createTestApp({
      mpesa: {
        baseUrl: 'http://127.0.0.1:9',
        consumerKey: 'k',
        consumerSecret: 's',
        shortcode: '174379',
        passkey: 'p',
        callbackToken: 'x'.repeat(32),
        publicUrl: 'https://shule.example',
      },
    });
    try {
      const school = await registerSchool(app.app, 'Alliance High School');
      const s = await messagingSchool(app.app, school);
      await app.app.db.insert(ledgerEntries).values({
        schoolId: school.schoolId,
        studentId: s.chebet.id,
        kind: 'charge',
        amountCents: 1_250_050,
      });
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/fees/reminders/',
        headers: school.auth,
      });
      const adm = s.chebet.admission_number;
      expect(res.json().sample.content).toBe(
        `Alliance High: Dear parent, Chebet Student (Adm ${adm}) has a fee balance of KES 12,500.50. Pay via M-Pesa Paybill 174379, Account ${adm}. Thank you.`,
      );
    } finally {
      await app.close();
    }
  });

  it('answers 400 with the field message for a bad amount or class', async () => {
    const school = await newSchool();
    for (const bad of ['-1', '12.5', 'abc', '99999999999']) {
      const res = await expectStatus(
        preview(school, `?min_balance_cents=${bad}`),
        400,
        FEE_REMINDER_MESSAGES.minBalance,
      );
      expect(res.json().errors.min_balance_cents).toEqual([FEE_REMINDER_MESSAGES.minBalance]);
    }
    await expectStatus(preview(school, '?classes=x'), 400);
  });

  it('answers 401 without a token, 403 to a teacher and for another school, 404 for its class', async () => {
    await expectStatus(preview(null), 401);
    const school = await newSchool();
    const teacher = await signedInTeacher(t.app, school);
    await expectStatus(preview(teacher), 403);
    await expectStatus(preview(school, `?school=${theirs.schoolId}`), 403, OTHER_SCHOOL_MESSAGE);
    const other = await messagingSchool(t.app, theirs);
    await expectStatus(preview(school, `?classes=${other.east}`), 404, 'Class not found');
  });
});

describe('POST /api/fees/reminders/', () => {
  it("queues one fee_reminder message, a row per reached student with the child's own balance", async () => {
    const school = await newSchool('Kakamega School');
    const s: MessagingSchool = await owingSchool(school);
    const res = await expectStatus(send(school, { school: school.schoolId }), 201);
    const { message, detail } = res.json();
    expect(detail).toBe('Fee reminders queued for the parents of 2 students');
    expect(message).toMatchObject({
      kind: 'fee_reminder',
      content:
        "Fee reminders: each parent gets their own child's balance (students owing more than KES 0)",
      class_names: ['Form 1 East', 'Form 1 West'],
      recipients: 2,
      skipped_no_consent: 2,
      skipped_opted_out: 1,
      parts: 1,
      status: 'sending',
    });
    const rows = await t.app.db
      .select({
        studentId: messageRecipients.studentId,
        phone: messageRecipients.phoneNumber,
        content: messageRecipients.content,
      })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, message.id))
      .orderBy(messageRecipients.id);
    expect(rows).toEqual([
      {
        studentId: s.chebet.id,
        phone: s.chebet.parent!.user.phone_number,
        content: expect.stringContaining('Chebet Student (Adm'),
      },
      {
        studentId: s.achieng.id,
        phone: s.mother.phone_number,
        content: expect.stringContaining('has a fee balance of KES 12,500.'),
      },
    ]);

    // Listed on /messages like any other message.
    const list = await t.app.inject({ method: 'GET', url: '/api/messages/', headers: school.auth });
    expect(list.json().messages[0]).toMatchObject({ id: message.id, kind: 'fee_reminder' });
  });

  it("sends each row's own text, never the message's description", async () => {
    const school = await newSchool('Maseno School');
    const s = await owingSchool(school);
    // Earlier tests' rows go first, through the test gateway.
    while ((await sendDueBatch(t.app.db, testGateway)).claimed > 0);
    const res = await expectStatus(send(school, { classes: [s.east], min_balance_cents: 0 }), 201);
    const calls: SmsSend[] = [];
    const recording: SmsGateway = {
      name: 'test',
      send: async (sms) => {
        calls.push(sms);
        return testGateway.send(sms);
      },
    };
    while ((await sendDueBatch(t.app.db, recording)).claimed > 0);
    expect(calls.map((c) => c.text).sort()).toEqual(
      [
        expect.stringMatching(/^Maseno: Dear parent, Achieng Student .* KES 12,500\. Thank you\.$/),
        expect.stringMatching(/^Maseno: Dear parent, Chebet Student .* KES 30,000\. Thank you\.$/),
      ].sort(),
    );
    expect(calls.every((c) => !c.text.startsWith('Fee reminders'))).toBe(true);
    const [stored] = await t.app.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.id, res.json().message.id));
    expect(stored!.content).toMatch(/^Fee reminders/);
  });

  it('sends nothing about a child erased before their reminder went out', async () => {
    const school = await newSchool('Kisumu Girls');
    const s = await owingSchool(school);
    while ((await sendDueBatch(t.app.db, testGateway)).claimed > 0);
    const res = await expectStatus(send(school, { classes: [s.east] }), 201);
    await expectStatus(
      t.app.inject({
        method: 'POST',
        url: `/api/students/${s.achieng.id}/erase/`,
        headers: school.auth,
        payload: { confirm: s.achieng.admission_number },
      }),
      200,
    );
    const calls: SmsSend[] = [];
    const recording: SmsGateway = {
      name: 'test',
      send: async (sms) => {
        calls.push(sms);
        return testGateway.send(sms);
      },
    };
    while ((await sendDueBatch(t.app.db, recording)).claimed > 0);
    // Chebet's father gets his; Achieng's mother (kept for her brother Baraka) gets neither
    // Achieng's text, erased with her, nor the message's description in its place.
    expect(calls.map((c) => c.text)).toEqual([expect.stringContaining('Chebet Student')]);
    const rows = await t.app.db
      .select({ status: messageRecipients.status, reason: messageRecipients.reason })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, res.json().message.id))
      .orderBy(messageRecipients.id);
    expect(rows).toEqual([
      { status: 'sent', reason: null },
      { status: 'failed', reason: CHILD_ERASED_REASON },
    ]);
  });

  it('refuses when nobody owes more, or nobody owing can be reached (400, nothing stored)', async () => {
    const school = await newSchool();
    const s = await owingSchool(school);
    await expectStatus(
      send(school, { min_balance_cents: 3_000_000 }),
      400,
      FEE_REMINDER_MESSAGES.nobodyOwes,
    );
    await expectStatus(
      send(school, { classes: [s.west] }),
      400,
      FEE_REMINDER_MESSAGES.noReachableParent,
    );
    const stored = await t.app.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.schoolId, school.schoolId));
    expect(stored).toEqual([]);
  });

  it('answers 400 for a bad body, 401 without a token, 403 to a teacher and for another school', async () => {
    const school = await newSchool();
    const res = await expectStatus(
      send(school, { min_balance_cents: 10.5 }),
      400,
      FEE_REMINDER_MESSAGES.minBalance,
    );
    expect(res.json().errors.min_balance_cents).toBeDefined();
    await expectStatus(send(school, { classes: [] }), 400, MESSAGE_MESSAGES.classes);
    await expectStatus(send(null, {}), 401);
    const teacher = await signedInTeacher(t.app, school);
    await expectStatus(send(teacher, {}), 403);
    await expectStatus(send(school, { school: theirs.schoolId }), 403, OTHER_SCHOOL_MESSAGE);
  });
});
