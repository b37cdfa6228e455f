import { alreadyAssignedMessage } from '@shule/shared/teaching';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp } from '../../test/render-page';
import { fakeTeachingApi, maryOtieno, subjectRow } from '../../test/teaching-fixtures';
import { SubjectTeachersDialog } from './subject-teachers-dialog';

const fakeApi = (options?: Parameters<typeof fakeTeachingApi>[1]) =>
  fakeTeachingApi(
    {
      '/api/classes/3/assignments/': { assignments: [] },
      '/api/grades/subjects/?school_id=7': [subjectRow(4, 'Mathematics', [3])],
      '/api/schools/7/teachers/': { teachers: [maryOtieno] },
    },
    options,
  );

const form3 = classRow(3, 'Form 2 West');

describe('subject teachers dialog', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing beside the field, from the shared schema, and sends nothing', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', fakeApi({ sent }).fetch);
    renderWithApp(<SubjectTeachersDialog cls={form3} isAdmin onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Assign' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Choose a subject', 'Choose a teacher']);
    expect(sent).toEqual([]);
  });

  it('assigns the teacher: "Assigning..." while it saves, then the subject stays chosen', async () => {
    const sent: unknown[] = [];
    const api = fakeApi({ sent });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<SubjectTeachersDialog cls={form3} isAdmin onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Subject'), { target: { value: '4' } });
    await within(dialog).findByRole('option', { name: 'Mary Otieno' });
    fireEvent.change(within(dialog).getByLabelText('Teacher'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('button', { name: 'Assigning...' })).toBeTruthy();
    expect(sent).toEqual([{ class: 3, subject: 4 }]);
    api.release(json(201, { id: 9 }));
    await within(dialog).findByRole('button', { name: 'Assign' });
    expect((within(dialog).getByLabelText('Subject') as HTMLSelectElement).value).toBe('4');
    expect((within(dialog).getByLabelText('Teacher') as HTMLSelectElement).value).toBe('');
  });

  it("shows the server's refusal above the form and keeps the choice", async () => {
    const refusal = alreadyAssignedMessage('Mary Otieno', 'Mathematics', 'Form 2 West');
    vi.stubGlobal('fetch', fakeApi({ refuse: refusal }).fetch);
    renderWithApp(<SubjectTeachersDialog cls={form3} isAdmin onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Subject'), { target: { value: '4' } });
    await within(dialog).findByRole('option', { name: 'Mary Otieno' });
    fireEvent.change(within(dialog).getByLabelText('Teacher'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Teacher') as HTMLSelectElement).value).toBe('1'),
    );
  });
});
