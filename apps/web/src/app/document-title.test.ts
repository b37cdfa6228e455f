import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { documentTitle, LANDING_TITLE, PASSWORD_CHANGE_TITLE } from './document-title';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from './page-names';
import { ProtectedRoute } from './protected-route';
import { routes } from './router';

/** The paths of a route tree, by whether they sit under the signed-in group. */
function pathsOf(tree: RouteObject[], signedIn = false): { public: string[]; signedIn: string[] } {
  const found = { public: [] as string[], signedIn: [] as string[] };
  for (const route of tree) {
    if (route.path && route.path !== '*') found[signedIn ? 'signedIn' : 'public'].push(route.path);
    const below = pathsOf(
      route.children ?? [],
      signedIn || (route.element as { type?: unknown } | undefined)?.type === ProtectedRoute,
    );
    found.public.push(...below.public);
    found.signedIn.push(...below.signedIn);
  }
  return found;
}

describe('the route table', () => {
  it('names every route of the router, and only those, public or signed in', () => {
    const paths = pathsOf(routes);
    expect(paths.public.sort()).toEqual(Object.keys(PUBLIC_PAGES).sort());
    expect(paths.signedIn.sort()).toEqual(Object.keys(SIGNED_IN_PAGES).sort());
  });
});

describe('documentTitle', () => {
  it('names a signed-in page with the school', () => {
    expect(documentTitle('/students', 'Kilimani Academy')).toBe(
      'Students · Kilimani Academy · Shule',
    );
    expect(documentTitle('/exams/4/merit-list', 'Kilimani Academy')).toBe(
      'Merit list · Kilimani Academy · Shule',
    );
  });

  it('picks the fixed path over a parameter', () => {
    expect(documentTitle('/students/import', 'Kilimani')).toBe(
      'Import students · Kilimani · Shule',
    );
    expect(documentTitle('/students/12', 'Kilimani')).toBe('Student · Kilimani · Shule');
  });

  it('leaves the school out of public pages and for a user without one', () => {
    expect(documentTitle('/login', 'Kilimani Academy')).toBe('Log in · Shule');
    expect(documentTitle('/signup')).toBe('Sign up · Shule');
    expect(documentTitle('/dashboard', null)).toBe('Dashboard · Shule');
    expect(documentTitle('/', 'Kilimani Academy')).toBe(LANDING_TITLE);
  });

  it('names the password change on any signed-in address while a one-time password holds', () => {
    expect(documentTitle('/dashboard', 'Kilimani', true)).toBe(PASSWORD_CHANGE_TITLE);
    expect(documentTitle('/students/12', 'Kilimani', true)).toBe(PASSWORD_CHANGE_TITLE);
    expect(documentTitle('/login', null, true)).toBe('Log in · Shule');
  });

  it('says so on a path that is no page', () => {
    expect(documentTitle('/nowhere', 'Kilimani Academy')).toBe('Page not found · Shule');
    expect(documentTitle('/students/1/extra')).toBe('Page not found · Shule');
  });
});
