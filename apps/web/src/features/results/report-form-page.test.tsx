import { KJSEA_LEARNING_AREAS, kjseaAreas } from '@shule/shared/kjsea';
import { sampleCard, sampleCombinedCard } from '@shule/shared/results/report-card-sample';
import type { ReportCard } from '@shule/shared/results/report-cards';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, schoolRow, sessionUser } from '../../test/render-page';
import { PRINT_DELAY_MS, ReportFormPage } from './report-form-page';

/** A stand-in API holding one report card (exam 3, class 7, student 100). */
function fakeApi(card: ReportCard | null = sampleCard(), role: 'admin' | 'teacher' = 'teacher') {
  const put: unknown[] = [];
  const asked: string[] = [];
  const patched: unknown[] = [];
  let school = schoolRow();
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/schools/7/' && method === 'GET') return json(200, school);
    if (url === '/api/schools/7/' && method === 'PATCH') {
      const body = JSON.parse(String(init?.body));
      patched.push(body);
      school = { ...school, ...body };
      return json(200, school);
    }
    if (url === '/api/students/100/') {
      return json(200, { id: 100, _class: { id: 7, name: '4 East' } });
    }
    if (url.startsWith('/api/exams/3/report_cards/?')) {
      asked.push(url);
      return json(200, { report_cards: card ? [card] : [] });
    }
    if (url === '/api/exams/3/report_cards/100/remarks/' && method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      put.push(body);
      return json(200, { class_teacher: body.class_teacher, principal: body.principal });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, put, asked, patched };
}

const renderPage = (url: string) =>
  renderWithApp(<ReportFormPage />, { route: '/exams/:id/report/:studentId', url });

const boxFigures = (label: string) => {
  const box = screen.getByTestId(`box-${label}`);
  return [
    within(box).getByTestId('this-exam').textContent,
    within(box).getByTestId('previous-exam').textContent,
  ];
};

