import type { StudentDetail } from '@shule/shared/students';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderStudentSections, sessionUser, studentDetail } from '../../test/render-page';
import { ConsentsSection } from './consents-section';

const withParent = (optedOut = false, sms: 'granted' | 'unknown' = 'granted'): StudentDetail =>
  studentDetail({
    parent: {
      id: 9,
      user: { first_name: 'Grace', last_name: 'Kamau', email: null, phone_number: '0712345678' },
      sms_opt_out: optedOut,
      national_id_number: null,
    },
    consents: {
      photos: { status: 'unknown', recorded_at: null, recorded_by: null },
      sms:
        sms === 'granted'
          ? {
              status: 'granted',
              recorded_at: '2026-11-20T08:30:00.000Z',
              recorded_by: { id: 1, name: 'Amina Otieno' },
            }
          : { status: 'unknown', recorded_at: null, recorded_by: null },
    },
  });

function fakeApi(detail: StudentDetail) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: JSON.parse(String(init.body)) });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/students/21/') return json(200, detail);
    if (url === '/api/students/21/consents/' && method === 'PATCH') {
      const body = JSON.parse(String(init.body));
      detail.consents.sms = {
        status: body.sms,
        recorded_at: '2026-11-23T06:00:00.000Z',
        recorded_by: { id: 1, name: 'Amina Otieno' },
      };
      return json(200, detail.consents);
    }
    if (url === '/api/parents/9/sms/' && method === 'PATCH') {
      const body = JSON.parse(String(init.body));
      detail.parent!.sms_opt_out = body.opted_out;
      return json(200, { parent: { id: 9, sms_opt_out: body.opted_out } });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, sent };
}

const renderConsents = () => renderStudentSections((props) => <ConsentsSection {...props} />);

describe('SMS to the parent, on the student page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('has one SMS control: the consent, saying where SMS go', async () => {
    vi.stubGlobal('fetch', fakeApi(withParent()).fetch);
    renderConsents();
    expect(await screen.findByLabelText('SMS to the parent')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByTestId('sms-reach').textContent).toBe(
      'Messages and results go to Grace Kamau, 0712345678.',
    );
  });

  it('resumes SMS to a parent who asked for none when the consent is recorded as Granted', async () => {
    const api = fakeApi(withParent(true, 'unknown'));
    vi.stubGlobal('fetch', api.fetch);
    renderConsents();
    await waitFor(() =>
      expect(screen.getByTestId('sms-reach').textContent).toMatch(/asked for no SMS/),
    );
    fireEvent.change(screen.getByLabelText('SMS to the parent'), { target: { value: 'granted' } });
    expect(await screen.findByText('Consent recorded')).toBeTruthy();
    expect(api.sent.map((s) => [s.url, s.body])).toEqual([
      ['/api/students/21/consents/', { sms: 'granted' }],
      ['/api/parents/9/sms/', { opted_out: false }],
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('sms-reach').textContent).toBe(
        'Messages and results go to Grace Kamau, 0712345678.',
      ),
    );
  });
});
