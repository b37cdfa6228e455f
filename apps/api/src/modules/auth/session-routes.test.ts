import { sessionListResponse } from '@shule/shared/auth';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { expectStatus, json, login, type SignedInSchool, useTestApp } from '../../test/app';
import { addTeacherFixture, signInChangingPassword } from '../../test/fixtures';

const { t, call, newSchool } = useTestApp();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

const me = (who: SignedInSchool) => call('GET', '/api/users/user/', who.auth);
const refresh = (who: SignedInSchool) =>
  call('POST', '/api/token/refresh/', {}, { refresh: who.refresh });
const sessionsOf = async (who: SignedInSchool) =>
  sessionListResponse.parse(
    (await expectStatus(call('GET', '/api/users/sessions/', who.auth), 200)).json(),
  ).sessions;
const sessionIdOf = (who: SignedInSchool) => decodeJwt(who.token).session_id as number;
const endSession = (who: SignedInSchool, id: number | string) =>
  call('POST', `/api/users/sessions/${id}/end/`, who.auth);

/** 401 token_not_valid: the answer the web app refreshes on, then signs out. */
async function expectSignedOut(who: SignedInSchool) {
  const res = await expectStatus(me(who), 401);
  expect(json(res).code).toBe('token_not_valid');
  await expectStatus(refresh(who), 401);
}

/** The school's admin signed in on a phone as well. */
async function onTwoDevices() {
  const laptop = await newSchool();
  const signedIn = await expectStatus(
    t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'user-agent': ANDROID_CHROME, 'x-forwarded-for': '10.0.0.7' },
      payload: { username: laptop.phone, password: 'secret123' },
    }),
    200,
  );
  const { tokens } = signedIn.json();
  const phone: SignedInSchool = {
    ...laptop,
    token: tokens.access,
    refresh: tokens.refresh,
    auth: { authorization: `Bearer ${tokens.access}` },
  };
  return { laptop, phone };
}

describe('GET /api/users/sessions/', () => {
  it("lists the caller's active sessions, the latest seen first, marking the caller's own", async () => {
    const { laptop, phone } = await onTwoDevices();
    const listed = await sessionsOf(laptop);
    expect(listed.map((s) => s.id)).toEqual([sessionIdOf(phone), sessionIdOf(laptop)]);
    expect(listed[0]).toMatchObject({ device: 'Chrome on Android', current: false });
    expect(listed[1]).toMatchObject({ current: true });
    expect(typeof listed[0]!.address).toBe('string');
    expect(Date.parse(listed[0]!.last_seen_at)).not.toBeNaN();
    expect((await sessionsOf(phone)).find((s) => s.current)?.id).toBe(sessionIdOf(phone));
  });

  it('leaves out ended sessions and those of other users', async () => {
    const { laptop, phone } = await onTwoDevices();
    const stranger = await newSchool();
    await expectStatus(call('POST', '/api/users/logout/', {}, { refresh: phone.refresh }), 204);
    expect((await sessionsOf(laptop)).map((s) => s.id)).toEqual([sessionIdOf(laptop)]);
    expect((await sessionsOf(stranger)).map((s) => s.id)).toEqual([sessionIdOf(stranger)]);
  });

  it('answers 401 without a token', async () => {
    await expectStatus(call('GET', '/api/users/sessions/', {}), 401);
  });
});

