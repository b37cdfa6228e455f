import { LEARNER_RECORD_MESSAGES } from '@shule/shared/learner-record';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema/index';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { admitFixture, createClassFixture, signedInTeacher } from '../../test/fixtures';

const { t, schools } = useTestApp('Record School', 'Other Record School');
const [ours, theirs] = schools;
let classId: number;
let theirClass: number;
beforeAll(async () => {
  classId = (await createClassFixture(t.app, ours, 'Grade 7')).id;
  theirClass = (await createClassFixture(t.app, theirs, 'Grade 7')).id;
});

const patch = (who: SignedInSchool | null, id: number, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/students/${id}/`,
    headers: who?.auth ?? {},
    payload,
  });
const get = (who: SignedInSchool | null, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/students/${id}/`, headers: who?.auth ?? {} });

const changedEntries = async (studentId: number) =>
  (
    await t.app.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'student_changed'), eq(auditLog.subjectId, studentId)))
  ).length;

const record = {
  upi: 'abc123',
  birth_certificate_number: '1234/2014',
  nationality: 'Kenyan',
  county: 'Kisumu',
  sub_county: 'Kisumu East',
  special_needs: 'Low vision: sits in front',
  medical_condition: 'Asthma',
  nhif_number: 'sha0099',
  entry_index_number: '12345678901',
  parent_national_id_number: '23456789',
};

describe('the learner record on PATCH and GET /api/students/{id}/', () => {
  it('saves every register field, answers them, and records the change', async () => {
    const student = await admitFixture(t.app, ours, classId);
    const res = await patch(ours, student.id, record);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      upi: 'ABC123',
      birth_certificate_number: '1234/2014',
      nationality: 'Kenyan',
      county: 'Kisumu',
      sub_county: 'Kisumu East',
      special_needs: 'Low vision: sits in front',
      medical_condition: 'Asthma',
      nhif_number: 'SHA0099',
      entry_index_number: '12345678901',
    };
    expect(res.json()).toMatchObject({ ...expected, parent: { national_id_number: '23456789' } });
    expect((await get(ours, student.id)).json()).toMatchObject({
      ...expected,
      parent: { national_id_number: '23456789' },
    });
    expect(await changedEntries(student.id)).toBe(1);

    const cleared = await patch(ours, student.id, {
      upi: '',
      county: null,
      parent_national_id_number: '',
    });
    expect(cleared.json()).toMatchObject({
      upi: null,
      county: null,
      parent: { national_id_number: null },
    });
    expect(await changedEntries(student.id)).toBe(2);
  });

  it('answers each field’s message (400)', async () => {
    const student = await admitFixture(t.app, ours, classId);
    const res = await patch(ours, student.id, {
      upi: 'AB-12',
      birth_certificate_number: '12 34',
      county: 'Atlantis',
      nhif_number: 'x y',
      entry_index_number: '1234',
      parent_national_id_number: '12ab',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      upi: [LEARNER_RECORD_MESSAGES.upi],
      birth_certificate_number: [LEARNER_RECORD_MESSAGES.birthCertificate],
      county: [LEARNER_RECORD_MESSAGES.county],
      nhif_number: [LEARNER_RECORD_MESSAGES.nhif],
      entry_index_number: [LEARNER_RECORD_MESSAGES.indexNumber],
      parent_national_id_number: [LEARNER_RECORD_MESSAGES.nationalId],
    });
  });

  it('refuses a UPI another student of the school has (409); another school’s is no matter', async () => {
    const first = await admitFixture(t.app, ours, classId);
    const second = await admitFixture(t.app, ours, classId);
    const elsewhere = await admitFixture(t.app, theirs, theirClass);
    await expectStatus(patch(ours, first.id, { upi: 'UPI777' }), 200);
    await expectStatus(
      patch(ours, second.id, { upi: 'upi777' }),
      409,
      LEARNER_RECORD_MESSAGES.upiTaken('UPI777'),
    );
    await expectStatus(patch(ours, first.id, { upi: 'UPI777' }), 200);
    await expectStatus(patch(theirs, elsewhere.id, { upi: 'UPI777' }), 200);
  });

  it('refuses a parent national ID when the student has no parent (400)', async () => {
    const student = await admitFixture(t.app, ours, classId);
    await t.app.db.update(students).set({ parentId: null }).where(eq(students.id, student.id));
    const res = await patch(ours, student.id, { parent_national_id_number: '12345678' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['parent_national_id_number']);
  });

  it('401 without a token, 404 for another school’s student, 403 for a teacher', async () => {
    const student = await admitFixture(t.app, ours, classId);
    const elsewhere = await admitFixture(t.app, theirs, theirClass);
    await expectStatus(patch(null, student.id, { upi: 'A1' }), 401);
    await expectStatus(patch(ours, elsewhere.id, { upi: 'A1' }), 404, 'Student not found');
    await expectStatus(get(ours, elsewhere.id), 404, 'Student not found');
    const teacher = await signedInTeacher(t.app, ours);
    await expectStatus(patch(teacher, student.id, { upi: 'A1' }), 403);
  });
});
