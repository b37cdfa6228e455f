import { absenceSmsText } from '@shule/shared/absence-sms';
import type { RegisterBody } from '@shule/shared/attendance';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageRecipients, messages } from '../../db/schema/index';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { type MessagingSchool, messagingSchool } from '../../test/messaging-school';
import type { SmsGateway, SmsSend } from '../messages/index';
import { sendDueBatch, testGateway } from '../messages/index';
import { insertCurrentTerm, registerDates } from './test-school';

const { t, newSchool } = useTestApp('Kenya High School');
const dates = registerDates();

const put = (who: SignedInSchool, classId: number, body: RegisterBody) =>
  expectStatus(
    t.app.inject({
      method: 'PUT',
      url: `/api/classes/${classId}/register/?date=${dates.schoolDay}`,
      headers: who.auth,
      payload: body,
    }),
    200,
  );

/**
 * The messaging school (test/messaging-school.ts) with a term: Form 1 East's active students are
 * Achieng and Chebet (SMS consent granted), Daudi (refused) and Ekaru (unknown).
 */
async function eastSchool(name: string) {
  const school = await newSchool(name);
  await insertCurrentTerm(t.app, school.schoolId);
  const s = await messagingSchool(t.app, school);
  return { school, ...s };
}

const allAbsent = (s: MessagingSchool, notify_absent: boolean): RegisterBody => ({
  entries: [s.achieng, s.chebet, s.daudi, s.ekaru].map((x) => ({
    student: x.id,
    status: 'absent' as const,
  })),
  notify_absent,
});

const messagesOf = (schoolId: number) =>
  t.app.db
    .select({ id: messages.id, kind: messages.kind, content: messages.content })
    .from(messages)
    .where(eq(messages.schoolId, schoolId));

describe('absence SMS (PUT /classes/{id}/register/ with notify_absent)', () => {
  it('texts only parents with consent, once per student and day, each their own child', async () => {
    const s = await eastSchool('Maseno School');
    const first = await put(s.school, s.east, allAbsent(s, true));
    expect(first.json().absence_sms).toEqual({ queued: 2, skipped: 2 });
    const sent = first
      .json()
      .students.filter((x: { absence_sms_sent: boolean }) => x.absence_sms_sent)
      .map((x: { first_name: string }) => x.first_name);
    expect(sent).toEqual(['Achieng', 'Chebet']);

    const [message] = await messagesOf(s.school.schoolId);
    expect(message!.kind).toBe('absence');
    expect(message!.content).toMatch(/^Absence notices: Form 1 East/);
    const rows = await t.app.db
      .select({ studentId: messageRecipients.studentId, content: messageRecipients.content })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, message!.id));
    const text = (first_name: string) =>
      absenceSmsText({
        school: 'Maseno School',
        student: { first_name, last_name: 'Student' },
        date: dates.schoolDay,
        today: dates.today,
      });
    expect(rows.sort((a, b) => a.studentId! - b.studentId!)).toEqual([
      { studentId: s.achieng.id, content: text('Achieng') },
      { studentId: s.chebet.id, content: text('Chebet') },
    ]);

    // Saved again, still absent: nobody is texted twice the same day.
    const again = await put(s.school, s.east, allAbsent(s, true));
    expect(again.json().absence_sms).toEqual({ queued: 0, skipped: 2 });
    expect(await messagesOf(s.school.schoolId)).toHaveLength(1);
    // Present then absent again the same day: still once.
    await put(s.school, s.east, {
      entries: [{ student: s.achieng.id, status: 'present' }],
      notify_absent: true,
    });
    const back = await put(s.school, s.east, {
      entries: [{ student: s.achieng.id, status: 'absent' }],
      notify_absent: true,
    });
    expect(back.json().absence_sms).toEqual({ queued: 0, skipped: 2 });

    // The absent list says who was texted, with the parent's phone.
    const absent = await expectStatus(
      t.app.inject({
        method: 'GET',
        url: `/api/attendance/absent/?date=${dates.schoolDay}`,
        headers: s.school.auth,
      }),
      200,
    );
    const achieng = absent.json().students.find((x: { id: number }) => x.id === s.achieng.id);
    expect(achieng).toMatchObject({
      absence_sms_sent: true,
      parent: {
        first_name: 'Mama Achieng',
        last_name: 'Parent',
        phone_number: s.mother.phone_number,
      },
    });
  });

  it('sends the rows through the gateway with their own text, and the list reads the kind', async () => {
    const s = await eastSchool('Lenana School');
    while ((await sendDueBatch(t.app.db, testGateway)).claimed > 0);
    await put(s.school, s.east, allAbsent(s, true));
    const calls: SmsSend[] = [];
    const recording: SmsGateway = {
      name: 'test',
      send: async (sms) => {
        calls.push(sms);
        return testGateway.send(sms);
      },
    };
    while ((await sendDueBatch(t.app.db, recording)).claimed > 0);
    expect(calls.map((c) => c.text).sort()).toEqual([
      expect.stringMatching(
        /^Lenana: Achieng Student was marked absent .*\. Please contact the school\.$/,
      ),
      expect.stringMatching(
        /^Lenana: Chebet Student was marked absent .*\. Please contact the school\.$/,
      ),
    ]);
    const list = await expectStatus(
      t.app.inject({
        method: 'GET',
        url: `/api/messages/?school=${s.school.schoolId}`,
        headers: s.school.auth,
      }),
      200,
    );
    expect(list.json().messages.map((m: { kind: string }) => m.kind)).toEqual(['absence']);
  });

  it('texts nobody without notify_absent', async () => {
    const s = await eastSchool('Alliance High School');
    const res = await put(s.school, s.east, allAbsent(s, false));
    expect(res.json().absence_sms).toBeNull();
    expect(await messagesOf(s.school.schoolId)).toEqual([]);
    // Asked later the same day, the absences not yet texted are.
    const later = await put(s.school, s.east, allAbsent(s, true));
    expect(later.json().absence_sms).toEqual({ queued: 2, skipped: 2 });
  });
});
