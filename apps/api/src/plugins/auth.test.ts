import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import auth, { ACCESS_TOKEN_TTL_SECONDS } from './auth';
import errors from './errors';

const SECRET = 'plugin-test-secret-'.padEnd(48, 'z');
// The session versions the plugin is told (user 7 exists, with live session 70; others do
// not), and how often it asked.
const sessionVersions = new Map<number, number>([[7, 0]]);
const liveSessions = new Set([70]);
const versionReads = vi.fn((userId: number, sessionId: number) =>
  Promise.resolve(liveSessions.has(sessionId) ? (sessionVersions.get(userId) ?? null) : null),
);

// The auth plugin alone, on routes that exercise each of its hooks and helpers.
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(errors);
  await app.register(auth, { secret: SECRET, liveSessionVersion: versionReads });
  app.get('/who', { onRequest: [app.authenticate] }, async (request) => request.user);
  app.get<{ Querystring: { school?: string } }>(
    '/own',
    { onRequest: [app.authenticate] },
    async (request) => ({
      school: request.assertOwnSchool(
        request.query.school === undefined ? undefined : Number(request.query.school),
      ),
    }),
  );
  app.get(
    '/admins',
    { onRequest: [app.authenticate], preHandler: app.requireRole('admin') },
    async () => ({ ok: true }),
  );
  app.get(
    '/staff',
    { onRequest: [app.authenticate], preHandler: app.requireRole('admin', 'teacher') },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(() => app?.close());

const token = (school_id: number | null, ...roles: string[]) =>
  app.signAccessToken({
    sub: '7',
    school_id,
    roles: roles.map((name) => ({ name })),
    session_version: sessionVersions.get(7)!,
    session_id: 70,
  });
const get = async (url: string, bearer?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
  });

describe('signAccessToken', () => {
  it('signs sub, school_id and roles, valid for 15 minutes', async () => {
    const claims = decodeJwt(await token(3, 'admin'));
    expect(claims).toMatchObject({
      sub: '7',
      school_id: 3,
      roles: [{ name: 'admin' }],
      session_version: 0,
    });
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });
});

