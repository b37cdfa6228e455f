import { alreadyAssignedMessage } from '@shule/shared/teaching';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp } from '../../test/render-page';
import { fakeTeachingApi, maryOtieno, subjectRow } from '../../test/teaching-fixtures';
import { AssignTeachingDialog } from './assign-teaching-dialog';

const fakeApi = (options?: Parameters<typeof fakeTeachingApi>[1]) =>
  fakeTeachingApi(
    {
      '/api/classes/?school=7': { classes: [classRow(3, 'Form 2 West')] },
      '/api/grades/subjects/?school_id=7': [
        subjectRow(4, 'Mathematics', [3]),
        subjectRow(5, 'English', [3]),
      ],
    },
    options,
  );

describe('assign teaching dialog', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing beside the field, from the shared schema, and sends nothing', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', fakeApi({ sent }).fetch);
    renderWithApp(<AssignTeachingDialog teacher={maryOtieno} onOpenChange={() => {}} />);
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
    renderWithApp(<AssignTeachingDialog teacher={maryOtieno} onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Class'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeTruthy();
    expect(sent).toEqual([{ class: 3, subject: 4 }]);
    api.release(
      json(201, { id: 9, teacher: 1, class: { id: 3, name: 'Form 2 West' }, subject: { id: 4 } }),
    );
    await within(dialog).findByRole('button', { name: 'Add' });
    expect((within(dialog).getByLabelText('Class') as HTMLSelectElement).value).toBe('3');
    expect((within(dialog).getByLabelText('Subject') as HTMLSelectElement).value).toBe('');
  });

  it("shows the server's refusal above the form and keeps the choice", async () => {
    const refusal = alreadyAssignedMessage('Mary Otieno', 'Mathematics', 'Form 2 West');
    vi.stubGlobal('fetch', fakeApi({ refuse: refusal }).fetch);
    renderWithApp(<AssignTeachingDialog teacher={maryOtieno} onOpenChange={() => {}} />);
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