describe('POST /api/users/sessions/{id}/end/', () => {
  it('signs the other device out; this one carries on', async () => {
    const { laptop, phone } = await onTwoDevices();
    await expectStatus(endSession(laptop, sessionIdOf(phone)), 204);
    await expectSignedOut(phone);
    expect((await me(laptop)).statusCode).toBe(200);
    await expectStatus(refresh(laptop), 200);
    // Ending it again changes nothing.
    await expectStatus(endSession(laptop, sessionIdOf(phone)), 204);
  });

  it("answers 404 for another user's session, of this school or another, and ends nothing", async () => {
    const { laptop } = await onTwoDevices();
    const stranger = await newSchool();
    const { phone, password } = await addTeacherFixture(t.app, laptop);
    const colleague = await signInChangingPassword(t.app, phone, password);
    await expectStatus(endSession(stranger, sessionIdOf(laptop)), 404);
    await expectStatus(endSession(colleague, sessionIdOf(laptop)), 404);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('answers 404 for a session that never was or an id that is not one', async () => {
    const school = await newSchool();
    await expectStatus(endSession(school, 2_147_483_647), 404);
    await expectStatus(endSession(school, 'abc'), 404);
    await expectStatus(endSession(school, 0), 404);
  });

  it('answers 401 without a token', async () => {
    await expectStatus(call('POST', '/api/users/sessions/1/end/', {}), 401);
  });
});

describe('POST /api/users/sessions/end_all/', () => {
  it('signs out every device, this one too', async () => {
    const { laptop, phone } = await onTwoDevices();
    await expectStatus(call('POST', '/api/users/sessions/end_all/', laptop.auth), 204);
    await expectSignedOut(laptop);
    await expectSignedOut(phone);
    const again = await login(t.app, laptop.phone, 'secret123');
    expect((await me(again)).statusCode).toBe(200);
  });

  it("leaves other users' sessions alone", async () => {
    const { laptop } = await onTwoDevices();
    const stranger = await newSchool();
    await expectStatus(call('POST', '/api/users/sessions/end_all/', laptop.auth), 204);
    expect((await me(stranger)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    await expectStatus(call('POST', '/api/users/sessions/end_all/', {}), 401);
  });
});

describe("what an admin does to a teacher's account ends every session of it", () => {
  /** A teacher of a new school signed in on two devices, and the school's admin. */
  async function teacherOnTwoDevices() {
    const admin = await newSchool();
    const added = await addTeacherFixture(t.app, admin);
    const first = await signInChangingPassword(t.app, added.phone, added.password);
    const second = await login(t.app, added.phone, 'my-own-pass1');
    return { admin, teacherId: added.teacher.id, devices: [first, second] };
  }

  it('a password reset', async () => {
    const { admin, teacherId, devices } = await teacherOnTwoDevices();
    await expectStatus(
      call('POST', `/api/staff/teachers/${teacherId}/reset_password/`, admin.auth),
      200,
    );
    for (const device of devices) await expectSignedOut(device);
  });

  it('a deactivation', async () => {
    const { admin, teacherId, devices } = await teacherOnTwoDevices();
    await expectStatus(
      call('POST', `/api/staff/teachers/${teacherId}/deactivate/`, admin.auth),
      200,
    );
    for (const device of devices) await expectSignedOut(device);
  });

  it('a change of role: an account without a school added as a teacher', async () => {
    const admin = await newSchool();
    const signedUp = await expectStatus(
      call(
        'POST',
        '/api/users/signup/',
        {},
        {
          first_name: 'Alone',
          last_name: 'Person',
          username: 'alone',
          phone_number: '0799000123',
          password: 'secret123',
        },
      ),
      201,
    );
    const first = await login(t.app, '0799000123', 'secret123');
    const { tokens } = signedUp.json();
    const second: SignedInSchool = {
      ...first,
      token: tokens.token,
      refresh: tokens.refresh,
      auth: { authorization: `Bearer ${tokens.token}` },
    };
    const linked = await expectStatus(
      call('POST', '/api/staff/teachers/', admin.auth, {
        first_name: 'Alone',
        last_name: 'Person',
        tsc_number: 'TSC999123',
        role: 'teacher',
        school: admin.schoolId,
        phone_number: '0799000123',
      }),
      201,
    );
    expect(linked.json().linked_existing_account).toBe(true);
    await expectSignedOut(first);
    await expectSignedOut(second);
  });
});
