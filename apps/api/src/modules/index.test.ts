import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { isPublicRoute, PUBLIC_API_ROUTES } from './index';

// Every route the app registers, collected as it is added, so a new module is covered unasked.
const routes: { method: string; url: string }[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
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
        method: method as HTTPMethods,
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
});
