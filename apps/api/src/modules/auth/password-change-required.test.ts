import {
  PASSWORD_CHANGE_REQUIRED,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
} from '@shule/shared/auth-constants';
import { describe, expect, it } from 'vitest';
import { expectStatus, login, useTestApp } from '../../test/app';
import { addTeacherFixture, OWN_PASSWORD } from '../../test/fixtures';

const { t, schools, call } = useTestApp('Alliance High School');
const [school] = schools;

/** A teacher just added, signed in with the one-time password the admin was shown. */
async function newTeacher() {
  const { phone, password } = await addTeacherFixture(t.app, school);
  return { phone, oneTimePassword: password, session: await login(t.app, phone, password) };
}

const expectPasswordChangeRequired = async (
  res: Awaited<ReturnType<typeof call>> | Promise<Awaited<ReturnType<typeof call>>>,
) => {
  const refused = await expectStatus(res, 403, PASSWORD_CHANGE_REQUIRED_MESSAGE);
  expect(refused.json()).toEqual({
    message: PASSWORD_CHANGE_REQUIRED_MESSAGE,
    code: PASSWORD_CHANGE_REQUIRED,
  });
};

describe('an account with a one-time password', () => {
  it('is refused every call but its own account, the password change and logout', async () => {
    const { session } = await newTeacher();
    const id = school.schoolId;
    await expectPasswordChangeRequired(call('GET', `/api/schools/${id}/teachers/`, session.auth));
    await expectPasswordChangeRequired(call('GET', '/api/dashboard/teacher/', session.auth));
    await expectPasswordChangeRequired(call('GET', '/api/attendance/summary/', session.auth));
    // Before the body is read or the role checked: nothing about the route is learnt.
    await expectPasswordChangeRequired(
      call('POST', `/api/classes/?school=${id}`, session.auth, { name: '' }),
    );

    const me = await expectStatus(call('GET', '/api/users/user/', session.auth), 200);
    expect(me.json()).toMatchObject({
      password_change_required: true,
      roles: [{ name: 'teacher' }],
    });
  });

  it('still refreshes its tokens, which stay refused, and logs out', async () => {
    const { session } = await newTeacher();
    const refreshed = await expectStatus(
      call('POST', '/api/token/refresh/', {}, { refresh: session.refresh }),
      200,
    );
    const auth = { authorization: `Bearer ${refreshed.json().access}` };
    await expectPasswordChangeRequired(call('GET', '/api/dashboard/teacher/', auth));
    await expectStatus(
      call('POST', '/api/users/logout/', {}, { refresh: refreshed.json().refresh }),
      204,
    );
  });

  it('is let in once the password is changed, with the tokens of the change and at sign-in', async () => {
    const { phone, oneTimePassword, session } = await newTeacher();
    const changed = await expectStatus(
      call('POST', '/api/users/change_password/', session.auth, {
        current_password: oneTimePassword,
        new_password: OWN_PASSWORD,
      }),
      200,
    );
    const auth = { authorization: `Bearer ${changed.json().tokens.access}` };
    await expectStatus(call('GET', '/api/dashboard/teacher/', auth), 200);
    const me = await expectStatus(call('GET', '/api/users/user/', auth), 200);
    expect(me.json().password_change_required).toBe(false);
    // The one-time password is gone; the new one signs in without the flag.
    await expect(login(t.app, phone, oneTimePassword)).rejects.toThrow();
    const again = await login(t.app, phone, OWN_PASSWORD);
    await expectStatus(call('GET', `/api/schools/${school.schoolId}/teachers/`, again.auth), 200);
  });

  it('is not an admin who registered the school with their own password', async () => {
    await expectStatus(call('GET', `/api/schools/${school.schoolId}/teachers/`, school.auth), 200);
    const me = await expectStatus(call('GET', '/api/users/user/', school.auth), 200);
    expect(me.json().password_change_required).toBe(false);
  });
});