describe('report form page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the numbers of the report card', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage('/exams/3/report/100?class=7');
    const form = await screen.findByRole('article', { name: 'Report form of Amina Wanjiru 0' });
    expect(api.asked).toEqual(['/api/exams/3/report_cards/?class=7&student=100&format=json']);
    expect(within(form).getByText('Alliance High School')).toBeTruthy();
    expect(within(form).getByText('P.O. Box 7-00902, Kikuyu')).toBeTruthy();
    expect(
      within(form).getByText('ACADEMIC REPORT FORM · Form 4 · End term · 2026 Term 2'),
    ).toBeTruthy();
    expect(within(form).getByText('ADM1000')).toBeTruthy();
    expect(boxFigures('MEAN GRADE')).toEqual(['B', 'B-']);
    expect(boxFigures('TOTAL MARKS')).toEqual(['512', '490']);
    expect(boxFigures('TOTAL POINTS')).toEqual(['64', '60']);
    expect(boxFigures('STREAM POSITION')).toEqual(['1', '1']);
    expect(boxFigures('OVERALL POSITION')).toEqual(['1', '3']);
    const english = within(form)
      .getByRole('rowheader', { name: /English/ })
      .closest('tr')!;
    expect(
      within(english)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['66', '-1', 'B', '9', '2/124', 'Good work; keep it up', '']);
    expect(within(form).getByText('Next term opens on 1 September 2026.')).toBeTruthy();
    expect(within(form).getByText('Fee balance: KES 12,500.00')).toBeTruthy();
    expect(
      within(form).getByRole('img', { name: /Opener 7.43, Mid term 8.57, End term 9.14/ }),
    ).toBeTruthy();
    expect((screen.getByLabelText("CLASS TEACHER'S REMARKS") as HTMLTextAreaElement).value).toBe(
      'Good.',
    );
  });

  it("shows a senior-school learner's KJSEA baseline under the summary", async () => {
    const kjsea = {
      ...kjseaAreas(Object.fromEntries(KJSEA_LEARNING_AREAS.map((a) => [a, 'ME2']))),
      out_of: 72,
    };
    vi.stubGlobal('fetch', fakeApi(sampleCard(0, { kjsea })).fetch);
    renderPage('/exams/3/report/100?class=7');
    const baseline = await screen.findByRole('region', { name: 'KJSEA baseline' });
    expect(within(baseline).getByText('45 / 72 points')).toBeTruthy();
    expect(baseline.textContent).toContain('English ME2 · Kiswahili ME2');
  });

  it('has no KJSEA baseline without one', async () => {
    vi.stubGlobal('fetch', fakeApi().fetch);
    renderPage('/exams/3/report/100?class=7');
    await screen.findByRole('article');
    expect(screen.queryByRole('region', { name: 'KJSEA baseline' })).toBeNull();
  });

  it('hides positions where the scheme does not rank', async () => {
    vi.stubGlobal('fetch', fakeApi(sampleCard(0, { ranks: false })).fetch);
    renderPage('/exams/3/report/100?class=7');
    await screen.findByRole('article');
    expect(screen.queryByTestId('box-STREAM POSITION')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'POS' })).toBeNull();
  });

  it("shows a combined exam's component marks before the combined mark, and what the * means", async () => {
    vi.stubGlobal('fetch', fakeApi(sampleCombinedCard()).fetch);
    renderPage('/exams/3/report/100?class=7');
    const form = await screen.findByRole('article');
    const heads = within(form)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(heads.slice(0, 4)).toEqual(['SUBJECT', 'CAT 1 30%', 'END TERM 70%', 'MARK']);
    const physics = within(form)
      .getByRole('rowheader', { name: /Physics/ })
      .closest('tr')!;
    expect(
      within(physics)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent),
    ).toEqual(['X', '58', '58*']);
    expect(
      within(form).getByText(
        'MARK combines CAT 1 (30%) and End term (70%). * A paper was missed (X) or not sat: the weights of the others were rescaled.',
      ),
    ).toBeTruthy();
  });

  it('finds the class from the student when the address does not name it', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage('/exams/3/report/100');
    await screen.findByRole('article');
    expect(api.asked).toEqual(['/api/exams/3/report_cards/?class=7&student=100&format=json']);
  });

  it('keeps edited remarks', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderPage('/exams/3/report/100?class=7');
    const teacher = (await screen.findByLabelText(
      "CLASS TEACHER'S REMARKS",
    )) as HTMLTextAreaElement;
    const save = screen.getByRole('button', { name: 'Save remarks' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(teacher, { target: { value: 'A steady term; aim higher in Kiswahili.' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Remarks saved')).toBeTruthy();
    expect(api.put).toEqual([
      { class_teacher: 'A steady term; aim higher in Kiswahili.', principal: 'Good.' },
    ]);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(teacher.value).toBe('A steady term; aim higher in Kiswahili.');
  });

  it('prints 500 ms after the form has loaded when opened to print', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    vi.stubGlobal('fetch', fakeApi().fetch);
    renderPage('/exams/3/report/100?class=7&print=1');
    await screen.findByRole('article');
    act(() => vi.advanceTimersByTime(PRINT_DELAY_MS - 50));
    expect(print).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(print).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('does not print by itself when opened to read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    vi.stubGlobal('fetch', fakeApi().fetch);
    renderPage('/exams/3/report/100?class=7');
    await screen.findByRole('article');
    act(() => vi.advanceTimersByTime(2000));
    expect(print).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('lets an admin print subject teachers as names, and shows the form again', async () => {
    const api = fakeApi(sampleCard(), 'admin');
    vi.stubGlobal('fetch', api.fetch);
    renderPage('/exams/3/report/100?class=7');
    const choice = (await screen.findByLabelText('Subject teachers on forms')) as HTMLSelectElement;
    expect(choice.value).toBe('initials');
    expect([...choice.options].map((o) => o.text)).toEqual(['Initials (JM)', 'Names (J. Mwangi)']);
    fireEvent.change(choice, { target: { value: 'name' } });
    expect(await screen.findByText('Subject teachers updated')).toBeTruthy();
    expect(api.patched).toEqual([{ report_teacher_names: 'name' }]);
    await waitFor(() => expect(api.asked).toHaveLength(2));
    expect(choice.value).toBe('name');
  });

  it('offers a teacher no choice of how teachers are named', async () => {
    vi.stubGlobal('fetch', fakeApi().fetch);
    renderPage('/exams/3/report/100?class=7');
    await screen.findByRole('article');
    expect(screen.queryByLabelText('Subject teachers on forms')).toBeNull();
  });

  it('says so when the student has no form in that class', async () => {
    vi.stubGlobal('fetch', fakeApi(null).fetch);
    renderPage('/exams/3/report/100?class=7');
    expect(await screen.findByText('This report form does not exist')).toBeTruthy();
  });
});
