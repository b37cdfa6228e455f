import type { StudentExamResult } from '@shule/shared/results/student-results';
import type { StudentDetail } from '@shule/shared/students';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser, studentDetail } from '../../test/render-page';
import { StudentProfilePage } from './student-profile-page';

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

const opener: StudentExamResult = {
  exam: { id: 5, name: 'Opener', start_date: '2026-01-12', end_date: '2026-01-16' },
  class: { id: 3, name: '4 East' },
  subjects_marked: 8,
  mean_score: 57.5,
};

function fakeApi(detail: StudentDetail, exams: StudentExamResult[] = []) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: JSON.parse(String(init.body)) });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/grades/subjects/?school_id=7') return json(200, []);
    if (url === '/api/students/21/') return json(200, detail);
    if (url === '/api/students/21/results/') return json(200, { exams });
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

const renderProfile = () =>
  renderWithApp(<StudentProfilePage />, { route: '/students/:id', url: '/students/21' });

describe('the student page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the exams sat, each linking to the report form of the class sat in', async () => {
    vi.stubGlobal('fetch', fakeApi(withParent(), [opener]).fetch);
    renderProfile();
    const list = await screen.findByRole('list', { name: 'Exams sat' });
    expect(within(list).getByText('Opener')).toBeTruthy();
    expect(
      within(list).getByText(/12 Jan 2026 · 4 East · 8 subjects marked · mean mark 57\.5/),
    ).toBeTruthy();
    expect(
      within(list)
        .getByRole('link', { name: /Report form.*Opener/ })
        .getAttribute('href'),
    ).toBe('/exams/5/report/21?class=3');
  });

  it('says so when the student has no marks yet', async () => {
    vi.stubGlobal('fetch', fakeApi(withParent()).fetch);
    renderProfile();
    expect(await screen.findByText(/No marks yet/)).toBeTruthy();
  });

  it('has one SMS control: the consent, saying where SMS go', async () => {
    vi.stubGlobal('fetch', fakeApi(withParent()).fetch);
    renderProfile();
    expect(await screen.findByLabelText('SMS to the parent')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByTestId('sms-reach').textContent).toBe(
      'Messages and results go to Grace Kamau, 0712345678.',
    );
  });

  it('resumes SMS to a parent who asked for none when the consent is recorded as Granted', async () => {
    const api = fakeApi(withParent(true, 'unknown'));
    vi.stubGlobal('fetch', api.fetch);
    renderProfile();
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
