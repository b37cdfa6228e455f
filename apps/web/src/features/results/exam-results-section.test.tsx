import type { StudentExamResult } from '@shule/shared/results/student-results';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderStudentSections, sessionUser, studentDetail } from '../../test/render-page';
import { ExamResultsSection } from './exam-results-section';

const opener: StudentExamResult = {
  exam: { id: 5, name: 'Opener', start_date: '2026-01-12', end_date: '2026-01-16' },
  class: { id: 3, name: '4 East' },
  subjects_marked: 8,
  mean_score: 57.5,
};

function fakeApi(exams: StudentExamResult[] = []) {
  return vi.fn(async (url: string) => {
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/students/21/') return json(200, studentDetail());
    if (url === '/api/students/21/results/') return json(200, { exams });
    return json(404, { message: `no route ${url}` });
  });
}

const renderSection = () =>
  renderStudentSections(({ student }) => <ExamResultsSection student={student} />);

describe('the exams sat, on the student page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the exams sat, each linking to the report form of the class sat in', async () => {
    vi.stubGlobal('fetch', fakeApi([opener]));
    renderSection();
    const list = await screen.findByRole('list', { name: 'Exams sat' });
    expect(within(list).getByText('Opener')).toBeTruthy();
    expect(
      within(list).getByText(/12 Jan 2026 · 4 East · 8 subjects marked · mean mark 57\.5/),
    ).toBeTruthy();
    expect(
      within(list)
        .getByRole('link', { name: /Report form.*Opener/ })
        .getAttribute('href'),
    ).toBe('/exams/5/report/21?class=3');
  });

  it('says so when the student has no marks yet', async () => {
    vi.stubGlobal('fetch', fakeApi());
    renderSection();
    expect(await screen.findByText(/No marks yet/)).toBeTruthy();
  });
});
