import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshTokens, sessions, userRoles, users } from '../../db/schema/index';
import { expectStatus, json, login, useTestApp } from '../../test/app';
import { REFRESH_REUSE_GRACE_SECONDS } from './refresh-tokens';
import { endSessionsOf, isSessionVersionRead, SESSION_VERSION_CACHE_MS } from './sessions';
import { grantRole } from './users';

const { t, call, newSchool } = useTestApp();

const me = (access: string) =>
  call('GET', '/api/users/user/', { authorization: `Bearer ${access}` });
const refresh = (token: string) => call('POST', '/api/token/refresh/', {}, { refresh: token });

/** 401 token_not_valid: the answer the web app refreshes on. */
async function expectEnded(access: string) {
  const res = await expectStatus(me(access), 401);
  expect(json(res).code).toBe('token_not_valid');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('logout', () => {
  it("ends this device's session only: another device's access and refresh tokens keep working", async () => {
    const school = await newSchool();
    const otherDevice = await login(t.app, school.phone, 'secret123');
    expect((await me(school.token)).statusCode).toBe(200);
    expect((await me(otherDevice.token)).statusCode).toBe(200);

    await expectStatus(call('POST', '/api/users/logout/', {}, { refresh: school.refresh }), 204);

    await expectEnded(school.token);
    await expectStatus(refresh(school.refresh), 401);
    expect((await me(otherDevice.token)).statusCode).toBe(200);
    const renewed = await expectStatus(refresh(otherDevice.refresh), 200);
    expect((await me(renewed.json().access)).statusCode).toBe(200);
  });

  it('ends nothing for an unknown refresh token', async () => {
    const school = await newSchool();
    await expectStatus(call('POST', '/api/users/logout/', {}, { refresh: 'unknown' }), 204);
    expect((await me(school.token)).statusCode).toBe(200);
  });
});

describe('refreshing', () => {
  it('keeps the session: the new access token carries its id, and it is seen again', async () => {
    const school = await newSchool();
    const sessionId = decodeJwt(school.token).session_id as number;
    await t.app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 hour'` })
      .where(eq(sessions.id, sessionId));
    const renewed = (await expectStatus(refresh(school.refresh), 200)).json();
    expect(decodeJwt(renewed.access).session_id).toBe(sessionId);
    const [row] = await t.app.db
      .select({ seenNow: sql<boolean>`${sessions.lastSeenAt} > now() - interval '1 minute'` })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    expect(row?.seenNow).toBe(true);
  });
});

describe('changing the password', () => {
  it("ends the user's other sessions at once; the caller's goes on with the tokens answered", async () => {
    const school = await newSchool();
    const otherDevice = await login(t.app, school.phone, 'secret123');
    const res = await expectStatus(
      call('POST', '/api/users/change_password/', school.auth, {
        current_password: 'secret123',
        new_password: 'kenya2026',
      }),
      200,
    );
    await expectEnded(otherDevice.token);
    await expectStatus(refresh(otherDevice.refresh), 401);
    // The caller's old refresh token is replaced by the one answered, in the same session.
    await expectStatus(refresh(school.refresh), 401);
    const { access, refresh: renewed } = res.json().tokens;
    expect(decodeJwt(access).session_id).toBe(decodeJwt(school.token).session_id);
    expect((await me(access)).statusCode).toBe(200);
    expect((await me(school.token)).statusCode).toBe(200);
    await expectStatus(refresh(renewed), 200);
  });
});

describe('endSessionsOf (a stolen refresh token, signing out everywhere)', () => {
  it('ends the access and refresh tokens of every session; a new login works', async () => {
    const school = await newSchool();
    const otherDevice = await login(t.app, school.phone, 'secret123');
    await endSessionsOf(t.app.db, school.userId);
    await expectEnded(school.token);
    await expectEnded(otherDevice.token);
    await expectStatus(refresh(school.refresh), 401);
    await expectStatus(refresh(otherDevice.refresh), 401);
    const again = await login(t.app, school.phone, 'secret123');
    expect((await me(again.token)).statusCode).toBe(200);
  });

  it('after a change of role, only a token carrying the new role works', async () => {
    const school = await newSchool();
    await t.app.db.delete(userRoles).where(eq(userRoles.userId, school.userId));
    await grantRole(t.app.db, school.userId, 'teacher');
    await endSessionsOf(t.app.db, school.userId);

    await expectEnded(school.token);
    const again = await login(t.app, school.phone, 'secret123');
    expect(decodeJwt(again.token).roles).toEqual([{ name: 'teacher' }]);
    // An admin-only route refuses the teacher the token now says they are.
    await expectStatus(
      call('PATCH', `/api/schools/${school.schoolId}/`, again.auth, { grading_scheme: 'kcse' }),
      403,
    );
  });

  it('leaves other users signed in', async () => {
    const [one, other] = [await newSchool(), await newSchool()];
    await endSessionsOf(t.app.db, one.userId);
    expect((await me(other.token)).statusCode).toBe(200);
  });
});

describe('an account that is gone', () => {
  it('answers 401 to its still-signed tokens', async () => {
    const school = await newSchool();
    await t.app.db.delete(users).where(eq(users.id, school.userId));
    await expectEnded(school.token);
  });
});

/** As if every refresh token the user has spent had been spent before the grace began. */
const spentLongAgo = (userId: number) =>
  t.app.db
    .update(refreshTokens)
    .set({ usedAt: sql`now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})` })
    .where(and(eq(refreshTokens.userId, userId), isNotNull(refreshTokens.usedAt)));

describe('a rotated refresh token presented again (reuse)', () => {
  it(`ends every session of the user after ${REFRESH_REUSE_GRACE_SECONDS} s: all refresh and access tokens answer 401`, async () => {
    const school = await newSchool();
    const otherDevice = await login(t.app, school.phone, 'secret123');
    const rotated = (await expectStatus(refresh(school.refresh), 200)).json();
    await spentLongAgo(school.userId);

    const replay = await expectStatus(refresh(school.refresh), 401);
    expect(json(replay).code).toBe('token_not_valid');

    await expectStatus(refresh(rotated.refresh), 401);
    await expectStatus(refresh(otherDevice.refresh), 401);
    await expectEnded(rotated.access);
    await expectEnded(otherDevice.token);
    // The owner signs in again.
    await login(t.app, school.phone, 'secret123');
  });

  it(`gives a token spent again within ${REFRESH_REUSE_GRACE_SECONDS} s another successor: its first answer was lost on the way`, async () => {
    const school = await newSchool();
    const otherDevice = await login(t.app, school.phone, 'secret123');
    // The page that asked first reloaded before it could store the answer.
    const lost = (await expectStatus(refresh(school.refresh), 200)).json();
    const again = (await expectStatus(refresh(school.refresh), 200)).json();
    expect(again.refresh).not.toBe(lost.refresh);
    expect((await me(again.access)).statusCode).toBe(200);
    expect((await me(otherDevice.token)).statusCode).toBe(200);
    await expectStatus(refresh(again.refresh), 200);
    await expectStatus(refresh(otherDevice.refresh), 200);

    // Past the grace, the same token is reuse after all.
    await spentLongAgo(school.userId);
    await expectStatus(refresh(school.refresh), 401);
    await expectEnded(again.access);
  });

  it('does not end sessions for a token that is merely unknown, expired or logged out', async () => {
    const school = await newSchool();
    const loggedOut = await login(t.app, school.phone, 'secret123');
    await expectStatus(call('POST', '/api/users/logout/', {}, { refresh: loggedOut.refresh }), 204);
    const session = await login(t.app, school.phone, 'secret123');
    await expectStatus(refresh(loggedOut.refresh), 401);
    await expectStatus(refresh('x'.repeat(43)), 401);
    expect((await me(session.token)).statusCode).toBe(200);
    await expectStatus(refresh(session.refresh), 200);
  });
});

describe('the session version cache', () => {
  it('reads the version once per window, not on every request', async () => {
    const school = await newSchool();
    const client = (t.app.db as unknown as { session: { client: { query: () => unknown } } })
      .session.client;
    const sent = vi.spyOn(client, 'query');
    const versionReads = () =>
      sent.mock.calls.filter((args) => isSessionVersionRead((args as unknown[])[0])).length;
    try {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      await Promise.all([me(school.token), me(school.token)]);
      await me(school.token);
      expect(versionReads()).toBe(1);
      vi.setSystemTime(Date.now() + SESSION_VERSION_CACHE_MS);
      await me(school.token);
      expect(versionReads()).toBe(2);
    } finally {
      sent.mockRestore();
    }
  });

  it('sees sessions ended by another process within SESSION_VERSION_CACHE_MS', async () => {
    const school = await newSchool();
    expect((await me(school.token)).statusCode).toBe(200);
    // Another instance ends the sessions: it writes the database, this process's cache is stale.
    await t.app.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, school.userId));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect((await me(school.token)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_VERSION_CACHE_MS);
    await expectEnded(school.token);
  });
  it('sees a session ended by another process within SESSION_VERSION_CACHE_MS', async () => {
    const school = await newSchool();
    expect((await me(school.token)).statusCode).toBe(200);
    await t.app.db
      .update(sessions)
      .set({ endedAt: sql`now()` })
      .where(eq(sessions.userId, school.userId));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect((await me(school.token)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_VERSION_CACHE_MS);
    await expectEnded(school.token);
  });
});
