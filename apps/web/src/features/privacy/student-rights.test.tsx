import type { StudentConsents } from '@shule/shared/consents';
import { ERASE_MESSAGES } from '@shule/shared/privacy';
import type { StudentDetail } from '@shule/shared/students';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderStudentSections, sessionUser, studentDetail } from '../../test/render-page';
import { ConsentsSection, consentRecordedText } from './consents-section';
import { DataRightsSection } from './data-rights-section';

const unknown = { status: 'unknown', recorded_at: null, recorded_by: null } as const;

const student = (consents: Partial<StudentConsents> = {}): StudentDetail =>
  studentDetail({
    consents: {
      photos: {
        status: 'granted',
        recorded_at: '2026-11-20T08:30:00.000Z',
        recorded_by: { id: 1, name: 'Amina Otieno' },
      },
      sms: unknown,
      ...consents,
    },
  });

/** A stand-in API for student 21: consents, the export and erasure answer like the real ones. */
function fakeApi(role: 'admin' | 'teacher' = 'admin', eraseRefusal?: string) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const detail = student();
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/students/21/') return json(200, detail);
    if (url === '/api/students/21/consents/' && method === 'PATCH') {
      for (const [kind, status] of Object.entries(body)) {
        detail.consents[kind as 'photos' | 'sms'] = {
          status: status as 'granted',
          recorded_at: '2026-11-23T18:00:00.000Z',
          recorded_by: { id: 1, name: 'Amina Otieno' },
        };
      }
      return json(200, detail.consents);
    }
    const exported = /^\/api\/students\/21\/data_export\/\?format=(json|pdf|csv)$/.exec(url);
    if (exported) {
      return new Response('%PDF-', {
        status: 200,
        headers: {
          'content-disposition': `attachment; filename="student-0421-data.${exported[1]}"`,
        },
      });
    }
    if (url === '/api/students/21/erase/') {
      if (eraseRefusal) return json(409, { message: eraseRefusal });
      return body.confirm === '0421'
        ? json(200, { message: ERASE_MESSAGES.erased('0421') })
        : json(400, { message: ERASE_MESSAGES.confirm });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, calls };
}

const renderConsents = () => renderStudentSections((props) => <ConsentsSection {...props} />);
const renderDataRights = () =>
  renderStudentSections(({ student }) => <DataRightsSection student={student} />);
const consents = () => screen.getByRole('region', { name: "Parent's consent" });

describe("the parent's consent on the student page", () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each answer with when and by whom, and records an admin’s change', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderConsents();
    await screen.findByRole('region', { name: "Parent's consent" });
    expect(
      within(consents()).getByText('Recorded 20 Nov 2026 by Amina Otieno', { exact: false }),
    ).toBeTruthy();
    expect(
      within(consents()).getByText('The parent has not been asked yet', { exact: false }),
    ).toBeTruthy();
    const sms = within(consents()).getByLabelText('SMS to the parent') as HTMLSelectElement;
    expect(sms.value).toBe('unknown');
    fireEvent.change(sms, { target: { value: 'refused' } });
    expect(await screen.findByText('Consent recorded')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/students/21/consents/', body: { sms: 'refused' } },
    ]);
    await waitFor(() =>
      expect(
        (within(consents()).getByLabelText('SMS to the parent') as HTMLSelectElement).value,
      ).toBe('refused'),
    );
    expect(within(consents()).getByText(/Recorded 23 Nov 2026 by Amina Otieno/)).toBeTruthy();
  });

  it('shows a teacher the answers without changing them', async () => {
    vi.stubGlobal('fetch', fakeApi('teacher').fetch);
    renderConsents();
    await screen.findByRole('region', { name: "Parent's consent" });
    expect(within(consents()).getByText('Granted')).toBeTruthy();
    expect(within(consents()).queryByRole('combobox')).toBeNull();
  });
});

describe('data and erasure on the student page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the data as a PDF, a CSV or the JSON, each as the file the API names', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const created = vi.fn(() => 'blob:student-data');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderDataRights();
    fireEvent.click(await screen.findByRole('button', { name: 'Download data (PDF)' }));
    expect(await screen.findByText('Data downloaded')).toBeTruthy();
    for (const name of ['CSV', 'JSON']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      await waitFor(() => expect(button.disabled).toBe(false));
      fireEvent.click(button);
    }
    await waitFor(() => expect(clicked).toHaveLength(3));
    expect(clicked).toEqual([
      'student-0421-data.pdf',
      'student-0421-data.csv',
      'student-0421-data.json',
    ]);
    expect(api.calls.map((c) => c.url).filter((u) => u.includes('data_export'))).toEqual([
      '/api/students/21/data_export/?format=pdf',
      '/api/students/21/data_export/?format=csv',
      '/api/students/21/data_export/?format=json',
    ]);
    click.mockRestore();
  });

  it('asks twice: the admission number typed, then a last confirmation', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderDataRights();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase student' }));
    const first = await screen.findByRole('dialog', { name: 'Erase Wanjiru Kamau?' });
    const box = within(first).getByLabelText('Type the admission number 0421 to confirm');
    const next = within(first).getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '421' } });
    expect(next.disabled).toBe(true);
    expect(within(first).queryByRole('alert')).toBeNull();
    fireEvent.change(box, { target: { value: '9999' } });
    expect(next.disabled).toBe(true);
    expect(within(first).getByRole('alert').textContent).toBe('That is not 0421');
    fireEvent.change(box, { target: { value: ' 0421 ' } });
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    const last = await screen.findByRole('alertdialog', { name: 'Erase Wanjiru Kamau for good?' });
    expect(api.calls.some((c) => c.url.endsWith('/erase/'))).toBe(false);
    fireEvent.click(within(last).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText('Student erased')).toBeTruthy();
    expect(api.calls.filter((c) => c.url.endsWith('/erase/'))).toEqual([
      { method: 'POST', url: '/api/students/21/erase/', body: { confirm: '0421' } },
    ]);
  });

  it("goes back to the typed number with the server's reason when the erasure fails", async () => {
    const api = fakeApi('admin', 'The student is being exported: try again in a minute');
    vi.stubGlobal('fetch', api.fetch);
    renderDataRights();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase student' }));
    const first = await screen.findByRole('dialog');
    fireEvent.change(within(first).getByRole('textbox'), { target: { value: '0421' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Continue' }));
    const last = await screen.findByRole('alertdialog');
    fireEvent.click(within(last).getByRole('button', { name: 'Erase for good' }));
    const again = await screen.findByRole('dialog', { name: 'Erase Wanjiru Kamau?' });
    expect(
      await within(again).findByText('The student is being exported: try again in a minute'),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.change(within(again).getByRole('textbox'), { target: { value: '042' } });
    expect(within(again).queryByText(/being exported/)).toBeNull();
  });

  it('erases nothing when the last confirmation is cancelled', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderDataRights();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase student' }));
    const first = await screen.findByRole('dialog');
    fireEvent.change(within(first).getByRole('textbox'), { target: { value: '0421' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Continue' }));
    const last = await screen.findByRole('alertdialog');
    fireEvent.click(within(last).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls.some((c) => c.url.endsWith('/erase/'))).toBe(false);
  });
});

describe('consentRecordedText', () => {
  it("dates a consent by Nairobi's calendar: 00:49 there is not the day before", () => {
    expect(
      consentRecordedText({
        status: 'granted',
        recorded_at: '2026-08-23T21:49:00.000Z',
        recorded_by: { id: 1, name: 'Amina Otieno' },
      }),
    ).toBe('Recorded 24 Aug 2026 by Amina Otieno');
  });
});
