import { auditLogResponse } from '@shule/shared/audit';
import { CONSENT_MESSAGES, studentConsentsSchema } from '@shule/shared/consents';
import { NOTHING_TO_CHANGE_MESSAGE } from '@shule/shared/fields';
import { studentDetailSchema } from '@shule/shared/students';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import {
  admitFixture,
  createClassFixture,
  signedInTeacher,
  studentBody,
} from '../../test/fixtures';
import { hasConsent } from './consents';

const { t, schools, call } = useTestApp('Alliance Girls High School', 'Lenana School');
const [ours, theirs] = schools;
let form1: number;
beforeAll(async () => {
  form1 = (await createClassFixture(t.app, ours, 'Form 1')).id;
});

const detail = async (who: SignedInSchool, id: number) =>
  studentDetailSchema.parse(
    (await expectStatus(call('GET', `/api/students/${id}/`, who.auth), 200)).json(),
  );
const changeConsents = (who: SignedInSchool | null, id: number, payload: object) =>
  call('PATCH', `/api/students/${id}/consents/`, who?.auth ?? {}, payload);
const consentEntries = async (who: SignedInSchool, studentId: number) => {
  const res = await expectStatus(
    call('GET', '/api/audit_log/?action=consent_changed', who.auth),
    200,
  );
  return auditLogResponse.parse(res.json()).entries.filter((e) => e.subject_id === studentId);
};

const unknown = { status: 'unknown', recorded_at: null, recorded_by: null };
const isoTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('consents at admission', () => {
  it('records each answer with the date and the admitting user', async () => {
    const student = await admitFixture(t.app, ours, form1, {
      consents: { photos: 'granted', sms: 'refused' },
    });
    const { consents } = await detail(ours, student.id);
    const recordedBy = { id: ours.userId, name: 'Jane Wanjiku' };
    expect(consents).toEqual({
      photos: { status: 'granted', recorded_at: isoTime, recorded_by: recordedBy },
      sms: { status: 'refused', recorded_at: isoTime, recorded_by: recordedBy },
    });
    expect(await hasConsent(t.app.db, ours.schoolId, student.id, 'photos')).toBe(true);
    expect(await hasConsent(t.app.db, ours.schoolId, student.id, 'sms')).toBe(false);
    expect(await hasConsent(t.app.db, theirs.schoolId, student.id, 'photos')).toBe(false);
  });

  it('is "unknown", recorded by no one, when not sent (as for students admitted before)', async () => {
    const student = await admitFixture(t.app, ours, form1);
    expect((await detail(ours, student.id)).consents).toEqual({ photos: unknown, sms: unknown });
    const partly = await admitFixture(t.app, ours, form1, { consents: { sms: 'granted' } });
    const { consents } = await detail(ours, partly.id);
    expect(consents.photos).toEqual(unknown);
    expect(consents.sms.status).toBe('granted');
  });

  it('refuses an answer other than granted, refused or unknown (400), admitting no one', async () => {
    const res = await expectStatus(
      call('POST', `/api/classes/${form1}/add_student`, ours.auth, {
        ...studentBody(),
        consents: { photos: 'yes', sms: 'granted' },
      }),
      400,
      CONSENT_MESSAGES.status,
    );
    expect(res.json().errors).toEqual({ 'consents.photos': [CONSENT_MESSAGES.status] });
    await expectStatus(
      call('POST', `/api/classes/${form1}/add_student`, ours.auth, {
        ...studentBody(),
        consents: 'granted',
      }),
      400,
    );
  });
});

describe('PATCH /api/students/{id}/consents/', () => {
  it('records a change with the date and who, and one consent_changed entry per kind changed', async () => {
    const student = await admitFixture(t.app, ours, form1);
    const res = await expectStatus(
      changeConsents(ours, student.id, { photos: 'refused', sms: 'granted' }),
      200,
    );
    const answered = studentConsentsSchema.parse(res.json());
    expect(answered.photos).toEqual({
      status: 'refused',
      recorded_at: isoTime,
      recorded_by: { id: ours.userId, name: 'Jane Wanjiku' },
    });
    expect(answered.sms.status).toBe('granted');
    expect((await detail(ours, student.id)).consents).toEqual(answered);

    const entries = await consentEntries(ours, student.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      action: 'consent_changed',
      actor_id: ours.userId,
      subject_type: 'student',
      subject_id: student.id,
      address: '127.0.0.1',
    });

    // The same answer again changes nothing and records nothing; back to unknown clears who.
    await expectStatus(changeConsents(ours, student.id, { photos: 'refused' }), 200);
    expect(await consentEntries(ours, student.id)).toHaveLength(2);
    const cleared = await expectStatus(
      changeConsents(ours, student.id, { photos: 'unknown' }),
      200,
    );
    expect(cleared.json().photos).toEqual(unknown);
    expect(await consentEntries(ours, student.id)).toHaveLength(3);
  });

  it('answers 400 for nothing to change or a bad answer, and 404 for an id no row has, changing nothing', async () => {
    const student = await admitFixture(t.app, ours, form1);
    await expectStatus(changeConsents(ours, student.id, {}), 400, NOTHING_TO_CHANGE_MESSAGE);
    await expectStatus(
      changeConsents(ours, student.id, { photos: 'granted', sms: 'maybe' }),
      400,
      CONSENT_MESSAGES.status,
    );
    expect((await detail(ours, student.id)).consents.photos).toEqual(unknown);
    await expectStatus(changeConsents(ours, 0, { photos: 'granted' }), 404, 'Not found');
  });

  it("answers 401 without a token, 403 to a teacher and 404 for another school's student", async () => {
    const student = await admitFixture(t.app, ours, form1);
    await expectStatus(changeConsents(null, student.id, { photos: 'granted' }), 401);
    const teacher = await signedInTeacher(t.app, ours);
    await expectStatus(changeConsents(teacher, student.id, { photos: 'granted' }), 403);
    await expectStatus(
      changeConsents(theirs, student.id, { photos: 'granted' }),
      404,
      'Student not found',
    );
    expect((await detail(ours, student.id)).consents.photos).toEqual(unknown);
    expect(await consentEntries(ours, student.id)).toEqual([]);
  });
});
