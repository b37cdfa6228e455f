import { MESSAGES } from '@shule/shared/fields';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index';
import { expectStatus, json, login, uniquePhone, useTestApp } from '../../test/app';

const { t, schools } = useTestApp('Kenya High School');
const [school] = schools;

const LOGIN_FAILED = 'Login Failed. Please check phone number and password';

const post = (url: string, payload?: unknown, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const me = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/users/user/',
    headers: authorization ? { authorization } : {},
  });

const signupBody = (phone = uniquePhone()) => ({
  first_name: 'Otieno',
  last_name: 'Ouma',
  username: 'otieno',
  phone_number: phone,
  password: 'secret123',
});

describe('POST /api/users/signup/', () => {
  it('creates the account (201) and answers a message with tokens {token, refresh}', async () => {
    const body = signupBody();
    const res = await post('/api/users/signup/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Account created successfully',
      tokens: { token: expect.any(String), refresh: expect.any(String) },
    });

    const account = await me(`Bearer ${res.json().tokens.token}`);
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({
      first_name: 'Otieno',
      username: 'otieno',
      phone_number: body.phone_number,
      roles: [],
      school: null,
      setup: null,
    });
    // The new account logs in with its phone.
    const again = await post('/api/users/login/', {
      username: body.phone_number,
      password: 'secret123',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toEqual({
      id: expect.any(Number),
      first_name: 'Otieno',
      school: null,
    });
  });

  it.each([['first_name'], ['last_name'], ['username'], ['phone_number']] as const)(
    "answers 400 'All fields have to be filled and valid' without %s",
    async (field) => {
      const res = await post('/api/users/signup/', { ...signupBody(), [field]: '' });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('All fields have to be filled and valid');
      expect(json(res).errors).toHaveProperty(field);
    },
  );

  it('stores a phone as people write it in the 10-digit form, and signs in with any writing of it', async () => {
    const local = uniquePhone();
    const written = `+254 ${local.slice(1, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
    await expectStatus(post('/api/users/signup/', signupBody(written)), 201);
    const [row] = await t.app.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(eq(users.phoneNumber, local));
    expect(row?.phone).toBe(local);
    for (const username of [`254${local.slice(1)}`, `${local.slice(0, 4)} ${local.slice(4)}`]) {
      await expectStatus(post('/api/users/login/', { username, password: 'secret123' }), 200);
    }
  });

  it('answers 400 for a phone that is not 10 digits starting with 0', async () => {
    const res = await post('/api/users/signup/', { ...signupBody(), phone_number: '71234567' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.phone);
  });

  it('answers 400 for a weak or missing password', async () => {
    const weak = await post('/api/users/signup/', { ...signupBody(), password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(json(weak).message).toBe(MESSAGES.password);
    const missing = await post('/api/users/signup/', { ...signupBody(), password: undefined });
    expect(missing.statusCode).toBe(400);
  });

  it('answers 409 for a phone already in use, and keeps the first account', async () => {
    const res = await post('/api/users/signup/', {
      ...signupBody(school.phone),
      first_name: 'Eve',
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('A user with this phone number already exists');
    const rows = await t.app.db.select().from(users).where(eq(users.phoneNumber, school.phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Jane');
  });
});

describe('POST /api/users/login/', () => {
  it('answers 200 with tokens {access, refresh} and user {first_name, school}', async () => {
    const res = await post('/api/users/login/', { username: school.phone, password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tokens: { access: expect.any(String), refresh: expect.any(String) },
      user: {
        id: school.userId,
        first_name: 'Jane',
        school: {
          id: school.schoolId,
          name: 'Kenya High School',
          postal_code: '00100',
          phone_number: '0720000000',
          email: 'info@moigirls.ac.ke',
        },
      },
      notice: null,
    });
  });

  it('answers 401 with the catalogue message for a wrong password', async () => {
    const res = await post('/api/users/login/', { username: school.phone, password: 'secret124' });
    await expectStatus(res, 401, LOGIN_FAILED);
    expect(res.json()).not.toHaveProperty('tokens');
  });

  it('answers the same 401 for an unknown phone', async () => {
    const res = await post('/api/users/login/', { username: uniquePhone(), password: 'secret123' });
    await expectStatus(res, 401, LOGIN_FAILED);
  });

  it.each([
    [{ password: 'secret123' }, 'Phone number is required'],
    [{ username: '', password: 'secret123' }, 'Phone number is required'],
    [{ username: '0712345678' }, 'Password is required'],
    [{ username: '0712345678', password: '' }, 'Password is required'],
  ])('answers 400 for %j', async (payload, message) => {
    const res = await post('/api/users/login/', payload);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('signs an HS256 access token of 15 minutes with sub, school_id and roles [{name}]', async () => {
    const { token } = await login(t.app, school.phone, 'secret123');
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: String(school.userId),
      school_id: school.schoolId,
      roles: [{ name: 'admin' }],
    });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims.iat! * 1000).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('GET /api/users/user/', () => {
  it('answers the signed-in user with roles and school', async () => {
    const res = await me(school.auth.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: school.userId,
      first_name: 'Jane',
      last_name: 'Wanjiku',
      username: 'Jane',
      phone_number: school.phone,
      email: 'jane@moigirls.ac.ke',
      roles: [{ name: 'admin' }],
      school: expect.objectContaining({ id: school.schoolId, name: 'Kenya High School' }),
      password_change_required: false,
      setup: { step: 1, finished_at: null },
    });
    expect(res.json()).not.toHaveProperty('password_hash');
    expect(res.body).not.toContain('argon2');
  });

  it('answers 401 without a token', async () => {
    await expectStatus(me(), 401, 'Authentication credentials were not provided.');
  });

  // The school's admin has not ended a session yet in this file when these run.
  const claims = () => ({
    school_id: school.schoolId,
    roles: [{ name: 'admin' }],
    session_version: 0,
    session_id: decodeJwt(school.token).session_id,
  });
  const secret = () => new TextEncoder().encode(t.config.jwtSecret);
  const now = () => Math.floor(Date.now() / 1000);
  /** The admin's claims, valid for 15 minutes from now; one set to undefined is left out. */
  const payload = (set: { sub?: string; iat?: number; exp?: number; session_id?: number } = {}) =>
    Object.fromEntries(
      Object.entries({
        ...claims(),
        sub: String(school.userId),
        iat: now(),
        exp: now() + 900,
        ...set,
      }).filter(([, value]) => value !== undefined),
    );
  /** Signed with our secret and HS256 unless told otherwise. */
  const signed = (
    set: Parameters<typeof payload>[0] = {},
    { alg = 'HS256', key = secret() }: { alg?: string; key?: Uint8Array } = {},
  ) => new SignJWT(payload(set)).setProtectedHeader({ alg }).sign(key);

  const badTokens: [string, () => Promise<string>][] = [
    [
      'signed with another secret',
      () => signed({}, { key: new TextEncoder().encode('another-secret-'.padEnd(48, 'y')) }),
    ],
    ['with alg none', async () => new UnsecuredJWT(payload()).encode()],
    ['with our secret but another algorithm (HS512)', () => signed({}, { alg: 'HS512' })],
    ['that has expired', () => signed({ iat: now() - 1000, exp: now() - 100 })],
    [
      'whose payload was changed after signing',
      async () => {
        const [head, , sig] = school.token.split('.');
        const forged = Buffer.from(
          JSON.stringify({ ...decodeJwt(school.token), school_id: school.schoolId + 1 }),
        ).toString('base64url');
        return `${head}.${forged}.${sig}`;
      },
    ],
    ['without exp (it would never expire)', () => signed({ exp: undefined })],
    ['without iat', () => signed({ iat: undefined })],
    ['without sub', () => signed({ sub: undefined })],
    ['without a session', () => signed({ session_id: undefined })],
    ['that is not a JWT', async () => 'garbage'],
    ['that is a refresh token', async () => school.refresh],
  ];
  it.each(badTokens)('answers 401 token_not_valid for a token %s', async (_, make) => {
    const res = await expectStatus(me(`Bearer ${await make()}`), 401);
    expect(json(res).code).toBe('token_not_valid');
  });

  it('accepts a token our own signer made (the control for the cases above)', async () => {
    expect((await me(`Bearer ${await signed()}`)).statusCode).toBe(200);
  });

  it('answers 401 for a malformed authorization header', async () => {
    await expectStatus(me(`Token ${school.token}`), 401);
    await expectStatus(me('Bearer '), 401);
  });
});

describe('POST /api/token/refresh/', () => {
  const refresh = (token: unknown) => post('/api/token/refresh/', { refresh: token });

  it('rotates: answers a new access and refresh token, and the new refresh token works', async () => {
    const session = await login(t.app, school.phone, 'secret123');
    const first = await refresh(session.refresh);
    expect(first.statusCode).toBe(200);
    const { access, refresh: next } = first.json();
    expect(next).not.toBe(session.refresh);
    expect(decodeJwt(access)).toMatchObject({
      sub: String(school.userId),
      school_id: school.schoolId,
    });
    expect((await me(`Bearer ${access}`)).statusCode).toBe(200);

    const second = await refresh(next);
    expect(second.statusCode).toBe(200);
  });

  it.each([['garbage'], ['x'.repeat(43)], ['a.b.c']])(
    'answers 401 token_not_valid for an unknown token %j',
    async (token) => {
      const res = await expectStatus(refresh(token), 401);
      expect(json(res).code).toBe('token_not_valid');
    },
  );

  it('answers 401 token_not_valid for an access token sent as refresh', async () => {
    const res = await expectStatus(refresh(school.token), 401);
    expect(json(res).code).toBe('token_not_valid');
  });

  it('answers 401 token_not_valid for an expired refresh token', async () => {
    const session = await login(t.app, school.phone, 'secret123');
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.userId, school.userId));
    const res = await expectStatus(refresh(session.refresh), 401);
    expect(json(res).code).toBe('token_not_valid');
  });

  it('answers 400 without a token', async () => {
    const res = await post('/api/token/refresh/', {});
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Refresh token is required');
  });
});

describe('POST /api/users/logout/', () => {
  it('revokes the refresh token: refreshing afterwards answers 401 token_not_valid', async () => {
    const session = await login(t.app, school.phone, 'secret123');
    const out = await post('/api/users/logout/', { refresh: session.refresh });
    expect(out.statusCode).toBe(204);
    const res = await expectStatus(post('/api/token/refresh/', { refresh: session.refresh }), 401);
    expect(json(res).code).toBe('token_not_valid');
  });

  it('also revokes tokens already rotated from that login', async () => {
    const session = await login(t.app, school.phone, 'secret123');
    const rotated = (await post('/api/token/refresh/', { refresh: session.refresh })).json();
    expect((await post('/api/users/logout/', { refresh: rotated.refresh })).statusCode).toBe(204);
    await expectStatus(post('/api/token/refresh/', { refresh: rotated.refresh }), 401);
  });

  it('answers 204 for an unknown token and 400 without one', async () => {
    expect((await post('/api/users/logout/', { refresh: 'unknown' })).statusCode).toBe(204);
    expect((await post('/api/users/logout/', {})).statusCode).toBe(400);
  });
});
