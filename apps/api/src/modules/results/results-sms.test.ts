import { IDEMPOTENCY_HEADER } from '@shule/shared/idempotency';
import {
  MESSAGE_MESSAGES,
  messageDetailResponse,
  messageListResponse,
  resultsSmsPreview,
  sendMessageResponse,
} from '@shule/shared/messages';
import { studentDataExportSchema } from '@shule/shared/privacy';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageRecipients, messages, students } from '../../db/schema/index';
import {
  expectStatus,
  OTHER_SCHOOL_MESSAGE,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';
import { createClassFixture, signedInTeacher } from '../../test/fixtures';
import { meritListOf } from '../../test/merit-list-answer';
import { admitWithSms, parentNamed } from '../../test/messaging-school';
import { kcseForm4 } from '../../test/results-school';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'KIS', 'MAT', 'BIO', 'CHE', 'PHY', 'HIS', 'CRE'] as const;
const marksOf = (mark: number) => Object.fromEntries(SUBJECTS.map((code) => [code, mark]));

/**
 * Kilimani's Form 4 (East and West) after End Term 1, each case of the selection once:
 * Achieng (East, 85 everywhere, first) and her brother Baraka (West) share their mother, who
 * granted SMS consent for Achieng only; Chebet (East) granted; Daudi (East) refused; Faraji
 * (West) granted but his father opted out; Hassan (West) granted, erased; Imani (East) granted,
 * no marks. Sending to both streams reaches Achieng's, Baraka's and Chebet's parents.
 */
async function form4AfterEndTerm(examOptions: object = {}) {
  const who = await newSchool('Kilimani Mixed Secondary School');
  const form4 = await kcseForm4({ t, call, create }, who, SUBJECTS);
  const exam = (
    await create(who, '/api/grades/exams/', {
      name: 'End Term 1',
      start_date: '2026-03-30',
      end_date: '2026-04-02',
      ...examOptions,
    })
  ).id as number;
  const mother = parentNamed('Mama Achieng');
  const admit = (
    classId: number,
    first: string,
    parent = parentNamed(`Parent ${first}`),
    sms = 'granted' as const,
  ) => admitWithSms(t.app, who, classId, first, parent, sms);
  const achieng = await admit(form4.east, 'Achieng', mother);
  const baraka = await admitWithSms(t.app, who, form4.west, 'Baraka', mother, 'unknown');
  const chebet = await admit(form4.east, 'Chebet');
  const daudi = await admitWithSms(
    t.app,
    who,
    form4.east,
    'Daudi',
    parentNamed('Baba Daudi'),
    'refused',
  );
  const faraji = await admit(form4.west, 'Faraji');
  const hassan = await admit(form4.west, 'Hassan');
  const imani = await admit(form4.east, 'Imani');
  const marks: [typeof achieng, number][] = [
    [achieng, 85],
    [chebet, 70],
    [baraka, 60],
    [daudi, 55],
    [faraji, 50],
    [hassan, 45],
  ];
  for (const [student, mark] of marks) await form4.saveMarks(student.id, exam, marksOf(mark));
  await expectStatus(
    call('PATCH', `/api/parents/${faraji.parent!.id}/sms/`, who.auth, { opted_out: true }),
    200,
  );
  await t.app.db.update(students).set({ erasedAt: new Date() }).where(eq(students.id, hassan.id));
  return { who, form4, exam, mother, achieng, baraka, chebet, daudi, faraji, hassan, imani };
}
type School = Awaited<ReturnType<typeof form4AfterEndTerm>>;

const preview = (who: SignedInSchool | null, exam: number | string, query = '') =>
  call('GET', `/api/exams/${exam}/results_sms/${query}`, who?.auth ?? {});
const send = (
  who: SignedInSchool | null,
  exam: number | string,
  body: object = {},
  headers: Record<string, string> = {},
) => call('POST', `/api/exams/${exam}/results_sms/`, { ...(who?.auth ?? {}), ...headers }, body);

const previewOf = async (who: SignedInSchool, exam: number, query = '') =>
  resultsSmsPreview.parse((await expectStatus(preview(who, exam, query), 200)).json());

/** Achieng's text, in the merit list's subject order: 85 is an A in every subject. */
async function achiengText(s: School) {
  const list = meritListOf(
    await expectStatus(
      call('GET', `/api/exams/${s.exam}/merit_list/?level=Form 4`, s.who.auth),
      200,
    ),
  );
  const subjects = list.subjects.map((sub) => `${sub.code} 85A`).join(' ');
  return `Kilimani Mixed Sec: Achieng Student Adm ${s.achieng.admission_number}, End Term 1. ${subjects}. Mean A Pos 1/6`;
}

