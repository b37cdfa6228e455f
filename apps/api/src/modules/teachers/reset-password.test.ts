import { PASSWORD_CHANGE_REQUIRED } from '@shule/shared/auth-constants';
import {
  cannotResetOwnPasswordMessage,
  passwordResetMessage,
  resetPasswordResponse,
} from '@shule/shared/teachers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, teachers } from '../../db/schema/index';
import { expectStatus, login, type SignedInSchool, useTestApp } from '../../test/app';
import { addTeacherFixture, OWN_PASSWORD, signInChangingPassword } from '../../test/fixtures';

const { t, schools, call } = useTestApp('Starehe Boys Centre', 'Maranda High School');
const [ours, theirs] = schools;

const reset = (who: SignedInSchool | null, teacherId: number) =>
  call('POST', `/api/staff/teachers/${teacherId}/reset_password/`, who?.auth ?? {});

describe('POST /api/staff/teachers/{id}/reset_password/', () => {
  it('gives a new one-time password, shown once, flags the account and ends its sessions', async () => {
    const { teacher, phone, password } = await addTeacherFixture(t.app, ours);
    const signedIn = await signInChangingPassword(t.app, phone, password);

    const res = await expectStatus(reset(ours, teacher.id), 200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = resetPasswordResponse.parse(res.json());
    expect(body.message).toBe(passwordResetMessage(phone));
    expect(body.one_time_password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(body.one_time_password).not.toBe(password);

    // The session the teacher had is over, refresh token and all.
    await expectStatus(call('GET', '/api/users/user/', signedIn.auth), 401);
    await expectStatus(call('POST', '/api/token/refresh/', {}, { refresh: signedIn.refresh }), 401);
    // Their own password no longer works; the new one-time password signs in, flagged.
    await expect(login(t.app, phone, OWN_PASSWORD)).rejects.toThrow();
    const again = await login(t.app, phone, body.one_time_password);
    const refused = await call('GET', `/api/schools/${ours.schoolId}/teachers/`, again.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(PASSWORD_CHANGE_REQUIRED);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_reset'), eq(auditLog.subjectId, teacher.user.id)));
    expect(entry).toMatchObject({ schoolId: ours.schoolId, actorUserId: ours.userId });
    expect(JSON.stringify(entry)).not.toContain(body.one_time_password);
  });

  it("answers 404 for another school's teacher and for no teacher", async () => {
    const { teacher, phone, password } = await addTeacherFixture(t.app, theirs);
    await expectStatus(reset(ours, teacher.id), 404);
    await expectStatus(reset(ours, 2_000_000_000), 404);
    await expectStatus(reset(ours, 0), 404);
    // Their password is what it was.
    await login(t.app, phone, password);
  });

  it('is for admins: no token 401, a teacher 403; not for the admin themselves', async () => {
    const { teacher, phone, password } = await addTeacherFixture(t.app, ours);
    await expectStatus(reset(null, teacher.id), 401);
    const asTeacher = await signInChangingPassword(t.app, phone, password);
    await expectStatus(reset(asTeacher, teacher.id), 403);

    // An admin who also teaches resets no password of their own here.
    const [own] = await t.app.db
      .insert(teachers)
      .values({ schoolId: ours.schoolId, userId: ours.userId })
      .returning({ id: teachers.id });
    await expectStatus(reset(ours, own!.id), 409, cannotResetOwnPasswordMessage);
  });
});
