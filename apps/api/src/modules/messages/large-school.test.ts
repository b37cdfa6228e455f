import {
  messageAudienceResponse,
  messageListResponse,
  resultsSmsPreview,
  sendMessageResponse,
  smsParts,
} from '@shule/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageRecipients, students } from '../../db/schema/index';
import {
  countQueries,
  expectStatus,
  type SignedInLargeSchool,
  seedSignedInLargeSchool,
  useTestApp,
} from '../../test/app';

const { t, call } = useTestApp();
let school: SignedInLargeSchool;
let parentCount: number;

beforeAll(async () => {
  school = await seedSignedInLargeSchool(t.app, {
    students: 2000,
    classes: 16,
    levels: true,
    name: 'Kilimani Mixed Secondary School',
    adminPhone: '0799300001',
  });
  // The one-click KCSE scale: every subject's marks graded A to E.
  await expectStatus(call('POST', '/api/grades/grades/kcse/', school.who.auth), 201);
  // Every parent said yes to SMS when their child was admitted.
  await t.app.db
    .update(students)
    .set({ smsConsent: 'granted' })
    .where(eq(students.schoolId, school.schoolId));
  const [counted] = await t.app.db
    .select({ n: sql<number>`count(distinct ${students.parentId})::int` })
    .from(students)
    .where(eq(students.schoolId, school.schoolId));
  parentCount = counted!.n;
});

const all = () => school.classIds;

describe('messages in a school of 2,000', () => {
  it('sends to every parent once (siblings share one) in one transaction, over 1,000 rows', async () => {
    const audience = messageAudienceResponse.parse(
      (
        await expectStatus(
          call('GET', `/api/messages/audience/?classes=${all().join(',')}`, school.who.auth),
          200,
        )
      ).json(),
    );
    expect(parentCount).toBeGreaterThan(1000);
    expect(parentCount).toBeLessThan(2000);
    expect(audience).toMatchObject({ recipients: parentCount, skipped_no_consent: 0 });

    const res = await expectStatus(
      call('POST', '/api/messages/', school.who.auth, {
        classes: all(),
        content: 'Dear parent, the school closes on Friday. Fees balances by Monday please.',
      }),
      201,
    );
    const { message } = sendMessageResponse.parse(res.json());
    expect(message.recipients).toBe(parentCount);
    const [stored] = await t.app.db
      .select({
        rows: sql<number>`count(*)::int`,
        phones: sql<number>`count(distinct ${messageRecipients.phoneNumber})::int`,
      })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, message.id));
    expect(stored).toEqual({ rows: parentCount, phones: parentCount });
  });

  it('lists in as many queries as a school of one message', async () => {
    const queries = await countQueries(t.app, async () => {
      const page = messageListResponse.parse(
        (await expectStatus(call('GET', '/api/messages/', school.who.auth), 200)).json(),
      );
      expect(page.messages[0]?.recipients).toBe(parentCount);
    });
    expect(queries).toBe(2);
  });

  it("sends each of 2,000 students' results, every text in one part", async () => {
    const preview = resultsSmsPreview.parse(
      (
        await expectStatus(
          call('GET', `/api/exams/${school.examId}/results_sms/`, school.who.auth),
          200,
        )
      ).json(),
    );
    expect(preview).toMatchObject({ recipients: 2000, skipped_no_consent: 0 });
    const res = await expectStatus(
      call('POST', `/api/exams/${school.examId}/results_sms/`, school.who.auth, {}),
      201,
    );
    const { message } = sendMessageResponse.parse(res.json());
    expect(message).toMatchObject({ kind: 'results', recipients: 2000, parts: 1 });
    const rows = await t.app.db
      .select({ content: messageRecipients.content, parts: messageRecipients.parts })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, message.id));
    expect(rows).toHaveLength(2000);
    const overOnePart = rows.filter((r) => r.parts !== 1 || smsParts(r.content!).parts !== 1);
    expect(overOnePart).toEqual([]);
    // Twelve graded subjects fit one part at the last step: the school's initials, grades
    // without marks (packages/shared/src/results-sms.ts).
    const grade = '[A-E][+-]?';
    expect(rows[0]!.content).toMatch(
      new RegExp(
        `^KMSS: \\S+ \\S+ Adm \\d+, End of Term 1\\. ENG ${grade} KIS ${grade} .* BST ${grade}\\. Mean ${grade} Pos \\d+/500$`,
      ),
    );
  });
});
