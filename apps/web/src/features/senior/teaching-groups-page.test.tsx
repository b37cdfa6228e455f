import type { GroupDetail, GroupSummary } from '@shule/shared/senior-groups';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { GENERATE_EXPLAINED, TeachingGroupsPage } from './teaching-groups-page';

const classes = [
  classRow(1, '10 East', 40, 'Grade 10'),
  classRow(2, '10 West', 38, 'Grade 10'),
  classRow(3, '9 East', 30, 'Grade 9'),
];
const chemistry = { id: 12, name: 'Chemistry', code: 'CHE' };
const group = (id: number, name: string, size: number): GroupSummary => ({
  id,
  level: 'Grade 10',
  name,
  subject: chemistry,
  teacher: null,
  size,
  mine: false,
});
const groups = [group(31, 'Grade 10 Chemistry 1', 39), group(32, 'Grade 10 Chemistry 2', 39)];
const member = (id: number, first: string, cls: string) => ({
  id,
  first_name: first,
  last_name: 'Otieno',
  admission_number: `00${id}`,
  class: { id: cls === '10 East' ? 1 : 2, name: cls },
});
const detail = (g: GroupSummary, members: GroupDetail['members']): GroupDetail => ({
  ...g,
  members,
});
const teacher = {
  id: 8,
  subject: null,
  tsc_number: null,
  is_active: true,
  assignments: [],
  user: {
    id: 80,
    first_name: 'Jane',
    last_name: 'Doe',
    email: null,
    gender: null,
    class: null,
    profile_photo: null,
    phone_number: '0712345678',
  },
};

function fakeApi() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    }
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/classes/?school=7') return json(200, { classes });
    if (url === '/api/schools/7/teachers/') return json(200, { teachers: [teacher] });
    if (url === '/api/senior/groups/?level=Grade+10') return json(200, { groups });
    if (url === '/api/senior/groups/generate/?level=Grade+10') return json(200, { groups });
    if (url === '/api/senior/groups/31/') {
      return json(
        200,
        detail(groups[0]!, [member(1, 'Amina', '10 East'), member(2, 'Baraka', '10 West')]),
      );
    }
    if (url === '/api/senior/groups/32/') {
      return json(200, detail(groups[1]!, [member(3, 'Chebet', '10 West')]));
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, sent };
}

const renderPage = () =>
  renderWithApp(<TeachingGroupsPage />, { route: '/teaching-groups', url: '/teaching-groups' });

describe('teaching groups page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("lists the senior level's groups by subject, and says what Generate does before it runs", async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const section = await screen.findByRole('region', { name: 'Chemistry' });
    expect(within(section).getByText('Grade 10 Chemistry 1')).toBeTruthy();
    expect(within(section).getAllByText('39 learners')).toHaveLength(2);
    const level = screen.getByLabelText('Level') as HTMLSelectElement;
    expect([...level.options].map((o) => o.value)).toEqual(['Grade 10']);
    expect(screen.getByText(GENERATE_EXPLAINED)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Grade 10 groups' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        { method: 'POST', url: '/api/senior/groups/generate/?level=Grade+10', body: undefined },
      ]),
    );
  });

  it('sets a teacher, shows members by stream, removes one and moves one in', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const selects = await screen.findAllByLabelText('Teacher');
    await waitFor(() => expect((selects[0] as HTMLSelectElement).options).toHaveLength(2));
    fireEvent.change(selects[0]!, { target: { value: '8' } });
    await waitFor(() =>
      expect(api.sent.at(-1)).toEqual({
        method: 'PATCH',
        url: '/api/senior/groups/31/',
        body: { teacher: 8 },
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: /^Grade 10 Chemistry 1/, expanded: false }));
    const members = await screen.findByRole('list', { name: 'Members of Grade 10 Chemistry 1' });
    expect(within(members).getByText('10 West')).toBeTruthy();
    fireEvent.click(within(members).getByRole('button', { name: 'Remove Amina Otieno' }));
    await waitFor(() =>
      expect(api.sent.at(-1)).toMatchObject({ method: 'PATCH', body: { remove: [1] } }),
    );
    const learner = (await screen.findByLabelText('Learner to move in')) as HTMLSelectElement;
    await waitFor(() => expect(learner.options).toHaveLength(2));
    fireEvent.change(learner, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.sent.at(-1)).toMatchObject({
        method: 'PATCH',
        url: '/api/senior/groups/31/',
        body: { add: [3] },
      }),
    );
  });

  it('asks before deleting a group', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Grade 10 Chemistry 2' }));
    expect(await screen.findByText('Delete Grade 10 Chemistry 2?')).toBeTruthy();
    expect(api.sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        { method: 'DELETE', url: '/api/senior/groups/32/', body: undefined },
      ]),
    );
  });
});
