import { MESSAGES } from '@shule/shared/fields';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMINS_ONLY } from '../../components/admin-only';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, schoolRow, sessionUser } from '../../test/render-page';
import { SchoolProfilePage } from './school-profile-page';

const CREST = '/uploads/CrestOfTheSchool01.png?expires=1795460400&signature=abc';

/** A stand-in API for the profile: GET and PATCH the school, and an upload that answers a link. */
function fakeApi(
  role: 'admin' | 'teacher',
  sent: { method: string; url: string; body: unknown }[],
) {
  const school = schoolRow({ name: 'Kenya High', type: 'IPS', levels: ['senior'] });
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body =
      init?.body instanceof FormData
        ? 'form-data'
        : init?.body
          ? JSON.parse(String(init.body))
          : undefined;
    if (body) sent.push({ method, url, body });
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/schools/7/' && method === 'GET') return json(200, school);
    if (url === '/api/schools/7/' && method === 'PATCH') {
      Object.assign(school, body, body.phone_number ? { phone_number: '0712345002' } : {});
      return json(200, school);
    }
    if (url === '/api/uploads/' && method === 'POST') return json(201, { secure_url: CREST });
    return json(404, { message: `no route ${method} ${url}` });
  });
}

describe('school profile page (/settings)', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('an admin corrects the details: the form sends them as the shared schema reads them', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', fakeApi('admin', sent));
    renderWithApp(<SchoolProfilePage />);
    const name = await screen.findByLabelText('Institution name *');
    expect((name as HTMLInputElement).value).toBe('Kenya High');
    fireEvent.change(name, { target: { value: 'Kenya High School' } });
    fireEvent.change(screen.getByLabelText('Motto'), { target: { value: 'Strive to Excel' } });
    fireEvent.change(screen.getByLabelText('P.O. Box'), {
      target: { value: 'P.O. Box 30046-00100, Nairobi' },
    });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '+254 712 345 002' } });
    fireEvent.change(screen.getByLabelText('Type *'), { target: { value: 'NAT' } });
    fireEvent.click(screen.getByLabelText('Junior School (Grade 7–9)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('School profile saved')).toBeTruthy();
    const patch = sent.find((s) => s.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      name: 'Kenya High School',
      motto: 'Strive to Excel',
      postal_address: 'P.O. Box 30046-00100, Nairobi',
      phone_number: '0712345002',
      type: 'NAT',
      levels: ['junior', 'senior'],
    });
  });

  it('refuses a bad phone before sending, with the one phone rule', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', fakeApi('admin', sent));
    renderWithApp(<SchoolProfilePage />);
    fireEvent.change(await screen.findByLabelText('Phone *'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByText(MESSAGES.phone)).toBeTruthy());
    expect(sent.filter((s) => s.method === 'PATCH')).toHaveLength(0);
  });

  it('uploads a crest, shows it, and removes it', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', fakeApi('admin', sent));
    renderWithApp(<SchoolProfilePage />);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'crest.png', {
      type: 'image/png',
    });
    fireEvent.change(await screen.findByLabelText('Crest image'), { target: { files: [file] } });
    expect(await screen.findByText('Crest updated')).toBeTruthy();
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({ logo: CREST });
    expect(screen.getByAltText('Crest of Kenya High').getAttribute('src')).toBe(CREST);
    fireEvent.click(screen.getByRole('button', { name: 'Remove crest' }));
    expect(await screen.findByText('Crest removed')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PATCH').at(-1)?.body).toEqual({ logo: null });
    expect(screen.getByLabelText('No crest')).toBeTruthy();
  });

  it('a teacher is told only administrators can see it, and nothing is asked of the API', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    const fetch = fakeApi('teacher', sent);
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SchoolProfilePage />);
    expect(await screen.findByText(ADMINS_ONLY)).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/schools/7/');
  });
});
