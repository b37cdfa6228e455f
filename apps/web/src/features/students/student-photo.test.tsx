import type { StudentDetail } from '@shule/shared/students';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser, studentDetail } from '../../test/render-page';
import { StudentProfilePage } from './student-profile-page';

const granted = {
  photos: { status: 'granted', recorded_at: '2026-11-23T10:00:00Z', recorded_by: null },
  sms: { status: 'unknown', recorded_at: null, recorded_by: null },
} as const;
const OLD = '/uploads/OldPhoto0001.png?expires=1&signature=old';
const NEW = '/uploads/NewPhoto0001.png?expires=1&signature=new';

/** A stand-in API for student 21: the upload answers NEW, the PUT keeps what it is sent. */
function fakeApi(student: StudentDetail, role: 'admin' | 'teacher' = 'admin') {
  const puts: unknown[] = [];
  let uploads = 0;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/grades/subjects/?school_id=7') return json(200, []);
    if (url === '/api/students/21/' && method === 'GET') return json(200, student);
    if (url === '/api/uploads/' && method === 'POST') {
      uploads += 1;
      return json(201, { secure_url: NEW });
    }
    if (url === '/api/students/21/photo/' && method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      puts.push(body);
      student.profile_photo = body.profile_photo;
      return json(200, student);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, puts, uploads: () => uploads };
}

const renderPage = () =>
  renderWithApp(<StudentProfilePage sections={() => null} />, {
    route: '/students/:id',
    url: '/students/21',
  });
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'kid.png', { type: 'image/png' });

describe('student profile: the photo', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('an admin changes it: the file is uploaded, then its link put in place', async () => {
    const api = fakeApi(studentDetail({ profile_photo: OLD, consents: granted }));
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const input = await screen.findByLabelText('Change photo');
    fireEvent.change(input, { target: { files: [png()] } });
    expect(await screen.findByText('Photo saved')).toBeTruthy();
    expect(api.uploads()).toBe(1);
    expect(api.puts).toEqual([{ profile_photo: NEW }]);
    await waitFor(() => expect(document.querySelector(`img[src="${NEW}"]`)).not.toBeNull());
  });

  it('removes it only after a confirmation', async () => {
    const api = fakeApi(studentDetail({ profile_photo: OLD, consents: granted }));
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText("Remove this student's photo?")).toBeTruthy();
    expect(api.puts).toEqual([]);
    const confirm = screen.getAllByRole('button', { name: 'Remove photo' }).at(-1)!;
    fireEvent.click(confirm);
    expect(await screen.findByText('Photo removed')).toBeTruthy();
    expect(api.puts).toEqual([{ profile_photo: null }]);
  });

  it('without the parent’s consent there is no photo to add; teachers get no buttons', async () => {
    vi.stubGlobal('fetch', fakeApi(studentDetail()).fetch);
    const first = renderPage();
    expect(
      await screen.findByText('No photo: the parent has not consented to photos.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Add photo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    first.unmount();

    vi.stubGlobal(
      'fetch',
      fakeApi(studentDetail({ profile_photo: OLD, consents: granted }), 'teacher').fetch,
    );
    renderPage();
    await screen.findByText('Wanjiru Kamau', { selector: 'p' });
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    expect(screen.queryByLabelText('Change photo')).toBeNull();
  });
});
