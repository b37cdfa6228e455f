import { PASSWORD_MESSAGES } from '@shule/shared/auth';
import { MESSAGES } from '@shule/shared/fields';
import { describe, expect, it } from 'vitest';
import { expectStatus, login, useTestApp } from '../../test/app';

const { t, schools, call, newSchool } = useTestApp('Password Academy', 'Other Password Academy');
const [school] = schools;

const change = (auth: Record<string, string>, body: object) =>
  call('POST', '/api/users/change_password/', auth, body);

describe('POST /api/users/change_password/', () => {
  it('answers 401 without a token', async () => {
    await expectStatus(
      change({}, { current_password: 'secret123', new_password: 'newpass123' }),
      401,
    );
  });

  it('answers 400 with the field message for a missing or weak new password', async () => {
    const missing = await change(school.auth, { current_password: 'secret123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.new_password).toEqual(['New password is required']);
    const weak = await change(school.auth, {
      current_password: 'secret123',
      new_password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MESSAGES.password);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const res = await change(school.auth, {
      current_password: 'not-it-123',
      new_password: 'newpass123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ current_password: [PASSWORD_MESSAGES.wrongCurrent] });
    await login(t.app, school.phone, 'secret123');
  });

  it('refuses the same password again', async () => {
    const res = await change(school.auth, {
      current_password: 'secret123',
      new_password: 'secret123',
    });
    expect(res.json().errors).toEqual({ new_password: [PASSWORD_MESSAGES.sameAsCurrent] });
  });

  it('changes the password, signs other sessions out and keeps this one signed in', async () => {
    const school = await newSchool();
    const otherDevice = await login(t.app, school.phone, 'secret123');
    const res = await change(school.auth, {
      current_password: 'secret123',
      new_password: 'kenya2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PASSWORD_MESSAGES.changed);

    // The old password no longer works; the new one does.
    const old = await call(
      'POST',
      '/api/users/login/',
      {},
      { username: school.phone, password: 'secret123' },
    );
    expect(old.statusCode).toBe(401);
    await login(t.app, school.phone, 'kenya2026');

    // The other device's refresh token is revoked; the fresh one answered here works.
    await expectStatus(
      call('POST', '/api/token/refresh/', {}, { refresh: otherDevice.refresh }),
      401,
    );
    const refreshed = await call(
      'POST',
      '/api/token/refresh/',
      {},
      { refresh: res.json().tokens.refresh },
    );
    expect(refreshed.statusCode).toBe(200);
    const me = await call('GET', '/api/users/user/', {
      authorization: `Bearer ${res.json().tokens.access}`,
    });
    expect(me.json().phone_number).toBe(school.phone);
  });
});