describe('GET /api/exams/{id}/results_sms/', () => {
  it("previews whom sending reaches, what it costs, and the first student's own text", async () => {
    const s = await form4AfterEndTerm();
    const before = await t.app.db.select({ id: messages.id }).from(messages);
    expect(await previewOf(s.who, s.exam)).toEqual({
      exam: { id: s.exam, name: 'End Term 1' },
      recipients: 3,
      skipped_no_consent: 1,
      skipped_opted_out: 1,
      estimated_cost: '2.40',
      sample: {
        student_name: 'Achieng Student',
        admission_number: s.achieng.admission_number,
        content: await achiengText(s),
        parts: 1,
      },
      test_mode: true,
      hold: null,
    });
    expect(await t.app.db.select({ id: messages.id }).from(messages)).toEqual(before);
  });

  it('counts by the classes chosen: a parent is reached by a consent in those classes', async () => {
    const s = await form4AfterEndTerm();
    expect(await previewOf(s.who, s.exam, `?classes=${s.form4.east}`)).toMatchObject({
      recipients: 2,
      skipped_no_consent: 1,
      skipped_opted_out: 0,
    });
    const west = await previewOf(s.who, s.exam, `?classes=${s.form4.west}`);
    expect(west).toMatchObject({ recipients: 0, skipped_no_consent: 1, skipped_opted_out: 1 });
    // Nobody is reached, but the text is still shown: Baraka ranks above Faraji.
    expect(west.sample).toMatchObject({ student_name: 'Baraka Student', parts: 1 });
  });

  it('answers 400 for bad classes or a class that does not sit the exam, 404 for another school', async () => {
    const s = await form4AfterEndTerm({ classes: [] });
    const eastOnly = (
      await create(s.who, '/api/grades/exams/', {
        name: 'East CAT',
        start_date: '2026-02-10',
        end_date: '2026-02-10',
        classes: [s.form4.east],
      })
    ).id as number;
    await expectStatus(
      preview(s.who, eastOnly, `?classes=${s.form4.west}`),
      400,
      '4 West does not sit this exam',
    );
    await expectStatus(preview(s.who, s.exam, '?classes=x'), 400, 'Class is required');
    await expectStatus(preview(s.who, s.exam, '?classes='), 400, MESSAGE_MESSAGES.classes);
    const other = await newSchool();
    const theirClass = await createClassFixture(t.app, other, 'Form 4 North');
    await expectStatus(preview(s.who, s.exam, `?classes=${theirClass.id}`), 404, 'Class not found');
    await expectStatus(preview(other, s.exam), 404, 'Exam not found');
    await expectStatus(
      preview(s.who, s.exam, `?school=${other.schoolId}`),
      403,
      OTHER_SCHOOL_MESSAGE,
    );
  });

  it('answers 401 without a token and 403 to a teacher', async () => {
    const s = await form4AfterEndTerm();
    await expectStatus(preview(null, s.exam), 401);
    await expectStatus(preview(await signedInTeacher(t.app, s.who), s.exam), 403);
  });
});

