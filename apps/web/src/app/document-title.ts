import { matchRoutes } from 'react-router';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from './page-names';

const PAGES: Record<string, string> = { ...PUBLIC_PAGES, ...SIGNED_IN_PAGES };
const ROUTES = Object.keys(PAGES).map((path) => ({ path }));

export const LANDING_TITLE = 'Shule — school management';
/** A one-time password's holder sees only the change screen, whatever the address. */
export const PASSWORD_CHANGE_TITLE = 'Choose your own password · Shule';

/**
 * The tab's title for a path: "Students · Kilimani Academy · Shule" on a signed-in page of a
 * school's user, "Log in · Shule" on a public page or without a school.
 */
export function documentTitle(
  pathname: string,
  schoolName?: string | null,
  passwordChangeRequired = false,
): string {
  const path = matchRoutes(ROUTES, pathname)?.at(-1)?.route.path;
  if (path === '/') return LANDING_TITLE;
  if (passwordChangeRequired && path && path in SIGNED_IN_PAGES) return PASSWORD_CHANGE_TITLE;
  const page = path ? PAGES[path] : 'Page not found';
  const school = path && path in SIGNED_IN_PAGES ? schoolName : null;
  return [page, school, 'Shule'].filter(Boolean).join(' · ');
}
