import type { Exam } from '@shule/shared/exams';
import {
  type ClassSubject,
  markOutOfRangeMessage,
  type StudentMarksRow,
} from '@shule/shared/scores';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { ExamGradingPage } from './exam-grading-page';

const exam: Exam = {
  id: 5,
  name: 'Mid Term 1',
  start_date: '2025-02-17',
  end_date: '2025-02-21',
  is_completed: false,
  is_ongoing: false,
  status: 'Completed',
  school: 7,
  term: null,
  grading_scheme: null,
  classes: [],
  levels: [],
  components: [],
};

const math = { id: 11, name: 'Mathematics', code: 'MAT' };
const english = { id: 12, name: 'English', code: 'ENG' };

const student = (
  id: number,
  first: string,
  subjects: number[] | null = null,
  marks: StudentMarksRow['marks'] = {},
): StudentMarksRow => ({
  id,
  first_name: first,
  last_name: 'Kamau',
  admission_number: String(id).padStart(4, '0'),
  marks,
  subjects,
});

interface FakeClass {
  id: number;
  name: string;
  subjects: ClassSubject[];
  students: StudentMarksRow[];
}

/** A stand-in API holding one exam's marks, per class. */
function fakeApi(classes: FakeClass[], failSave = false, shown: Exam = exam) {
  const posted: unknown[] = [];
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser('teacher'));
    if (url === '/api/grades/exams/5/') return json(200, shown);
    if (url === '/api/grades/exams/?school=7') {
      return json(200, [
        shown,
        { ...exam, id: 3, name: 'CAT 1' },
        { ...exam, id: 4, name: 'End term' },
      ]);
    }
    if (url === '/api/classes/?school=7') {
      return json(200, { classes: classes.map((c) => classRow(c.id, c.name)) });
    }
    const listed = /^\/api\/students\/students_with_grades\/\?exam=5&class=(\d+)$/.exec(url);
    if (listed) {
      asked.push(url);
      const k = classes.find((c) => c.id === Number(listed[1]))!;
      return json(200, {
        class: { id: k.id, name: k.name },
        subjects: k.subjects,
        students: k.students,
      });
    }
    if (url === '/api/grades/student_subject_grades/' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      posted.push(body);
      if (failSave) return json(500, { message: 'Something went wrong on our side.' });
      const k = classes.find((c) => c.students.some((x) => x.id === body.student))!;
      const s = k.students.find((x) => x.id === body.student)!;
      s.marks = Object.fromEntries(
        Object.entries({ ...s.marks, ...(body.subject_marks as Record<string, string | null>) })
          .filter(([, v]) => v !== null)
          .map(([id, v]) => [id, v === 'X' || v === 'Y' ? v : Number(v)]),
      );
      return json(200, {
        message: 'ok',
        student: s.id,
        exam: 5,
        subject_scores: Object.entries(s.marks).map(([id, score]) => ({
          subject: Number(id),
          subject__name: k.subjects.find((x) => x.id === Number(id))!.name,
          score,
        })),
      });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, posted, asked };
}

const renderPage = (url = '/exams/5') =>
  renderWithApp(<ExamGradingPage />, { route: '/exams/:id', url });

