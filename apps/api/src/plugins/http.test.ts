import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp, SECURITY_HEADERS } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/client';

// None of these requests may reach the database: the app gets none.
let app: App;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-http-'));
beforeAll(async () => {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
  });
  app = await buildApp({ config, db: {} as Db });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const jsonPost = (url: string, payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('security headers', () => {
  const requests = {
    'an unknown route (404)': () => app.inject({ method: 'GET', url: '/api/nope' }),
    'a request without a token (401)': () => app.inject({ method: 'GET', url: '/api/users/user/' }),
    'invalid input (400)': () => jsonPost('/api/users/login/', '{}'),
  };
  it.each(Object.entries(requests))('are set on %s', async (_, send) => {
    const res = await send();
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
      'origin-agent-cluster': '?1',
    });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });

  it('are the headers Helmet itself sets on a response', async () => {
    const [res, helmetRes] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/nope' }),
      helmetAnswer(),
    ]);
    const ownHeaders = new Set(['date', 'connection', 'content-length', 'content-type']);
    const set = Object.entries(helmetRes.headers).filter(([name]) => !ownHeaders.has(name));
    expect(set.length).toBeGreaterThan(10);
    for (const [name, value] of set) expect(res.headers[name], name).toBe(value);
  });
});

/** A bare Fastify with Helmet as a middleware, configured as app.ts configures the headers. */
async function helmetAnswer() {
  const bare = Fastify();
  bare.addHook('onRequest', (request, reply, done) => {
    helmet(SECURITY_HEADERS)(request.raw, reply.raw, () => done());
  });
  bare.get('/', () => '');
  try {
    return await bare.inject({ method: 'GET', url: '/' });
  } finally {
    await bare.close();
  }
}

describe('bad requests never answer 500', () => {
  it('answers 400 with a JSON message for malformed JSON', async () => {
    const res = await jsonPost('/api/users/login/', '{"username": "0712345678", "password": ');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ message: 'The request body is not valid JSON' });
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers 400 for an empty JSON body', async () => {
    const res = await jsonPost('/api/schools/register_school/', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it.each([['null'], ['[]'], ['"text"'], ['42']])(
    'answers 400 for the JSON body %s',
    async (body) => {
      const res = await jsonPost('/api/users/login/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    },
  );

  it('answers 400 for fields of the wrong type', async () => {
    const res = await jsonPost('/api/users/login/', '{"username": 712345678, "password": ["x"]}');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
  });

  it('answers 400 for a plain-text body', async () => {
    const res = await jsonPost('/api/users/login/', 'username=0712345678', 'text/plain');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers 415 for a media type the API does not read', async () => {
    const res = await jsonPost(
      '/api/users/login/',
      'username=0712345678&password=x',
      'application/x-www-form-urlencoded',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers 413 for a body over 1 MB', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'y' });
    const res = await jsonPost('/api/users/login/', big);
    expect(res.statusCode).toBe(413);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/users/nope/'],
    ['DELETE', '/api/users/login/'],
    ['GET', '/api'],
  ] as const)('%s %s answers 404 JSON', async (method, url) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: `No route ${method} ${url}` });
  });

  it('leaves the query string out of the message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope?token=secret' });
    expect(res.json().message).toBe('No route GET /api/nope');
  });
});

describe('trailing slash', () => {
  it('is optional', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/user' });
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('describes the auth routes at /api/docs/json', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/users/login/', '/api/schools/register_school/']),
    );
  });
});
