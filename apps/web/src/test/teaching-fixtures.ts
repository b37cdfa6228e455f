import type { TeacherRow } from '@shule/shared/teachers';
import { vi } from 'vitest';
import { json, sessionUser } from './render-page';

/** A teacher of school 7 with nothing assigned yet. */
export const maryOtieno: TeacherRow = {
  id: 1,
  subject: null,
  tsc_number: 'TSC1',
  is_active: true,
  assignments: [],
  user: {
    id: 101,
    first_name: 'Mary',
    last_name: 'Otieno',
    email: null,
    gender: null,
    class: null,
    profile_photo: null,
    phone_number: '0712345678',
  },
};

export const subjectRow = (id: number, name: string, classes: number[]) => ({
  id,
  name,
  code: name.slice(0, 3).toUpperCase(),
  description: null,
  classes,
  group: 'other',
  school: 7,
});

/**
 * A fake API for the teaching dialogs: `reads` answers GETs by URL; the assignment POST for
 * Mary is recorded in `sent` and either refused with 409 `refuse` or held until `release`.
 */
export function fakeTeachingApi(
  reads: Record<string, unknown>,
  { sent = [], refuse }: { sent?: unknown[]; refuse?: string } = {},
) {
  let answer: (r: Response) => void = () => {};
  const release = (r: Response) => answer(r);
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (method === 'GET' && url in reads) return json(200, reads[url]);
    if (url === '/api/staff/teachers/1/assignments/' && method === 'POST') {
      sent.push(JSON.parse(String(init?.body)));
      if (refuse) return json(409, { message: refuse });
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, release };
}
