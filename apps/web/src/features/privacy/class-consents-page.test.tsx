import type { ClassConsents, UpdateClassConsentsBody } from '@shule/shared/consents';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { ClassConsentsPage } from './class-consents-page';

const student = (id: number, first: string, sms: 'granted' | 'refused' | 'unknown') => ({
  id,
  first_name: first,
  last_name: 'Otieno',
  admission_number: `00${id}`,
  parent: { first_name: 'Mary', last_name: 'Otieno', phone_number: `071234500${id}` },
  sms: { status: sms, recorded_at: sms === 'unknown' ? null : '2026-11-20T06:00:00Z' },
  photos: { status: 'unknown' as const, recorded_at: null },
});

const held: ClassConsents = {
  class: { id: 2, name: 'Form 1 East' },
  students: [
    student(1, 'Amina', 'unknown'),
    student(2, 'Baraka', 'granted'),
    student(3, 'Chebet', 'unknown'),
  ],
};

function fakeApi() {
  const puts: UpdateClassConsentsBody[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/classes/?school=7')
      return json(200, { classes: [classRow(1, 'Form 1 West'), classRow(2, 'Form 1 East')] });
    if (url === '/api/classes/2/consents/form/')
      return new Response('%PDF-1.3', {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="sms-consent-form-form-1-east.pdf"',
        },
      });
    if (url === '/api/classes/2/consents/') {
      if ((init?.method ?? 'GET') === 'GET') return json(200, held);
      const body = JSON.parse(String(init?.body)) as UpdateClassConsentsBody;
      puts.push(body);
      const sent = new Map(body.students.map((s) => [s.id, s.sms]));
      return json(200, {
        ...held,
        changed: body.students.length,
        students: held.students.map((s) => ({
          ...s,
          sms: { status: sent.get(s.id) ?? s.sms.status, recorded_at: '2026-12-02T06:00:00Z' },
        })),
      });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, puts };
}

describe('SMS consents of a class', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each parent with their answer, and saves only the changed answers in one request', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<ClassConsentsPage />, {
      route: '/students/consents',
      url: '/students/consents?class=2',
    });
    const rows = await screen.findAllByTestId('consent-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText(/Mary Otieno · 0712345001/)).toBeTruthy();
    expect(screen.getByTestId('count-unknown').textContent).toBe('2');
    expect(
      screen.getByText('No SMS to the parents of 2 of 3 students until their consent is Granted'),
    ).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save consents' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Granted' }));
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Refused' }));
    expect(screen.getByText('2 changes not saved yet')).toBeTruthy();
    fireEvent.click(save);

    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toEqual({
      students: [
        { id: 1, sms: 'granted' },
        { id: 3, sms: 'refused' },
      ],
    });
    expect(await screen.findByText('2 consents recorded')).toBeTruthy();
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('downloads the class paper form', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderWithApp(<ClassConsentsPage />, {
      route: '/students/consents',
      url: '/students/consents?class=2',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Print the paper form' }));
    await waitFor(() => expect(saved).toEqual(['sms-consent-form-form-1-east.pdf']));
    click.mockRestore();
  });
});
