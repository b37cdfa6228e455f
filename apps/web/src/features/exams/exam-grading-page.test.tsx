import type { Exam } from '@shule/shared/exams';
import type { StudentWithScores } from '@shule/shared/scores';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
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
};

const student = (id: number, first: string, subjects: StudentWithScores['subjects']) => ({
  id,
  first_name: first,
  last_name: 'Kamau',
  admission_number: String(id).padStart(4, '0'),
  _class: { id: 1, name: 'Form 1 East' },
  subjects,
  subject_scores: [] as StudentWithScores['subject_scores'],
});

const math = { id: 11, name: 'Mathematics', code: 'MAT' };
const english = { id: 12, name: 'English', code: 'ENG' };

/** A stand-in API holding one exam's marks. */
function fakeApi(students: StudentWithScores[], failSave = false) {
  const posted: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser('teacher'));
    if (url === '/api/grades/exams/5/') return json(200, exam);
    if (url === '/api/students/students_with_grades/?exam=5') return json(200, students);
    if (url === '/api/grades/student_subject_grades/' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      posted.push(body);
      if (failSave) return json(500, { message: 'Something went wrong on our side.' });
      const s = students.find((x) => x.id === body.student)!;
      s.subject_scores = Object.entries(body.subject_marks as Record<string, string | null>)
        .filter(([, v]) => v !== null)
        .map(([id, v]) => ({
          subject: Number(id),
          subject__name: s.subjects.find((x) => x.id === Number(id))!.name,
          score: Number(v),
        }));
      return json(200, {
        message: 'ok',
        student: s.id,
        exam: 5,
        subject_scores: s.subject_scores,
      });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, posted };
}

const renderPage = () =>
  renderWithApp(<ExamGradingPage />, { route: '/exams/:id', url: '/exams/5' });

describe('exam grading page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('says so when there are no students', async () => {
    vi.stubGlobal('fetch', fakeApi([]).fetch);
    renderPage();
    expect(await screen.findByText('No students yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Grading' })).toBeTruthy();
  });

  it('expands and collapses a student; Save is enabled only after an edit; marks are posted', async () => {
    const api = fakeApi([student(1, 'Wanjiru', [english, math]), student(2, 'Baraka', [])]);
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const toggle = await screen.findByRole('button', { name: /Wanjiru Kamau/ });
    expect(
      (screen.getAllByRole('button', { name: 'Print Report' })[0] as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Generate Merit List' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(toggle);
    const panel = screen.getByRole('region', { name: 'Scores of Wanjiru Kamau' });
    const save = within(panel).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(within(panel).getByLabelText('Mathematics'), { target: { value: '140' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(
      await within(panel).findByText('Score for Mathematics must be a number from 0 to 100'),
    ).toBeTruthy();
    expect(api.posted).toEqual([]);

    fireEvent.change(within(panel).getByLabelText('Mathematics'), { target: { value: '78' } });
    fireEvent.click(save);
    expect(await screen.findByText('Scores updated successfully')).toBeTruthy();
    expect(api.posted).toEqual([{ student: 1, exam: 5, subject_marks: { '11': '78' } }]);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(screen.getByText('1/2 scored')).toBeTruthy();

    fireEvent.click(toggle);
    expect(screen.queryByRole('region', { name: 'Scores of Wanjiru Kamau' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Baraka Kamau/ }));
    expect(screen.getByText(/No subjects for Form 1 East yet/)).toBeTruthy();
  });

  it('keeps the typed marks and offers Try Again when a save fails', async () => {
    const api = fakeApi([student(1, 'Wanjiru', [math])], true);
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
});
