import { kcseGroupOfCode } from '@shule/shared/results/subject-groups';
import type { Subject } from '@shule/shared/subjects';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { SubjectsPage } from './subjects-page';

const subject = (id: number, name: string, code: string, group?: Subject['group']): Subject => ({
  id,
  name,
  code,
  description: null,
  classes: [1],
  group: group ?? kcseGroupOfCode(code) ?? 'other',
  school: 7,
});

/** A stand-in API that, like the real one, derives a subject's group from its code unless given. */
function fakeApi(initial: Subject[]) {
  const subjects = [...initial];
  const sent: { method: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (body) sent.push({ method, body });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/classes/?school=7') return json(200, { classes: [classRow(1, '4 East')] });
    if (url === '/api/grades/subjects/?school_id=7') return json(200, subjects);
    if (url === '/api/grades/subjects/' && method === 'POST') {
      const created = subject(subjects.length + 10, body.name, body.code, body.group);
      subjects.push(created);
      return json(201, created);
    }
    const match = /^\/api\/grades\/subjects\/(\d+)\/$/.exec(url);
    if (match && method === 'PATCH') {
      const found = subjects.find((s) => s.id === Number(match[1]))!;
      Object.assign(found, body, { group: body.group ?? kcseGroupOfCode(body.code) ?? 'other' });
      return json(200, found);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, sent };
}

const groupsInTable = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [
      r.querySelectorAll('td')[0]?.textContent,
      r.querySelectorAll('td')[2]?.textContent,
    ]);

describe('subjects page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows each subject's KCSE group, in the table and on the phone's cards", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([subject(1, 'Biology', 'BIO'), subject(2, 'Business', 'BST', 'technical')]).fetch,
    );
    renderWithApp(<SubjectsPage />);
    await screen.findAllByText('Biology');
    expect(groupsInTable()).toEqual([
      ['Biology', 'Group II: Sciences'],
      ['Business', 'Group IV: Technical and applied'],
    ]);
    const cards = within(screen.getByRole('list', { name: 'Subjects' })).getAllByRole('listitem');
    expect(within(cards[1]!).getByText('Group IV: Technical and applied')).toBeTruthy();
  });

  it('fills the group in from the code as it is typed, until the user picks one', async () => {
    const api = fakeApi([]);
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<SubjectsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Subject' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText('Code');
    const group = within(dialog).getByLabelText('KCSE group') as HTMLSelectElement;
    expect([...group.options].map((o) => o.text)).toEqual([
      'Group I: Languages and mathematics',
      'Group II: Sciences',
      'Group III: Humanities',
      'Group IV: Technical and applied',
      'Group V: Foreign languages, music, business',
    ]);
    expect(group.value).toBe('other');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'History' } });
    fireEvent.change(code, { target: { value: 'bio' } });
    expect(group.value).toBe('sciences');
    fireEvent.change(code, { target: { value: '311' } });
    expect(group.value).toBe('humanities');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Subject' }));
    expect(await screen.findByText('Subject Added')).toBeTruthy();
    // Not picked: the server keeps deriving it from the code.
    expect(api.sent[0]?.body).toMatchObject({ code: '311', group: null });

    fireEvent.click(screen.getByRole('button', { name: 'Add Subject' }));
    const second = await screen.findByRole('dialog');
    const secondGroup = within(second).getByLabelText('KCSE group') as HTMLSelectElement;
    fireEvent.change(within(second).getByLabelText('Name'), { target: { value: 'Woodwork' } });
    fireEvent.change(secondGroup, { target: { value: 'technical' } });
    fireEvent.change(within(second).getByLabelText('Code'), { target: { value: 'ENG' } });
    expect(secondGroup.value).toBe('technical');
    fireEvent.click(within(second).getByRole('button', { name: 'Add Subject' }));
    await waitFor(() => expect(api.sent).toHaveLength(2));
    expect(api.sent[1]?.body).toMatchObject({ code: 'ENG', group: 'technical' });
  });

  it("keeps a chosen group when the code changes, and sends a code's own group as null", async () => {
    const api = fakeApi([subject(1, 'Business', 'BST', 'technical'), subject(2, 'Maths', 'MAT')]);
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<SubjectsPage />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit Business' }))[0]!);
    let dialog = await screen.findByRole('dialog');
    const group = within(dialog).getByLabelText('KCSE group') as HTMLSelectElement;
    expect(group.value).toBe('technical');
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'BUS' } });
    expect(group.value).toBe('technical');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.body).toMatchObject({ code: 'BUS', group: 'technical' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getAllByRole('button', { name: 'Edit Maths' })[0]!);
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'GEO' } });
    expect((within(dialog).getByLabelText('KCSE group') as HTMLSelectElement).value).toBe(
      'humanities',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.sent).toHaveLength(2));
    expect(api.sent[1]?.body).toMatchObject({ code: 'GEO', group: null });
  });
});
