import {
  CORE_COMPETENCIES,
  CORE_VALUES,
  type ReportInputsResponse,
} from '@shule/shared/cbc-report-inputs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { CommentBankPage } from './comment-bank-page';
import { CommentsPage } from './comments-page';
import { ReportInputsPage } from './report-inputs-page';

const term = {
  id: 5,
  name: 'Term 3 2026',
  start_date: '2026-08-24',
  end_date: '2026-10-23',
  status: 'Ongoing',
  academic_year: 1,
};

const learner = (id: number, name: string) => ({
  id,
  name,
  admission_number: String(id),
  inputs: {
    competencies: CORE_COMPETENCIES.map((n) => ({ name: n, level: null as string | null })),
    values: CORE_VALUES.map((n) => ({ name: n, level: null as string | null })),
    comments: {},
    class_teacher_remark: null as string | null,
    head_teacher_remark: null as string | null,
  },
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A stand-in API: 4 East (class 9, Grade 4: level 3) in Term 3, with what the test gives. */
function fakeApi(
  role: 'admin' | 'teacher',
  options: {
    learners?: ReturnType<typeof learner>[];
    sent?: Sent[];
    failInputs?: boolean;
    classTeacher?: boolean;
  } = {},
) {
  const sent = options.sent ?? [];
  const learners = options.learners ?? [
    learner(21, 'Achieng Otieno'),
    learner(22, 'Baraka Mwangi'),
  ];
  const comments = new Map<number, string>();
  const bank = [
    { id: 1, level: 'EE', text: 'Excellent work. Keep it up.' },
    { id: 2, level: 'ME', text: 'Good work. Keep practising.' },
  ];
  const inputs = (): ReportInputsResponse => ({
    class: { id: 9, name: '4 East' },
    term: { id: term.id, name: term.name },
    may_write: {
      ratings: role === 'admin' || options.classTeacher !== false,
      head_teacher_remark: role === 'admin',
    },
    learners,
  });
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url.startsWith('/api/fees/terms/')) return json(200, { terms: [term] });
    if (url.startsWith('/api/levels/'))
      return json(200, {
        levels: [{ id: 3, name: 'Grade 4', curriculum: 'cbc', classes: 1, school: 7 }],
      });
    if (url.startsWith('/api/classes/?'))
      return json(200, { classes: [classRow(9, '4 East', 2, 'Grade 4')] });
    if (url === '/api/cbc/learning_areas/?level=3')
      return json(200, {
        learning_areas: [{ id: 40, name: 'English', level: 3, strands: 0 }],
      });
    if (url === `/api/cbc/classes/9/report_inputs/?term=${term.id}`)
      return options.failInputs
        ? json(500, { message: 'The server is down' })
        : json(200, inputs());
    if (url === '/api/cbc/classes/9/ratings/' && method === 'PUT') {
      for (const e of body.entries) {
        const l = learners.find((x) => x.id === e.student)!;
        for (const r of [...l.inputs.competencies, ...l.inputs.values]) {
          if (r.name === e.name) r.level = e.level;
        }
      }
      return json(200, inputs());
    }
    if (url === '/api/cbc/classes/9/remarks/' && method === 'PUT') {
      const l = learners.find((x) => x.id === body.entries[0].student)!;
      l.inputs.class_teacher_remark = body.entries[0].class_teacher_remark || null;
      return json(200, inputs());
    }
    const commentsAnswer = () => ({
      class: { id: 9, name: '4 East' },
      term: { id: term.id, name: term.name },
      learning_area: { id: 40, name: 'English' },
      learners: learners.map((l) => ({
        id: l.id,
        name: l.name,
        admission_number: l.admission_number,
        comment: comments.get(l.id) ?? null,
      })),
    });
    if (url === `/api/cbc/classes/9/comments/?term=${term.id}&learning_area=40`)
      return json(200, commentsAnswer());
    if (url === '/api/cbc/classes/9/comments/' && method === 'PUT') {
      for (const e of body.entries) {
        if (e.comment) comments.set(e.student, e.comment);
        else comments.delete(e.student);
      }
      return json(200, commentsAnswer());
    }
    if (url === '/api/cbc/comment_bank/' && method === 'GET') return json(200, { comments: bank });
    if (url === '/api/cbc/comment_bank/' && method === 'POST') {
      const added = { id: bank.length + 1, ...body };
      bank.push(added);
      return json(201, added);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
}

beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
afterEach(() => vi.unstubAllGlobals());

const openInputs = () =>
  renderWithApp(<ReportInputsPage />, {
    route: '/classes/:id/report-inputs',
    url: '/classes/9/report-inputs',
  });

describe('competencies, values and remarks', () => {
  it('saves a level at each tap, the words beside each code, and a tap again clears it', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi('teacher', { sent }));
    openInputs();
    expect(
      await screen.findByRole('heading', { name: '4 East: competencies, values and remarks' }),
    ).toBeTruthy();
    const citizenship = await screen.findByRole('group', { name: 'Citizenship' });
    const ee = within(citizenship).getByRole('button', { name: 'EE Exceeding Expectations' });
    expect(within(citizenship).getByText('Below Expectations')).toBeTruthy();
    fireEvent.click(ee);
    await waitFor(() => expect(ee.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/cbc/classes/9/ratings/',
      body: { term: 5, entries: [{ student: 21, name: 'Citizenship', level: 'EE' }] },
    });
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Achieng Otieno (1 of 15 rated)' })).toBeTruthy(),
    );
    fireEvent.click(ee);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({
      term: 5,
      entries: [{ student: 21, name: 'Citizenship', level: null }],
    });
    await waitFor(() => expect(ee.getAttribute('aria-pressed')).toBe('false'));
  });

  it('saves the class teacher’s remark and moves to the next learner; the head teacher’s stays the admin’s', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi('teacher', { sent }));
    openInputs();
    const remark = await screen.findByLabelText("Class teacher's remark");
    expect((screen.getByLabelText("Head teacher's remark") as HTMLTextAreaElement).readOnly).toBe(
      true,
    );
    fireEvent.change(remark, { target: { value: 'A kind and helpful learner.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and next learner' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      term: 5,
      entries: [{ student: 21, class_teacher_remark: 'A kind and helpful learner.' }],
    });
    expect(await screen.findByText(/Learner 2 of 2/)).toBeTruthy();
    expect((screen.getByLabelText("Class teacher's remark") as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a teacher who does not lead the class what is written, without the means to change it', async () => {
    vi.stubGlobal('fetch', fakeApi('teacher', { classTeacher: false }));
    openInputs();
    expect(
      await screen.findByText(/Only the class teacher of 4 East or an administrator can rate/),
    ).toBeTruthy();
    const love = screen.getByRole('group', { name: 'Love' });
    expect((within(love).getByRole('button', { name: /^EE/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByLabelText("Class teacher's remark") as HTMLTextAreaElement).readOnly).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('says so when the class has no learners, and when the reports cannot be read', async () => {
    vi.stubGlobal('fetch', fakeApi('admin', { learners: [] }));
    const first = openInputs();
    expect(await screen.findByText('No learners in this class')).toBeTruthy();
    first.unmount();
    vi.stubGlobal('fetch', fakeApi('admin', { failInputs: true }));
    openInputs();
    expect(await screen.findByText(/Could not load the class's reports/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});

describe('a learning area’s comments', () => {
  it('picks a comment from the bank at a level and saves it for the learner', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi('teacher', { sent }));
    renderWithApp(<CommentsPage />, { route: '/levels/:id/comments', url: '/levels/3/comments' });
    expect(
      await screen.findByRole('heading', { name: "English: teacher's comments" }),
    ).toBeTruthy();
    expect(await screen.findByText('0 of 2 learners have a comment in English.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Write Achieng Otieno's comment" }));
    const dialog = await screen.findByRole('dialog');
    // The bank opens at ME, each level with its words.
    fireEvent.click(
      await within(dialog).findByRole('button', { name: 'Good work. Keep practising.' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'EE - Exceeding Expectations' }));
    const excellent = within(dialog).getByRole('button', { name: 'Excellent work. Keep it up.' });
    fireEvent.click(excellent);
    await waitFor(() => expect(excellent.getAttribute('aria-pressed')).toBe('true'));
    expect((within(dialog).getByLabelText('Comment') as HTMLTextAreaElement).value).toBe(
      'Excellent work. Keep it up.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save comment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/cbc/classes/9/comments/',
      body: {
        term: 5,
        learning_area: 40,
        entries: [{ student: 21, comment: 'Excellent work. Keep it up.' }],
      },
    });
    expect(await screen.findByText('1 of 2 learners have a comment in English.')).toBeTruthy();
    expect(screen.getByText('Excellent work. Keep it up.')).toBeTruthy();
  });
});

describe('the comment bank', () => {
  it('lets an admin add a comment at a level', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi('admin', { sent }));
    renderWithApp(<CommentBankPage />);
    expect(
      await screen.findByRole('heading', { name: 'AE - Approaching Expectations' }),
    ).toBeTruthy();
    expect(screen.getByText('No comments at BE yet: teachers type their own.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a comment at BE' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The comment is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Comment'), {
      target: { value: 'Practise reading at home every day.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ level: 'BE', text: 'Practise reading at home every day.' });
    const list = await screen.findByRole('list', { name: 'Comments at BE' });
    expect(within(list).getByText('Practise reading at home every day.')).toBeTruthy();
  });

  it('is for administrators only', async () => {
    vi.stubGlobal('fetch', fakeApi('teacher'));
    renderWithApp(<CommentBankPage />);
    expect(await screen.findByText('Only administrators can see this page')).toBeTruthy();
  });
});
