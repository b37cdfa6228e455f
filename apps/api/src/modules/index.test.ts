import { currentUserSchema } from '@shule/shared/auth';
import Fastify, { type InjectOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerSchool, type TestApp } from '../test/app';
import { isPublicRoute, PUBLIC_API_ROUTES } from './index';

// Every route the app registers, collected as it is added, so a new module is covered unasked.
const routes: { method: string; url: string; successStatuses: string[] }[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        const statuses = Object.keys((route.schema?.response as object | undefined) ?? {});
        const successStatuses = statuses.filter((status) => /^2\d\d$/.test(status));
        for (const method of [route.method].flat()) {
          routes.push({ method, url: route.url, successStatuses });
        }
      },
    },
  );
  await t.app.ready();
});
afterAll(() => t?.close());

/** A path the route answers: each `:param` filled with 1, a wildcard with a file name. */
const plausiblePath = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x.png');

describe('auth by structure', () => {
  it('answers 401 without a token on every route that is not public', async () => {
    const protectedRoutes = routes.filter(({ method, url }) => !isPublicRoute(method, url));
    // The API has dozens of protected routes; an empty list would mean the hook saw nothing.
    expect(protectedRoutes.length).toBeGreaterThan(30);
    const open: string[] = [];
    for (const { method, url } of protectedRoutes) {
      const res = await t.app.inject({
        method: method as InjectOptions['method'],
        url: plausiblePath(url),
        payload: ['GET', 'HEAD'].includes(method) ? undefined : {},
      });
      if (res.statusCode !== 401) open.push(`${method} ${url} answered ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('lists only public routes that exist', () => {
    const registered = new Set(routes.map(({ method, url }) => `${method} ${url}`));
    expect(PUBLIC_API_ROUTES.filter((route) => !registered.has(route))).toEqual([]);
  });

  it('refuses to start when a public module adds a route missing from the list', async () => {
    const { buildApp } = await import('../app');
    const publicModules = await import('./index');
    publicModules.publicDomainRoutes.push(async (app) => {
      app.get('/users/everyone/', async () => []);
    });
    try {
      await expect(buildApp({ config: t.config, db: t.app.db })).rejects.toThrow(
        'GET /api/users/everyone/ is public but not in PUBLIC_API_ROUTES',
      );
    } finally {
      publicModules.publicDomainRoutes.pop();
    }
  });

  it('refuses to start when a protected route does not say who may call it', async () => {
    const { buildApp } = await import('../app');
    const modules = await import('./index');
    modules.protectedDomainRoutes.push(async (app) => {
      app.get('/everyone/', async () => []);
    });
    try {
      await expect(buildApp({ config: t.config, db: t.app.db })).rejects.toThrow(
        "GET /api/everyone/ does not say who may call it: add config: { access: 'admin' | 'staff' | 'signed_in' }",
      );
    } finally {
      modules.protectedDomainRoutes.pop();
    }
  });
});

describe('response schemas', () => {
  it('declares the success answer of every API route', () => {
    const api = routes.filter(
      ({ method, url }) =>
        url.startsWith('/api/') && !url.startsWith('/api/docs') && method !== 'HEAD',
    );
    expect(api.length).toBeGreaterThan(30);
    const undeclared = api
      .filter(({ successStatuses }) => successStatuses.length === 0)
      .map(({ method, url }) => `${method} ${url}`);
    expect(undeclared).toEqual([]);
  });

  it('drops a field the schema does not list, so a password hash never leaves the server', async () => {
    const bare = Fastify().withTypeProvider<ZodTypeProvider>();
    bare.setSerializerCompiler(serializerCompiler);
    bare.get('/me', { schema: { response: { 200: currentUserSchema } } }, async () => {
      const row = {
        id: 1,
        first_name: 'Jane',
        last_name: 'Wanjiku',
        username: 'jane',
        phone_number: '0712345678',
        email: null,
        roles: [{ name: 'admin' }],
        school: null,
        password_change_required: false,
        setup: null,
        password_hash: '$argon2id$secret',
      };
      return row;
    });
    const res = await bare.inject({ method: 'GET', url: '/me' });
    await bare.close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('password_hash');
    expect(res.json()).toMatchObject({ id: 1, first_name: 'Jane' });
  });

  it('answers the signed-in user with exactly the fields of currentUserSchema', async () => {
    const school = await registerSchool(t.app, 'Alliance High School');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/user/',
      headers: school.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(currentUserSchema.shape).sort());
  });

  it('documents the answers in /api/docs', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const answer = docs.paths['/api/users/user/'].get.responses['200'];
    expect(answer.content['application/json'].schema.properties).toHaveProperty('phone_number');
  });
});
