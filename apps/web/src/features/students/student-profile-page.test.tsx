import type { StudentDetail } from '@shule/shared/students';
import type { Subject } from '@shule/shared/subjects';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser, studentDetail } from '../../test/render-page';
import { ResultsDetails } from './results-details';
import { StudentProfilePage } from './student-profile-page';

const subject = (id: number, name: string, code: string, classes: number[]): Subject => ({
  id,
  name,
  code,
  description: null,
  classes,
  group: 'other',
  school: 7,
});

/** Form 4 East (class 4) takes four subjects; Chemistry is another class's. */
const subjects = [
  subject(1, 'English', 'ENG', [4]),
  subject(2, 'Mathematics', 'MAT', [4]),
  subject(3, 'French', 'FRE', [4]),
  subject(4, 'Music', 'MUS', [4]),
  subject(5, 'Chemistry', 'CHE', [9]),
];

/** A stand-in API for one student, whose PATCH answers like the real one. */
function fakeApi(
  student: StudentDetail,
  { role = 'admin', refuse }: { role?: 'admin' | 'teacher'; refuse?: string } = {},
) {
  const patches: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/grades/subjects/?school_id=7') return json(200, subjects);
    if (url === '/api/students/21/' && method === 'GET') return json(200, student);
    if (url === '/api/students/21/' && method === 'PATCH') {
      const body = JSON.parse(String(init?.body));
      patches.push(body);
      if (refuse) return json(400, { message: refuse, errors: { subjects: [refuse] } });
      Object.assign(student, body);
      return json(200, student);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, patches };
}

const renderPage = () =>
  renderWithApp(<StudentProfilePage sections={(props) => <ResultsDetails {...props} />} />, {
    route: '/students/:id',
    url: '/students/21',
  });

const section = () => screen.getByRole('region', { name: 'Results details' });
const taken = () =>
  within(within(section()).getByRole('list', { name: 'Subjects taken' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('student profile: results details', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the class's subjects for a student without a list, and their entry marks", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi(
        studentDetail({ entry_exam: 'KCPE', entry_index_number: '12345678901', entry_marks: 389 }),
      ).fetch,
    );
    renderPage();
    expect(
      await within(await screen.findByRole('region', { name: 'Results details' })).findByText(
        'All 4 subjects of Form 4 East',
      ),
    ).toBeTruthy();
    expect(taken()).toEqual(['English', 'Mathematics', 'French', 'Music']);
    expect(within(section()).queryByText(/Dropped/)).toBeNull();
    expect(within(section()).getByText('KCPE')).toBeTruthy();
    expect(within(section()).getByText('12345678901')).toBeTruthy();
    expect(within(section()).getByText('389')).toBeTruthy();
  });

  it("shows a student's own list, and no Edit to a teacher", async () => {
    vi.stubGlobal('fetch', fakeApi(studentDetail({ subjects: [1, 2] }), { role: 'teacher' }).fetch);
    renderPage();
    expect(await screen.findByText('2 of the 4 subjects of Form 4 East')).toBeTruthy();
    expect(taken()).toEqual(['English', 'Mathematics']);
    expect(within(section()).getByText('Dropped: French, Music')).toBeTruthy();
    expect(within(section()).getAllByText('—')).toHaveLength(3);
    expect(within(section()).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('lets an admin untick optional subjects and record entry marks', async () => {
    const api = fakeApi(studentDetail());
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    await screen.findByText('All 4 subjects of Form 4 East');
    fireEvent.click(within(section()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const list = within(dialog).getByRole('group', { name: 'Subjects taken' });
    const boxes = within(list).getAllByRole('checkbox') as HTMLInputElement[];
    // Only the class's subjects, all ticked while the student follows the class.
    expect(boxes.map((b) => [b.closest('label')?.textContent, b.checked])).toEqual([
      ['EnglishENG', true],
      ['MathematicsMAT', true],
      ['FrenchFRE', true],
      ['MusicMUS', true],
    ]);
    fireEvent.click(within(list).getByLabelText(/French/));
    fireEvent.click(within(list).getByLabelText(/Music/));
    fireEvent.change(within(dialog).getByLabelText('Entry exam'), { target: { value: 'KCPE' } });
    fireEvent.change(within(dialog).getByLabelText('Index number'), {
      target: { value: ' 12345678901 ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Entry marks'), { target: { value: '389' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Results details updated')).toBeTruthy();
    expect(api.patches).toEqual([
      {
        subjects: [1, 2],
        entry_exam: 'KCPE',
        entry_index_number: '12345678901',
        entry_marks: 389,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(taken()).toEqual(['English', 'Mathematics']);
    expect(within(section()).getByText('389')).toBeTruthy();

    // Ticking every subject again goes back to the class's list; emptied fields are cleared.
    fireEvent.click(within(section()).getByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog');
    const againList = within(again).getByRole('group', { name: 'Subjects taken' });
    fireEvent.click(within(againList).getByLabelText(/French/));
    fireEvent.click(within(againList).getByLabelText(/Music/));
    fireEvent.change(within(again).getByLabelText('Entry exam'), { target: { value: '' } });
    fireEvent.change(within(again).getByLabelText('Index number'), { target: { value: '' } });
    fireEvent.change(within(again).getByLabelText('Entry marks'), { target: { value: '' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.patches).toHaveLength(2));
    expect(api.patches[1]).toEqual({
      subjects: null,
      entry_exam: null,
      entry_index_number: null,
      entry_marks: null,
    });
  });

  it("refuses a fractional entry mark before sending, and shows the server's refusal", async () => {
    const api = fakeApi(studentDetail(), { refuse: 'Choose at least one subject' });
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    await screen.findByText('All 4 subjects of Form 4 East');
    fireEvent.click(within(section()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Entry marks'), { target: { value: '38.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Entry marks must be a whole number')).toBeTruthy();
    expect(api.patches).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Entry marks'), { target: { value: '' } });
    const list = within(dialog).getByRole('group', { name: 'Subjects taken' });
    for (const box of within(list).getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Choose at least one subject')).toBeTruthy();
    expect(api.patches).toEqual([
      { subjects: [], entry_exam: null, entry_index_number: null, entry_marks: null },
    ]);
  });
});
