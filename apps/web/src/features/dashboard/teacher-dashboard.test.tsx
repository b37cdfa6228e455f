import type { TeacherDashboard as Data } from '@shule/shared/teacher-dashboard';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { NO_ASSIGNMENTS_TITLE, NO_OPEN_EXAMS_TEXT, TeacherDashboard } from './teacher-dashboard';

const west = { id: 3, name: 'Form 2 West' };
const mat = { id: 5, name: 'Mathematics', code: 'MAT' };
const eng = { id: 6, name: 'English', code: 'ENG' };

const full: Data = {
  assignments: [
    { class: west, subject: eng },
    { class: west, subject: mat },
  ],
  learning_areas: [],
  open_exams: [
    {
      exam: { id: 9, name: 'Mid term', start_date: '2026-11-23', end_date: '2026-11-27' },
      items: [
        { class: west, subject: eng, entered: 45, owed: 45 },
        { class: west, subject: mat, entered: 38, owed: 45 },
      ],
    },
  ],
  my_class: {
    id: 3,
    name: 'Form 2 West',
    count: 2,
    students: [
      {
        id: 21,
        first_name: 'Amina',
        last_name: 'Wanjiru',
        admission_number: '0021',
        gender: 'female',
      },
      {
        id: 22,
        first_name: 'Baraka',
        last_name: 'Otieno',
        admission_number: '0022',
        gender: 'male',
      },
    ],
  },
};

/** How far a row's bar is filled (the link's name says the same in words). */
const barWidth = (row: HTMLElement) =>
  (within(row).getByTestId('marks-bar').firstElementChild as HTMLElement).style.width;

function renderDashboard(...answers: Response[]) {
  // The register card asks for the attendance summary: it gets a 404 here (attendance-cards.test).
  const fetch = vi.fn(async (url: string) =>
    url.startsWith('/api/attendance/')
      ? json(404, { message: 'Not found' })
      : (answers.shift() ?? json(500, { message: 'no more' })),
  );
  vi.stubGlobal('fetch', fetch);
  renderWithApp(<TeacherDashboard />);
  return fetch;
}

describe('teacher dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links the CBC term summary of each class of mine on CBC, and of no other', async () => {
    tokenStorage.setTokens('access', 'refresh');
    const grade8 = { id: 4, name: '8 East' };
    const data: Data = {
      ...full,
      assignments: [...full.assignments, { class: grade8, subject: mat }],
    };
    const klass = (c: { id: number; name: string }, level: string) => ({
      ...c,
      level,
      totalStudents: 0,
      boys: 0,
      girls: 0,
      class_teacher: null,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/users/user/') return json(200, sessionUser('teacher'));
        if (url === '/api/dashboard/teacher/') return json(200, data);
        if (url.startsWith('/api/classes/?'))
          return json(200, {
            classes: [
              klass(west, 'Form 2'),
              klass(grade8, 'Grade 8'),
              klass({ id: 5, name: '8 West' }, 'Grade 8'),
            ],
          });
        if (url.startsWith('/api/levels/?'))
          return json(200, {
            levels: [
              { id: 1, name: 'Form 2', curriculum: '8-4-4', classes: 1, school: 7 },
              { id: 2, name: 'Grade 8', curriculum: 'cbc', classes: 2, school: 7 },
            ],
          });
        return json(404, { message: 'Not found' });
      }),
    );
    renderWithApp(<TeacherDashboard />);
    const link = await screen.findByRole('link', { name: /8 East: levels by learning area/ });
    expect(link.getAttribute('href')).toBe('/cbc/classes/4/summary');
    expect(screen.getAllByRole('link', { name: /levels by learning area/ })).toHaveLength(1);
    tokenStorage.clear();
  });

  it('shows the marks entered of owed per open exam, each linking to its mark entry', async () => {
    renderDashboard(json(200, full));
    const link = await screen.findByRole('link', {
      name: 'Enter marks: Form 2 West · Mathematics, 38 of 45 entered',
    });
    expect(link.getAttribute('href')).toBe('/exams/9/marks?class=3&subject=5');
    expect(within(link).getByText('38 of 45')).toBeTruthy();
    expect(barWidth(link)).toBe('84%');
    expect(screen.getByText(/83 of 90 marks entered/)).toBeTruthy();
    const done = screen.getByRole('link', { name: /Form 2 West · English, 45 of 45/ });
    expect(barWidth(done)).toBe('100%');
  });

  it('lists my classes and subjects, and my class with links to its students', async () => {
    renderDashboard(json(200, full));
    const subjects = await screen.findByRole('list', { name: 'Subjects in Form 2 West' });
    expect(
      within(subjects)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['English', 'Mathematics']);
    expect(screen.getByRole('heading', { name: 'My class: Form 2 West' })).toBeTruthy();
    expect(screen.getByText('2 students')).toBeTruthy();
    const amina = screen.getByRole('link', { name: /Amina Wanjiru/ });
    expect(amina.getAttribute('href')).toBe('/students/21');
    expect(amina.textContent).toContain('0021');
  });

  it('says what to do when nothing is assigned, and shows no class when I lead none', async () => {
    renderDashboard(json(200, { assignments: [], open_exams: [], my_class: null }));
    expect(await screen.findByText(NO_ASSIGNMENTS_TITLE)).toBeTruthy();
    expect(screen.getByText(/Ask your school's administrator to assign you/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /My class/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Marks to enter' })).toBeNull();
  });

  it('lists my CBC learning areas, each opening its assessments', async () => {
    renderDashboard(
      json(200, {
        ...full,
        assignments: [],
        open_exams: [],
        learning_areas: [
          { class: { id: 7, name: '7 East' }, learning_area: { id: 40, name: 'Mathematics' } },
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'My learning areas' });
    const link = within(list).getByRole('link', { name: /7 East · Mathematics/ });
    expect(link.getAttribute('href')).toBe('/assessments?class=7&learning_area=40');
    expect(screen.queryByText(NO_ASSIGNMENTS_TITLE)).toBeNull();
  });

  it('shows the teaching groups I teach, each linking to its mark entry by group', async () => {
    const chemistry = { id: 12, name: 'Chemistry', code: 'CHE' };
    const group = { id: 31, name: 'Grade 10 Chemistry 1' };
    renderDashboard(
      json(200, {
        ...full,
        assignments: [],
        my_class: null,
        open_exams: [
          {
            exam: full.open_exams[0]!.exam,
            items: [],
            groups: [{ group, subject: chemistry, entered: 10, owed: 40 }],
          },
        ],
        groups: [{ group, level: 'Grade 10', subject: chemistry, size: 40 }],
      }),
    );
    const link = await screen.findByRole('link', {
      name: 'Enter marks: Grade 10 Chemistry 1, 10 of 40 entered',
    });
    expect(link.getAttribute('href')).toBe('/exams/9/marks?group=31&subject=12');
    const mine = screen.getByRole('list', { name: 'My teaching groups' });
    expect(within(mine).getByText('40 learners')).toBeTruthy();
    expect(screen.queryByText(NO_ASSIGNMENTS_TITLE)).toBeNull();
  });

  it('says when no exam is open', async () => {
    renderDashboard(json(200, { ...full, open_exams: [] }));
    expect(await screen.findByText(NO_OPEN_EXAMS_TEXT)).toBeTruthy();
  });

  it('shows the error with Try Again, which asks again', async () => {
    const fetch = renderDashboard(json(500, { message: 'Server is down' }), json(200, full));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load your dashboard. Server is down',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('38 of 45')).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/dashboard/teacher/')).toHaveLength(2);
  });
});
