import { auditLogResponse } from '@shule/shared/audit';
import { NOTHING_TO_CHANGE_MESSAGE } from '@shule/shared/fields';
import { MESSAGE_MESSAGES, messageAudienceResponse } from '@shule/shared/messages';
import { studentDetailSchema } from '@shule/shared/students';
import { describe, expect, it } from 'vitest';
import { expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { createClassFixture, signedInTeacher } from '../../test/fixtures';
import { admitWithSms, parentNamed } from '../../test/messaging-school';

const { t, call, newSchool } = useTestApp();

const optOut = (who: SignedInSchool | null, parentId: number | string, body: object) =>
  call('PATCH', `/api/parents/${parentId}/sms/`, who?.auth ?? {}, body);

/** A class where two siblings share a parent who consented to SMS. */
async function siblings() {
  const who = await newSchool();
  const form1 = (await createClassFixture(t.app, who, 'Form 1')).id;
  const mother = parentNamed('Mama Wanjiru');
  const wanjiru = await admitWithSms(t.app, who, form1, 'Wanjiru', mother);
  const kamau = await admitWithSms(t.app, who, form1, 'Kamau', mother);
  return { who, form1, wanjiru, kamau, parentId: wanjiru.parent!.id };
}

const detailOf = async (who: SignedInSchool, studentId: number) =>
  studentDetailSchema.parse(
    (await expectStatus(call('GET', `/api/students/${studentId}/`, who.auth), 200)).json(),
  );
const consentEntries = async (who: SignedInSchool) =>
  auditLogResponse
    .parse(
      (
        await expectStatus(call('GET', '/api/audit_log/?action=consent_changed', who.auth), 200)
      ).json(),
    )
    .entries.filter((e) => e.subject_type === 'parent');

describe('PATCH /api/parents/{id}/sms/', () => {
  it("records the parent's wish: every message leaves them out, and both children's records say so", async () => {
    const s = await siblings();
    expect(s.kamau.parent!.id).toBe(s.parentId);
    const res = await expectStatus(optOut(s.who, s.parentId, { opted_out: true }), 200);
    expect(res.json()).toEqual({ parent: { id: s.parentId, sms_opt_out: true } });
    for (const child of [s.wanjiru, s.kamau]) {
      expect((await detailOf(s.who, child.id)).parent).toMatchObject({
        id: s.parentId,
        sms_opt_out: true,
      });
    }
    const audience = messageAudienceResponse.parse(
      (
        await expectStatus(
          call('GET', `/api/messages/audience/?classes=${s.form1}`, s.who.auth),
          200,
        )
      ).json(),
    );
    expect(audience).toMatchObject({ recipients: 0, skipped_opted_out: 1, skipped_no_consent: 0 });
    await expectStatus(
      call('POST', '/api/messages/', s.who.auth, { classes: [s.form1], content: 'Hello' }),
      400,
      MESSAGE_MESSAGES.noReachableParent,
    );

    await expectStatus(optOut(s.who, s.parentId, { opted_out: false }), 200);
    expect((await detailOf(s.who, s.kamau.id)).parent?.sms_opt_out).toBe(false);
  });

  it('audits a change, not a repeat of the same answer', async () => {
    const s = await siblings();
    await expectStatus(optOut(s.who, s.parentId, { opted_out: false }), 200);
    expect(await consentEntries(s.who)).toEqual([]);
    await expectStatus(optOut(s.who, s.parentId, { opted_out: true }), 200);
    await expectStatus(optOut(s.who, s.parentId, { opted_out: true }), 200);
    expect(await consentEntries(s.who)).toEqual([
      expect.objectContaining({
        action: 'consent_changed',
        subject_type: 'parent',
        subject_id: s.parentId,
        actor_id: s.who.userId,
      }),
    ]);
  });

  it('answers 400 with the field message for anything but true or false, and for no change', async () => {
    const s = await siblings();
    for (const opted_out of ['yes', 1, null, undefined]) {
      const res = await expectStatus(
        optOut(s.who, s.parentId, { opted_out, other: 'x' }),
        400,
        MESSAGE_MESSAGES.optOut,
      );
      expect(res.json().errors).toEqual({ opted_out: [MESSAGE_MESSAGES.optOut] });
    }
    await expectStatus(optOut(s.who, s.parentId, {}), 400, NOTHING_TO_CHANGE_MESSAGE);
  });

  it("answers 404 for another school's parent or none, 401 without a token and 403 to a teacher", async () => {
    const s = await siblings();
    const other = await siblings();
    await expectStatus(optOut(s.who, other.parentId, { opted_out: true }), 404, 'Parent not found');
    expect((await detailOf(other.who, other.kamau.id)).parent?.sms_opt_out).toBe(false);
    await expectStatus(optOut(s.who, 2_000_000_000, { opted_out: true }), 404, 'Parent not found');
    await expectStatus(optOut(null, s.parentId, { opted_out: true }), 401);
    const teacher = await signedInTeacher(t.app, s.who);
    await expectStatus(optOut(teacher, s.parentId, { opted_out: true }), 403);
  });
});
