import { auditLogResponse } from '@shule/shared/audit';
import {
  CLASS_CONSENT_MESSAGES,
  CONSENT_MESSAGES,
  classConsentsSchema,
} from '@shule/shared/consents';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema/index';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { admitFixture, createClassFixture, signedInTeacher } from '../../test/fixtures';

const { t, schools, call } = useTestApp('Moi Girls Eldoret', 'Kapsabet Boys');
const [ours, theirs] = schools;
let form1: number;
let form2: number;
let theirClass: number;
let amina: number;
let baraka: number;
let left: number;
let elsewhere: number;
beforeAll(async () => {
  form1 = (await createClassFixture(t.app, ours, 'Form 1 East')).id;
  form2 = (await createClassFixture(t.app, ours, 'Form 2')).id;
  theirClass = (await createClassFixture(t.app, theirs, 'Form 1 East')).id;
  amina = (await admitFixture(t.app, ours, form1, { first_name: 'Amina' })).id;
  baraka = (
    await admitFixture(t.app, ours, form1, { first_name: 'Baraka', consents: { sms: 'granted' } })
  ).id;
  left = (await admitFixture(t.app, ours, form1, { first_name: 'Zawadi' })).id;
  await t.app.db.update(students).set({ isActive: false }).where(eq(students.id, left));
  elsewhere = (await admitFixture(t.app, ours, form2)).id;
});

const url = (id: number) => `/api/classes/${id}/consents/`;
const save = (who: SignedInSchool | null, classId: number, payload: object) =>
  call('PUT', url(classId), who?.auth ?? {}, payload);
const consentEntries = async (studentId: number) => {
  const res = await expectStatus(
    call('GET', '/api/audit_log/?action=consent_changed', ours.auth),
    200,
  );
  return auditLogResponse.parse(res.json()).entries.filter((e) => e.subject_id === studentId);
};

describe('GET /api/classes/{id}/consents/', () => {
  it("lists the class's active students by name with their parent and consents", async () => {
    const body = classConsentsSchema.parse(
      (await expectStatus(call('GET', url(form1), ours.auth), 200)).json(),
    );
    expect(body.class).toEqual({ id: form1, name: 'Form 1 East' });
    expect(body.students.map((s) => s.id)).toEqual([amina, baraka]);
    expect(body.students[0]).toMatchObject({
      first_name: 'Amina',
      parent: { phone_number: expect.stringMatching(/^0\d{9}$/) },
      sms: { status: 'unknown', recorded_at: null },
      photos: { status: 'unknown', recorded_at: null },
    });
    expect(body.students[1]!.sms.status).toBe('granted');
  });

  it("401 without a token, 403 for a teacher, 404 for another school's class", async () => {
    expect((await call('GET', url(form1), {})).statusCode).toBe(401);
    const teacher = await signedInTeacher(t.app, ours);
    expect((await call('GET', url(form1), teacher.auth)).statusCode).toBe(403);
    expect((await call('GET', url(theirClass), ours.auth)).statusCode).toBe(404);
  });
});

describe('PUT /api/classes/{id}/consents/', () => {
  it('records every consent sent in one request, each change audit-logged as one student’s is', async () => {
    const before = await consentEntries(baraka);
    const res = await save(ours, form1, {
      students: [
        { id: amina, sms: 'granted', photos: 'refused' },
        { id: baraka, sms: 'granted' }, // as held: no change, no entry
      ],
    });
    const body = classConsentsSchema.parse((await expectStatus(res, 200)).json());
    expect(body.changed).toBe(2);
    const saved = body.students.find((s) => s.id === amina)!;
    expect(saved.sms).toEqual({ status: 'granted', recorded_at: expect.any(String) });
    expect(saved.photos.status).toBe('refused');
    expect(await consentEntries(amina)).toHaveLength(2);
    expect(await consentEntries(baraka)).toHaveLength(before.length);
    const [row] = await t.app.db.select().from(students).where(eq(students.id, amina));
    expect(row).toMatchObject({ smsConsent: 'granted', smsConsentBy: ours.userId });

    const back = await save(ours, form1, { students: [{ id: amina, sms: 'unknown' }] });
    const undone = classConsentsSchema.parse((await expectStatus(back, 200)).json());
    expect(undone.students.find((s) => s.id === amina)!.sms).toEqual({
      status: 'unknown',
      recorded_at: null,
    });
  });

  it('changes nothing when one student is not an active student of the class (400)', async () => {
    for (const stranger of [elsewhere, left]) {
      const res = await save(ours, form1, {
        students: [
          { id: baraka, sms: 'refused' },
          { id: stranger, sms: 'granted' },
        ],
      });
      await expectStatus(res, 400, CLASS_CONSENT_MESSAGES.notInClass(stranger));
      expect(res.json().errors.students).toEqual([CLASS_CONSENT_MESSAGES.notInClass(stranger)]);
    }
    const [row] = await t.app.db.select().from(students).where(eq(students.id, baraka));
    expect(row!.smsConsent).toBe('granted');
  });

  it('400 with the field message for a bad body', async () => {
    const bad = await save(ours, form1, { students: [{ id: amina, sms: 'yes' }] });
    await expectStatus(bad, 400, CONSENT_MESSAGES.status);
    const past = await save(ours, form1, { students: [{ id: 2147483648, sms: 'granted' }] });
    await expectStatus(past, 400, 'Student is not a valid id');
    for (const payload of [
      { students: [] },
      { students: 'all' },
      {
        students: [
          { id: amina, sms: 'granted' },
          { id: amina, sms: 'refused' },
        ],
      },
    ])
      await expectStatus(await save(ours, form1, payload), 400, CLASS_CONSENT_MESSAGES.students);
  });

  it("401 without a token, 403 for a teacher, 404 for another school's class; their students are not ours", async () => {
    const payload = { students: [{ id: amina, sms: 'refused' }] };
    expect((await save(null, form1, payload)).statusCode).toBe(401);
    const teacher = await signedInTeacher(t.app, ours);
    expect((await save(teacher, form1, payload)).statusCode).toBe(403);
    expect((await save(ours, theirClass, payload)).statusCode).toBe(404);
    // Their admin cannot reach our student through their own class.
    const res = await save(theirs, theirClass, payload);
    await expectStatus(res, 400, CLASS_CONSENT_MESSAGES.notInClass(amina));
  });
});

describe('GET /api/classes/{id}/consents/form/', () => {
  it("answers the class's paper form as a PDF download, for admins of the school only", async () => {
    const res = await expectStatus(call('GET', `${url(form1)}form/`, ours.auth), 200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="sms-consent-form-form-1-east.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', `${url(form1)}form/`, {})).statusCode).toBe(401);
    const teacher = await signedInTeacher(t.app, ours);
    expect((await call('GET', `${url(form1)}form/`, teacher.auth)).statusCode).toBe(403);
    expect((await call('GET', `${url(theirClass)}form/`, ours.auth)).statusCode).toBe(404);
  });
});