describe('POST /api/exams/{id}/results_sms/', () => {
  it("queues each reached student's own results to their parent, as one results message", async () => {
    const s = await form4AfterEndTerm();
    const res = await expectStatus(send(s.who, s.exam, { school: s.who.schoolId }), 201);
    const { message, detail } = sendMessageResponse.parse(res.json());
    expect(detail).toBe('Results queued for the parents of 3 students');
    expect(message).toMatchObject({
      kind: 'results',
      exam: { id: s.exam, name: 'End Term 1' },
      class_names: ['4 East', '4 West'],
      status: 'sending',
      recipients: 3,
      counts: { queued: 3, sending: 0, sent: 0, delivered: 0, failed: 0 },
      skipped_no_consent: 1,
      skipped_opted_out: 1,
      parts: 1,
      estimated_cost: '2.40',
      test_mode: true,
    });
    // The list names no child: each parent's text is on their own row.
    expect(message.content).toBe(
      "End Term 1 results: each parent gets their own child's marks, grades, mean grade and position",
    );
    const rows = await t.app.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, message.id))
      .orderBy(asc(messageRecipients.id));
    expect(rows.map((r) => [r.studentId, r.parentId])).toEqual([
      [s.achieng.id, s.achieng.parent!.id],
      [s.chebet.id, s.chebet.parent!.id],
      [s.baraka.id, s.achieng.parent!.id],
    ]);
    expect(rows[0]).toMatchObject({
      content: await achiengText(s),
      phoneNumber: s.mother.phone_number,
      parts: 1,
      status: 'queued',
    });
    expect(rows[2]!.content).toMatch(
      new RegExp(
        `^Kilimani Mixed Sec: Baraka Student Adm ${s.baraka.admission_number}, End Term 1\\. .* Pos 3/6$`,
      ),
    );

    const listed = messageListResponse.parse(
      (await expectStatus(call('GET', '/api/messages/', s.who.auth), 200)).json(),
    );
    expect(listed.messages).toEqual([message]);
    const detailed = messageDetailResponse.parse(
      (await expectStatus(call('GET', `/api/messages/${message.id}/`, s.who.auth), 200)).json(),
    );
    expect(detailed.recipients.map((r) => [r.student_name, r.parent_name])).toEqual([
      ['Achieng Student', 'Mama Achieng Parent'],
      ['Chebet Student', 'Parent Chebet Parent'],
      ['Baraka Student', 'Mama Achieng Parent'],
    ]);
    expect(detailed.recipients[0]!.content).toBe(await achiengText(s));
  });

  it('sends once for a repeated Idempotency-Key, and answers 400 when no parent is reached', async () => {
    const s = await form4AfterEndTerm();
    const key = { [IDEMPOTENCY_HEADER]: 'results-end-term-1' };
    const first = await expectStatus(send(s.who, s.exam, {}, key), 201);
    const again = await expectStatus(send(s.who, s.exam, {}, key), 201);
    expect(again.json()).toEqual(first.json());
    const res = await expectStatus(
      send(s.who, s.exam, { classes: [s.form4.west] }),
      400,
      MESSAGE_MESSAGES.noReachableParent,
    );
    expect(res.json().errors).toEqual({ classes: [MESSAGE_MESSAGES.noReachableParent] });
    await expectStatus(send(s.who, s.exam, { classes: [] }), 400, MESSAGE_MESSAGES.classes);
    await expectStatus(send(s.who, s.exam, { classes: ['x'] }), 400);
    const stored = await t.app.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.schoolId, s.who.schoolId));
    expect(stored).toHaveLength(1);
  });

  it('answers 404 for an exam or class of another school, 403 for another school named, 401 and 403', async () => {
    const s = await form4AfterEndTerm();
    const other = await newSchool();
    const theirClass = await createClassFixture(t.app, other, 'Form 4 South');
    await expectStatus(send(other, s.exam), 404, 'Exam not found');
    await expectStatus(send(s.who, s.exam, { classes: [theirClass.id] }), 404, 'Class not found');
    await expectStatus(send(s.who, s.exam, { school: other.schoolId }), 403, OTHER_SCHOOL_MESSAGE);
    await expectStatus(send(null, s.exam), 401);
    await expectStatus(send(await signedInTeacher(t.app, s.who), s.exam), 403);
  });
});

describe("a results SMS and the child's rights", () => {
  it('is exported with the child and the parent once, and erased with the child: the row stays without them', async () => {
    const s = await form4AfterEndTerm();
    const { message } = sendMessageResponse.parse(
      (await expectStatus(send(s.who, s.exam), 201)).json(),
    );
    const exported = studentDataExportSchema.parse(
      (
        await expectStatus(
          call('GET', `/api/students/${s.achieng.id}/data_export/`, s.who.auth),
          200,
        )
      ).json(),
    );
    // Achieng's row is hers and her mother's: listed once; Baraka's is their mother's.
    expect(exported.tables.message_recipients!.map((r) => r.student_id).sort()).toEqual(
      [s.achieng.id, s.baraka.id].sort(),
    );

    const erase = (student: typeof s.baraka) =>
      expectStatus(
        call('POST', `/api/students/${student.id}/erase/`, s.who.auth, {
          confirm: student.admission_number,
        }),
        200,
      );
    const rowOf = async (studentId: number | null, parentId: number | null) =>
      (
        await t.app.db
          .select()
          .from(messageRecipients)
          .where(eq(messageRecipients.messageId, message.id))
      ).filter((r) => r.studentId === studentId && r.parentId === parentId);

    // Baraka goes; his mother stays (Achieng is hers): his row keeps her phone, not him.
    await erase(s.baraka);
    const [barakas] = await rowOf(null, s.achieng.parent!.id);
    expect(barakas).toMatchObject({ content: null, phoneNumber: s.mother.phone_number, parts: 1 });
    expect((await rowOf(s.achieng.id, s.achieng.parent!.id))[0]!.content).toContain('Achieng');

    // Achieng goes, and her mother with her: no row names either.
    await erase(s.achieng);
    const rows = await t.app.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, message.id));
    expect(rows).toHaveLength(3);
    const theirs = rows.filter((r) => r.studentId !== s.chebet.id);
    expect(theirs).toEqual([
      expect.objectContaining({
        studentId: null,
        parentId: null,
        phoneNumber: null,
        content: null,
      }),
      expect.objectContaining({
        studentId: null,
        parentId: null,
        phoneNumber: null,
        content: null,
      }),
    ]);
    const detailed = messageDetailResponse.parse(
      (await expectStatus(call('GET', `/api/messages/${message.id}/`, s.who.auth), 200)).json(),
    );
    expect(detailed.message.recipients).toBe(3);
    expect(JSON.stringify(detailed)).not.toMatch(/Achieng|Baraka/);
  });
});