describe('authenticate', () => {
  it('puts the user of a valid token on the request', async () => {
    const res = await get('/who', await token(3, 'admin', 'teacher'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 7,
      schoolId: 3,
      roles: ['admin', 'teacher'],
      sessionId: 70,
      passwordChangeRequired: false,
    });
  });

  it('answers 401 without a token, and 401 token_not_valid for a bad one', async () => {
    const none = await get('/who');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBeUndefined();
    const bad = await get('/who', 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({
      message: 'Given token not valid for any token type',
      code: 'token_not_valid',
    });
  });
  it('answers 401 once a token it has already accepted expires, and the same user meanwhile', async () => {
    const bearer = await token(3, 'admin');
    const first = await get('/who', bearer);
    expect((await get('/who', bearer)).json()).toEqual(first.json());
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
      expect((await get('/who', bearer)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 2000);
      const expired = await get('/who', bearer);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('token_not_valid');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 401 for a token altered after one like it was accepted', async () => {
    const bearer = await token(3, 'admin');
    expect((await get('/who', bearer)).statusCode).toBe(200);
    const [header, payload, signature] = bearer.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, school_id: 4 })).toString('base64url');
    expect((await get('/who', `${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });
});

describe('authenticate: the session version', () => {
  it("asks for the user's session version on every request, after the signature check", async () => {
    const bearer = await token(3, 'admin');
    versionReads.mockClear();
    expect((await get('/who', bearer)).statusCode).toBe(200);
    expect((await get('/who', bearer)).statusCode).toBe(200);
    expect(versionReads.mock.calls).toEqual([
      [7, 70],
      [7, 70],
    ]);
    versionReads.mockClear();
    expect((await get('/who', 'not-a-token')).statusCode).toBe(401);
    expect(versionReads).not.toHaveBeenCalled();
  });

  it('answers 401 token_not_valid once the version moves on, to a token it had accepted', async () => {
    const bearer = await token(3, 'admin');
    expect((await get('/who', bearer)).statusCode).toBe(200);
    sessionVersions.set(7, 1);
    try {
      const ended = await get('/who', bearer);
      expect(ended.statusCode).toBe(401);
      expect(ended.json().code).toBe('token_not_valid');
      // A token signed with the new version works.
      expect((await get('/who', await token(3, 'admin'))).statusCode).toBe(200);
    } finally {
      sessionVersions.set(7, 0);
    }
  });

  it('answers 401 for a user that no longer exists', async () => {
    const bearer = await app.signAccessToken({
      sub: '8',
      school_id: 3,
      roles: [{ name: 'admin' }],
      session_version: 0,
      session_id: 70,
    });
    expect((await get('/who', bearer)).statusCode).toBe(401);
  });

  it('answers 401 token_not_valid once its session ends, to a token it had accepted', async () => {
    const bearer = await token(3, 'admin');
    expect((await get('/who', bearer)).statusCode).toBe(200);
    liveSessions.delete(70);
    try {
      const ended = await get('/who', bearer);
      expect(ended.statusCode).toBe(401);
      expect(ended.json().code).toBe('token_not_valid');
    } finally {
      liveSessions.add(70);
    }
  });
});

describe('authenticate: claims a token must carry', () => {
  const key = new TextEncoder().encode(SECRET);
  const now = () => Math.floor(Date.now() / 1000);
  const signed = (claims: Record<string, unknown>, header: { alg: string } = { alg: 'HS256' }) =>
    new SignJWT({ school_id: 3, roles: [{ name: 'admin' }], ...claims })
      .setProtectedHeader(header)
      .sign(key);
  const complete = () => ({
    sub: '7',
    iat: now(),
    exp: now() + 900,
    session_version: 0,
    session_id: 70,
  });

  it('accepts a token with sub, iat, exp, session_version and session_id (the control)', async () => {
    expect((await get('/who', await signed(complete()))).statusCode).toBe(200);
  });

  it.each([['sub'], ['iat'], ['exp'], ['session_version'], ['session_id']])(
    'answers 401 token_not_valid for a token without %s',
    async (claim) => {
      const { [claim as keyof ReturnType<typeof complete>]: _, ...rest } = complete();
      const res = await get('/who', await signed(rest));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_not_valid');
    },
  );

  it.each([
    ['a subject that is not a user id', { sub: 'admin' }],
    ['a subject of 0', { sub: '0' }],
    ['a session version that is not a number', { session_version: '0' }],
    ['a session id that is not a number', { session_id: '70' }],
    ['an iat in the future', { iat: now() + 600 }],
    ['an exp far ahead of its iat', { iat: now() - 1000, exp: now() + 365 * 24 * 3600 }],
  ])('answers 401 for a token with %s', async (_, claims) => {
    expect((await get('/who', await signed({ ...complete(), ...claims }))).statusCode).toBe(401);
  });

  it('answers 401 for a token with our secret but HS512, or no algorithm at all', async () => {
    expect((await get('/who', await signed(complete(), { alg: 'HS512' }))).statusCode).toBe(401);
    const unsecured = new UnsecuredJWT({ school_id: 3, roles: [{ name: 'admin' }], ...complete() });
    expect((await get('/who', unsecured.encode())).statusCode).toBe(401);
  });
});

describe('assertOwnSchool', () => {
  it('answers the caller school when no school is named, or when it names its own', async () => {
    const bearer = await token(3, 'admin');
    expect((await get('/own', bearer)).json()).toEqual({ school: 3 });
    expect((await get('/own?school=3', bearer)).json()).toEqual({ school: 3 });
  });

  it('answers 403 when the parameter names another school', async () => {
    const res = await get('/own?school=4', await token(3, 'admin'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only see and change your own school');
  });

  it('answers 403 for an account without a school', async () => {
    const res = await get('/own', await token(null));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account is not linked to a school');
  });
});

describe('requireRole', () => {
  it('lets the named roles through', async () => {
    expect((await get('/admins', await token(3, 'admin'))).statusCode).toBe(200);
    expect((await get('/staff', await token(3, 'teacher'))).statusCode).toBe(200);
  });

  it('answers 403 to other roles', async () => {
    const res = await get('/admins', await token(3, 'teacher'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only admin accounts can do that');
    expect((await get('/staff', await token(3, 'student'))).statusCode).toBe(403);
    expect((await get('/staff', await token(3))).statusCode).toBe(403);
  });
});