describe('exam grading page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the school has no classes, and when the class has no students', async () => {
    vi.stubGlobal('fetch', fakeApi([]).fetch);
    const { unmount } = renderPage();
    expect(await screen.findByText('No classes yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mid Term 1', level: 1 })).toBeTruthy();
    unmount();

    vi.stubGlobal(
      'fetch',
      fakeApi([{ id: 1, name: 'Form 1 East', subjects: [], students: [] }]).fetch,
    );
    renderPage();
    expect(await screen.findByText('No students in Form 1 East yet')).toBeTruthy();
  });

  it('offers only the classes that sit the exam, and says so when none does', async () => {
    const classes = [
      { id: 1, name: 'Form 1 East', subjects: [math], students: [student(1, 'Wanjiru')] },
      { id: 2, name: 'Form 2 West', subjects: [english], students: [student(2, 'Baraka')] },
      { id: 3, name: 'Form 3 North', subjects: [english], students: [student(3, 'Otieno')] },
    ];
    vi.stubGlobal('fetch', fakeApi(classes, false, { ...exam, classes: [2, 3] }).fetch);
    const { unmount } = renderPage('/exams/5?class=1');
    expect(await screen.findByRole('button', { name: /Baraka Kamau/ })).toBeTruthy();
    const picker = screen.getByLabelText('Class') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.text)).toEqual(['Form 2 West', 'Form 3 North']);
    unmount();

    vi.stubGlobal('fetch', fakeApi(classes, false, { ...exam, classes: [9] }).fetch);
    renderPage();
    expect(await screen.findByText('No class sits this exam')).toBeTruthy();
  });

  it('loads the first class, then only the class chosen', async () => {
    const api = fakeApi([
      { id: 1, name: 'Form 1 East', subjects: [math], students: [student(1, 'Wanjiru')] },
      { id: 2, name: 'Form 2 West', subjects: [english], students: [student(2, 'Baraka')] },
    ]);
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    expect(await screen.findByRole('button', { name: /Wanjiru Kamau/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Baraka Kamau/ })).toBeNull();
    expect(api.asked).toEqual(['/api/students/students_with_grades/?exam=5&class=1']);

    fireEvent.change(screen.getByLabelText('Class'), { target: { value: '2' } });
    fireEvent.click(await screen.findByRole('button', { name: /Baraka Kamau/ }));
    expect(screen.queryByRole('button', { name: /Wanjiru Kamau/ })).toBeNull();
    expect(screen.getByLabelText('English')).toBeTruthy();
    expect(api.asked).toEqual([
      '/api/students/students_with_grades/?exam=5&class=1',
      '/api/students/students_with_grades/?exam=5&class=2',
    ]);
  });

  it('offers what other features give for the class shown', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([
        {
          id: 1,
          name: 'Form 1 East',
          subjects: [math],
          students: [student(1, 'Wanjiru'), student(2, 'Baraka')],
        },
      ]).fetch,
    );
    renderWithApp(
      <ExamGradingPage
        classActions={(c) => (
          <p>
            {c.examId}/{c.classId} {c.className}: {c.students}
          </p>
        )}
      />,
      { route: '/exams/:id', url: '/exams/5' },
    );
    expect(await screen.findByText('5/1 Form 1 East: 2')).toBeTruthy();
  });

  it('opens the class named in the address', async () => {
    const api = fakeApi([
      { id: 1, name: 'Form 1 East', subjects: [math], students: [student(1, 'Wanjiru')] },
      { id: 2, name: 'Form 2 West', subjects: [math], students: [student(2, 'Baraka')] },
    ]);
    vi.stubGlobal('fetch', api.fetch);
    renderPage('/exams/5?class=2');
    expect(await screen.findByRole('button', { name: /Baraka Kamau/ })).toBeTruthy();
    expect(api.asked).toEqual(['/api/students/students_with_grades/?exam=5&class=2']);
  });

  it('expands and collapses a student; Save is enabled only after an edit; marks are posted', async () => {
    const api = fakeApi([
      {
        id: 1,
        name: 'Form 1 East',
        subjects: [english, math],
        students: [student(1, 'Wanjiru'), student(2, 'Baraka')],
      },
      { id: 3, name: 'Form 3', subjects: [], students: [student(3, 'Chebet')] },
    ]);
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const toggle = await screen.findByRole('button', { name: /Wanjiru Kamau/ });
    expect(
      screen.getByRole('link', { name: 'Print Report of Wanjiru Kamau' }).getAttribute('href'),
    ).toBe('/exams/5/report/1?class=1&print=1');
    expect(
      (screen.getByRole('button', { name: 'Generate Merit List' }) as HTMLButtonElement).disabled,
    ).toBe(false);

    fireEvent.click(toggle);
    const panel = screen.getByRole('region', { name: 'Scores of Wanjiru Kamau' });
    const save = within(panel).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(within(panel).getByLabelText('Mathematics'), { target: { value: '140' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await within(panel).findByText(markOutOfRangeMessage('Mathematics'))).toBeTruthy();
    expect(api.posted).toEqual([]);

    fireEvent.change(within(panel).getByLabelText('Mathematics'), { target: { value: '78' } });
    fireEvent.click(save);
    expect(await screen.findByText('Scores updated successfully')).toBeTruthy();
    expect(api.posted).toEqual([{ student: 1, exam: 5, subject_marks: { '11': '78' } }]);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(screen.getByText('1/2 scored')).toBeTruthy();
    expect(screen.getByText('0/2 scored')).toBeTruthy();

    fireEvent.click(toggle);
    expect(screen.queryByRole('region', { name: 'Scores of Wanjiru Kamau' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Class'), { target: { value: '3' } });
    fireEvent.click(await screen.findByRole('button', { name: /Chebet Kamau/ }));
    expect(screen.getByText(/No subjects for Form 3 yet/)).toBeTruthy();
  });

  it('keeps the typed marks and offers Try Again when a save fails', async () => {
    const api = fakeApi(
      [{ id: 1, name: 'Form 1 East', subjects: [math], students: [student(1, 'Wanjiru')] }],
      true,
    );
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Wanjiru Kamau/ }));
    const input = screen.getByLabelText('Mathematics') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '55' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Scores could not be updated')).toBeTruthy();
    expect(screen.getByText('Student scores could not be updated')).toBeTruthy();
    expect(input.value).toBe('55');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(api.posted).toHaveLength(2));
  });

  it('takes X and Y in either case, shows them upper case and posts them as "X" and "Y"', async () => {
    const api = fakeApi([
      {
        id: 1,
        name: 'Form 4 East',
        subjects: [english, math],
        students: [student(1, 'Wanjiru', null, { 12: 'Y' })],
      },
    ]);
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Wanjiru Kamau/ }));
    const panel = screen.getByRole('region', { name: 'Scores of Wanjiru Kamau' });
    expect(within(panel).getByText(/X/, { selector: 'strong' }).parentElement?.textContent).toBe(
      'Marks from 0 to 100 · X absent · Y withheld · empty for no mark',
    );
    const english_ = within(panel).getByLabelText('English') as HTMLInputElement;
    expect(english_.value).toBe('Y');
    expect(screen.getByText('1/2 scored')).toBeTruthy();

    const maths = within(panel).getByLabelText('Mathematics') as HTMLInputElement;
    fireEvent.change(maths, { target: { value: 'x' } });
    expect(maths.value).toBe('X');
    const save = within(panel).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    fireEvent.change(maths, { target: { value: 'z' } });
    fireEvent.click(save);
    expect(await within(panel).findByText(markOutOfRangeMessage('Mathematics'))).toBeTruthy();
    expect(api.posted).toEqual([]);

    fireEvent.change(maths, { target: { value: 'x' } });
    fireEvent.change(english_, { target: { value: ' 64 ' } });
    fireEvent.click(save);
    expect(await screen.findByText('Scores updated successfully')).toBeTruthy();
    expect(api.posted).toEqual([{ student: 1, exam: 5, subject_marks: { '11': 'X', '12': '64' } }]);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(maths.value).toBe('X');
    expect(screen.getByText('2/2 scored')).toBeTruthy();
  });

  it('shows a dash, not an input, for a subject the student does not take', async () => {
    const api = fakeApi([
      {
        id: 1,
        name: 'Form 4 East',
        subjects: [english, math],
        students: [student(1, 'Wanjiru', [12]), student(2, 'Baraka', null)],
      },
    ]);
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Wanjiru Kamau/ }));
    const panel = screen.getByRole('region', { name: 'Scores of Wanjiru Kamau' });
    expect(within(panel).queryByLabelText('Mathematics')).toBeNull();
    expect(within(panel).getByText('Does not take Mathematics')).toBeTruthy();
    expect(within(panel).getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByText('0/1 scored')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('English'), { target: { value: '70' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(api.posted[0]).toEqual({ student: 1, exam: 5, subject_marks: { '12': '70' } });

    // A student without a list of their own takes every subject of the class.
    fireEvent.click(screen.getByRole('button', { name: /Baraka Kamau/ }));
    const other = screen.getByRole('region', { name: 'Scores of Baraka Kamau' });
    expect(within(other).getByLabelText('Mathematics')).toBeTruthy();
    expect(within(other).getByLabelText('English')).toBeTruthy();
  });
  it('shows that a combined exam takes its marks from its components, linking to them, with no inputs', async () => {
    const combined: Exam = {
      ...exam,
      name: 'Term 1 result',
      components: [
        { exam: 3, weight: 30 },
        { exam: 4, weight: 70 },
      ],
    };
    const students = [student(21, 'Akinyi', null, {})];
    vi.stubGlobal(
      'fetch',
      fakeApi([{ id: 1, name: '4 East', subjects: [math], students }], false, combined).fetch,
    );
    renderPage();
    const parts = await screen.findByRole('list', { name: 'Exams it combines' });
    await waitFor(() =>
      expect(within(parts).getByRole('link', { name: 'CAT 1' }).getAttribute('href')).toBe(
        '/exams/3',
      ),
    );
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CAT 1 30%', 'End term 70%']);
    expect(
      screen.getByText(
        'Term 1 result combines other exams: its marks are worked out from theirs, not typed in.',
      ),
    ).toBeTruthy();
    // Each student's report form to print, and nothing to type.
    const list = await screen.findByRole('list', { name: 'Students' });
    expect(within(list).getByRole('link', { name: 'Print Report of Akinyi Kamau' })).toBeTruthy();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
