import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAY_HEADER,
} from '@shule/shared/idempotency';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, students, teachers } from '../db/schema/index';
import { expectStatus, type SignedInSchool, useTestApp } from '../test/app';
import { createClassFixture, signedInTeacher, studentBody } from '../test/fixtures';
import { pruneIdempotencyKeys } from './idempotency';

const { t, schools } = useTestApp('Kakamega School', 'Friends School Kamusinga');
const [ours, theirs] = schools;
let form1: number;
let theirClass: number;
beforeAll(async () => {
  form1 = (await createClassFixture(t.app, ours, 'Form 1')).id;
  theirClass = (await createClassFixture(t.app, theirs, 'Form 1')).id;
});

let keyCounter = 0;
const newKey = () => `key-${process.pid}-${++keyCounter}`;

const admit = (
  who: SignedInSchool | null,
  key: string | undefined,
  body: object,
  classId = form1,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/add_student/`,
    headers: { ...(who?.auth ?? {}), ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }) },
    payload: body,
  });

async function studentsOf(schoolId: number) {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(students)
    .where(eq(students.schoolId, schoolId));
  return row!.n;
}

describe('Idempotency-Key on admission', () => {
  it('a repeat with the same key and body gets the first answer and admits no one', async () => {
    const key = newKey();
    const body = studentBody();
    const before = await studentsOf(ours.schoolId);
    const first = await expectStatus(admit(ours, key, body), 201);
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
    const again = await expectStatus(admit(ours, key, body), 201);
    expect(again.body).toBe(first.body);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await studentsOf(ours.schoolId)).toBe(before + 1);
  });

  it('the same key with another body answers 409 and writes nothing', async () => {
    const key = newKey();
    const body = studentBody();
    await expectStatus(admit(ours, key, body), 201);
    const before = await studentsOf(ours.schoolId);
    const res = await expectStatus(
      admit(ours, key, { ...body, first_name: 'Baraka' }),
      409,
      IDEMPOTENCY_MESSAGES.otherBody,
    );
    expect(res.json().code).toBe('idempotency_key_reused');
    // Another class in the path is another request too.
    const form2 = (await createClassFixture(t.app, ours, `Form 2 ${key}`)).id;
    await expectStatus(admit(ours, key, body, form2), 409);
    expect(await studentsOf(ours.schoolId)).toBe(before);
  });

  it('requests sent at once with one key admit one student, and each gets its answer', async () => {
    const key = newKey();
    const body = studentBody();
    const before = await studentsOf(ours.schoolId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => admit(ours, key, body)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.filter((r) => r.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()])).toHaveLength(
      4,
    );
    expect(await studentsOf(ours.schoolId)).toBe(before + 1);
  });

  it('keys belong to their user: another school’s admin with the same key admits their own', async () => {
    const key = newKey();
    const body = studentBody();
    const mine = await expectStatus(admit(ours, key, body), 201);
    const before = await studentsOf(theirs.schoolId);
    const theirsToo = await expectStatus(admit(theirs, key, body, theirClass), 201);
    expect(theirsToo.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
    expect(theirsToo.json().student.id).not.toBe(mine.json().student.id);
    expect(await studentsOf(theirs.schoolId)).toBe(before + 1);
  });

  it('a refused request lets its key go: corrected and sent again with it, it admits', async () => {
    const key = newKey();
    const before = await studentsOf(ours.schoolId);
    await expectStatus(admit(ours, key, studentBody({ first_name: '' })), 400);
    await expectStatus(admit(ours, key, studentBody(), 999_999), 404);
    const teacher = await signedInTeacher(t.app, ours);
    await expectStatus(admit(teacher, key, studentBody()), 403);
    await expectStatus(admit(ours, key, studentBody()), 201);
    expect(await studentsOf(ours.schoolId)).toBe(before + 1);
  });

  it('400 with the header’s message for a key that is empty, too long or not visible ASCII', async () => {
    const before = await studentsOf(ours.schoolId);
    for (const key of ['', 'x'.repeat(256), 'two words', 'nul\u0001']) {
      const res = await expectStatus(
        admit(ours, key, studentBody()),
        400,
        IDEMPOTENCY_MESSAGES.key,
      );
      expect(res.json().errors).toEqual({ [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.key] });
    }
    await expectStatus(admit(null, newKey(), studentBody()), 401);
    expect(await studentsOf(ours.schoolId)).toBe(before);
  });

  it('without the header every request writes, as before', async () => {
    const before = await studentsOf(ours.schoolId);
    const body = studentBody();
    await expectStatus(admit(ours, undefined, body), 201);
    await expectStatus(admit(ours, undefined, body), 201);
    expect(await studentsOf(ours.schoolId)).toBe(before + 2);
  });

  it('after 24 hours a key is new again, and pruning forgets it', async () => {
    const key = newKey();
    const body = studentBody();
    await expectStatus(admit(ours, key, body), 201);
    await t.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const before = await studentsOf(ours.schoolId);
    await expectStatus(admit(ours, key, body), 201);
    expect(await studentsOf(ours.schoolId)).toBe(before + 1);

    await t.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    expect(await pruneIdempotencyKeys(t.app.db)).toBeGreaterThanOrEqual(1);
    const left = await t.app.db
      .select({ id: idempotencyKeys.id })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`);
    expect(left).toEqual([]);
  });
});

describe('Idempotency-Key on adding a teacher', () => {
  const addTeacher = (key: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/staff/teachers/',
      headers: { ...ours.auth, [IDEMPOTENCY_HEADER]: key },
      payload: body,
    });
  const teachersOf = async () =>
    (
      await t.app.db
        .select({ n: count() })
        .from(teachers)
        .where(eq(teachers.schoolId, ours.schoolId))
    )[0]!.n;

  it('adds one teacher, however often or at once the same request is sent', async () => {
    const body = {
      first_name: 'Mary',
      last_name: 'Achieng',
      phone_number: '0733555111',
      tsc_number: 'TSC777111',
      school: ours.schoolId,
    };
    const key = newKey();
    const before = await teachersOf();
    const answers = await Promise.all([addTeacher(key, body), addTeacher(key, body)]);
    const again = await addTeacher(key, body);
    for (const res of [...answers, again]) expect(res.statusCode, res.body).toBe(201);
    // The one-time password in the message is the first one's: the replay ran nothing.
    expect(new Set([...answers, again].map((r) => r.json().message)).size).toBe(1);
    expect(await teachersOf()).toBe(before + 1);
    await expectStatus(addTeacher(key, { ...body, tsc_number: 'TSC777112' }), 409);
    expect(await teachersOf()).toBe(before + 1);
  });
});
