import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import auth, { ACCESS_TOKEN_TTL_SECONDS } from './auth';
import errors from './errors';

// The auth plugin alone, on routes that exercise each of its hooks and helpers.
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(errors);
  await app.register(auth, { secret: 'plugin-test-secret-'.padEnd(48, 'z') });
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
  app.signAccessToken({ sub: '7', school_id, roles: roles.map((name) => ({ name })) });
const get = async (url: string, bearer?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
  });

describe('signAccessToken', () => {
  it('signs sub, school_id and roles, valid for 15 minutes', async () => {
    const claims = decodeJwt(await token(3, 'admin'));
    expect(claims).toMatchObject({ sub: '7', school_id: 3, roles: [{ name: 'admin' }] });
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });
});

describe('authenticate', () => {
  it('puts the user of a valid token on the request', async () => {
    const res = await get('/who', await token(3, 'admin', 'teacher'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, schoolId: 3, roles: ['admin', 'teacher'] });
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
