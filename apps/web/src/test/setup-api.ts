import type { SetupState } from '@shule/shared/setup';
import { vi } from 'vitest';
import { json, sessionUser } from './render-page';

/** School 7's setup as GET /api/setup/ answers it: at the welcome, nothing saved, unless changed. */
export const setupState = (changes: Partial<SetupState> = {}): SetupState => ({
  step: 1,
  finished_at: null,
  academic_year: null,
  terms: [],
  classes: [],
  after: { grades: 0, subjects: 0, teachers: 0 },
  ...changes,
});

export interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A request as a test's stand-in routes read it, its body parsed from JSON. */
type Request = { method: string; url: string; body: ReturnType<typeof JSON.parse> };

/**
 * A stand-in API for the setup wizard of school 7's admin: GET /api/setup/ answers the state and
 * PUT /api/setup/ moves its step; anything else is `answer`'s (404 when it answers nothing).
 * Every write is recorded in `sent`.
 */
export function fakeSetupApi(
  initial: SetupState,
  sent: Sent[],
  answer: (request: Request) => Response | undefined = () => undefined,
) {
  let state = initial;
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/setup/?school=7') return json(200, state);
    if (url === '/api/setup/' && method === 'PUT') {
      state = { ...state, step: body.step };
      return json(200, state);
    }
    return answer({ method, url, body }) ?? json(404, { message: `no route ${method} ${url}` });
  });
}
