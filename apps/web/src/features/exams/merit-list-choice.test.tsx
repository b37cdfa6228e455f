import type { Exam } from '@shule/shared/exams';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { GenerateMeritListButton } from './merit-list-choice';

const exam = (sittings: Partial<Pick<Exam, 'classes' | 'levels'>> = {}): Exam => ({
  id: 5,
  name: 'End Term',
  start_date: '2026-07-27',
  end_date: '2026-07-31',
  is_completed: false,
  is_ongoing: false,
  status: 'Completed',
  school: 7,
  term: null,
  grading_scheme: null,
  classes: [],
  levels: [],
  components: [],
  ...sittings,
});

const classes = [
  classRow(1, '4 East', 30, 'Form 4'),
  classRow(2, '4 West', 30, 'Form 4'),
  classRow(3, '3 North', 30, 'Form 3'),
  classRow(4, 'Remedial', 5, null),
];

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderButton(role: 'admin' | 'teacher', theExam = exam(), currentClassId?: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/users/user/' ? json(200, sessionUser(role)) : json(404, { message: url }),
    ),
  );
  renderWithApp(
    <Routes>
      <Route
        path="/"
        element={
          <GenerateMeritListButton
            exam={theExam}
            classes={classes}
            currentClassId={currentClassId}
          />
        }
      />
      <Route path="/exams/:id/merit-list" element={<Location />} />
    </Routes>,
  );
}

const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('Generate Merit List', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('opens the list of the class being graded, or of another class', async () => {
    renderButton('admin', exam(), 2);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Merit List' }));
    expect(radio(/A class/).checked).toBe(true);
    const select = screen.getByLabelText('Class') as HTMLSelectElement;
    expect(select.value).toBe('2');
    expect([...select.options].map((o) => o.text)).toEqual([
      '4 East (Form 4)',
      '4 West (Form 4)',
      '3 North (Form 3)',
      'Remedial',
    ]);
    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open merit list' }));
    expect(screen.getByTestId('location').textContent).toBe('/exams/5/merit-list?class=4');
  });

  it('offers the levels of the classes (a class without a level only as a class)', async () => {
    renderButton('admin', exam(), 1);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Merit List' }));
    await waitFor(() => expect(radio(/A whole level/).disabled).toBe(false));
    fireEvent.click(radio(/A whole level/));
    const select = screen.getByLabelText('Level') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['Form 3', 'Form 4']);
    expect(select.value).toBe('Form 4');
    fireEvent.click(screen.getByRole('button', { name: 'Open merit list' }));
    expect(screen.getByTestId('location').textContent).toBe('/exams/5/merit-list?level=Form%204');
  });

  it('offers only the classes and levels that sit the exam', async () => {
    renderButton('admin', exam({ levels: ['Form 3'], classes: [4] }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Merit List' }));
    const classes = screen.getByLabelText('Class') as HTMLSelectElement;
    expect([...classes.options].map((o) => o.text)).toEqual(['3 North (Form 3)', 'Remedial']);
    await waitFor(() => expect(radio(/A whole level/).disabled).toBe(false));
    fireEvent.click(radio(/A whole level/));
    const levels = screen.getByLabelText('Level') as HTMLSelectElement;
    expect([...levels.options].map((o) => o.value)).toEqual(['Form 3']);
  });

  it('keeps a level’s list for admins', async () => {
    renderButton('teacher');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Merit List' }));
    expect(await screen.findByText('A level’s list is for admins.')).toBeTruthy();
    expect(radio(/A whole level/).disabled).toBe(true);
  });
});
