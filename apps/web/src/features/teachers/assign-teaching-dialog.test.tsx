import type { TeacherRow } from '@shule/shared/teachers';
import { alreadyAssignedMessage } from '@shule/shared/teaching';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { AssignTeachingDialog } from './assign-teaching-dialog';

const mary: TeacherRow = {
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

const subject = (id: number, name: string, classes: number[]) => ({
  id,
  name,
  code: name.slice(0, 3).toUpperCase(),
  description: null,
  classes,
  group: 'other',
  school: 7,
});

function fakeApi({ sent = [], refuse }: { sent?: unknown[]; refuse?: string } = {}) {
  let answer: (r: Response) => void = () => {};
  const held = { release: (r: Response) => answer(r) };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/classes/?school=7')
      return json(200, { classes: [classRow(3, 'Form 2 West')] });
    if (url === '/api/grades/subjects/?school_id=7')
      return json(200, [subject(4, 'Mathematics', [3]), subject(5, 'English', [3])]);
    if (url === '/api/staff/teachers/1/assignments/' && method === 'POST') {
      sent.push(JSON.parse(String(init?.body)));
      if (refuse) return json(409, { message: refuse });
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, held };
}

describe('assign teaching dialog', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing beside the field, from the shared schema, and sends nothing', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', fakeApi({ sent }).fetch);
    renderWithApp(<AssignTeachingDialog teacher={mary} onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Choose a class', 'Choose a subject']);
    expect(sent).toEqual([]);
  });

  it('adds the class and subject: "Adding..." while it saves, then the class stays for the next', async () => {
    const sent: unknown[] = [];
    const api = fakeApi({ sent });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<AssignTeachingDialog teacher={mary} onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Class'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeTruthy();
    expect(sent).toEqual([{ class: 3, subject: 4 }]);
    api.held.release(
      json(201, { id: 9, teacher: 1, class: { id: 3, name: 'Form 2 West' }, subject: { id: 4 } }),
    );
    await within(dialog).findByRole('button', { name: 'Add' });
    expect((within(dialog).getByLabelText('Class') as HTMLSelectElement).value).toBe('3');
    expect((within(dialog).getByLabelText('Subject') as HTMLSelectElement).value).toBe('');
  });

  it("shows the server's refusal above the form and keeps the choice", async () => {
    const refusal = alreadyAssignedMessage('Mary Otieno', 'Mathematics', 'Form 2 West');
    vi.stubGlobal('fetch', fakeApi({ refuse: refusal }).fetch);
    renderWithApp(<AssignTeachingDialog teacher={mary} onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Class'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Subject') as HTMLSelectElement).value).toBe('4'),
    );
  });
});
