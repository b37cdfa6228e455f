import type { CurrentUser } from '@shule/shared/auth';
import { api } from './api-client';

let userAskedAtStart: Promise<CurrentUser> | undefined;

/**
 * Asks for a stored session's user as the page's first script runs (boot.ts), while the app's
 * code is still arriving: the session (session.tsx) takes the answer rather than asking again.
 */
export function askUserAtStart() {
  userAskedAtStart = api.get<CurrentUser>('/users/user/');
  userAskedAtStart.catch(() => {
    // Handled where the session starts; this only keeps an early failure from going unhandled.
  });
}

/** The answer asked for at start, once: a later sign-in asks afresh. */
export function takeUserAskedAtStart(): Promise<CurrentUser> | undefined {
  const asked = userAskedAtStart;
  userAskedAtStart = undefined;
  return asked;
}
