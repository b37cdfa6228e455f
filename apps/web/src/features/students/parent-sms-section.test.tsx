import type { StudentDetail } from '@shule/shared/students';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser, studentDetail } from '../../test/render-page';
import { StudentProfilePage } from './student-profile-page';

const withParent = (changes: Partial<StudentDetail> = {}): StudentDetail =>
  studentDetail({
    parent: {
      id: 9,
      user: {
        first_name: 'Grace',
        last_name: 'Kamau',
        email: null,
        phone_number: '0712345678',
      },
      sms_opt_out: false,
      national_id_number: null,
    },
    consents: {
      photos: { status: 'unknown', recorded_at: null, recorded_by: null },
      sms: {
        status: 'granted',
        recorded_at: '2026-11-20T08:30:00.000Z',
        recorded_by: { id: 1, name: 'Amina Otieno' },
      },
    },
    ...changes,
  });

function fakeApi(detail: StudentDetail, role: 'admin' | 'teacher' = 'admin', fail = false) {
  const patches: { url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/grades/subjects/?school_id=7') return json(200, []);
    if (url === '/api/students/21/') return json(200, detail);
    if (url === '/api/parents/9/sms/' && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body));
      patches.push({ url, body });
      if (fail) return json(404, { message: 'Not found' });
      detail.parent!.sms_opt_out = body.opted_out;
      return json(200, { parent: { id: 9, sms_opt_out: body.opted_out } });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, patches };
}

const renderProfile = () =>
  renderWithApp(<StudentProfilePage />, { route: '/students/:id', url: '/students/21' });

describe("the parent's SMS on the student page", () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('lets an admin stop and resume SMS to the parent', async () => {
    const api = fakeApi(withParent());
    vi.stubGlobal('fetch', api.fetch);
    renderProfile();
    const toggle = await screen.findByRole('switch', { name: 'Send SMS to Grace Kamau' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Wants SMS')).toBeTruthy();
    expect(screen.getByText(/Messages and results go to 0712345678/)).toBeTruthy();

    fireEvent.click(toggle);
    expect(await screen.findByText('SMS stopped')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Opted out')).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('SMS resumed')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(api.patches.map((p) => p.body)).toEqual([{ opted_out: true }, { opted_out: false }]);
  });

  it('says the switch changed nothing when the server refuses', async () => {
    vi.stubGlobal('fetch', fakeApi(withParent(), 'admin', true).fetch);
    renderProfile();
    const toggle = await screen.findByRole('switch', { name: 'Send SMS to Grace Kamau' });
    fireEvent.click(toggle);
    expect(await screen.findByText('SMS preference not changed')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('warns that no SMS goes out about the child without the consent to SMS', async () => {
    const detail = withParent();
    detail.consents.sms = { status: 'refused', recorded_at: null, recorded_by: null };
    vi.stubGlobal('fetch', fakeApi(detail).fetch);
    renderProfile();
    expect(await screen.findByText(/No SMS goes out about this child until/)).toBeTruthy();
  });

  it('shows a teacher the choice without a switch, and nothing when there is no parent', async () => {
    const api = fakeApi(withParent(), 'teacher');
    vi.stubGlobal('fetch', api.fetch);
    const first = renderProfile();
    await waitFor(() =>
      expect(api.fetch).toHaveBeenCalledWith('/api/users/user/', expect.anything()),
    );
    expect(await screen.findByText('SMS to Grace Kamau')).toBeTruthy();
    expect(screen.getByText('Wants SMS')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    first.unmount();

    vi.stubGlobal('fetch', fakeApi(studentDetail()).fetch);
    renderProfile();
    expect(await screen.findByText("Parent's consent")).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^SMS to / })).toBeNull();
  });
});
