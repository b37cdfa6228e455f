import { DEFAULT_SBA_COLUMNS, type SbaGradeInput, sbaCompleteness } from '@shule/shared/sba';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser, studentDetail } from '../../test/render-page';
import { SbaPage } from './sba-page';

const learner = (id: number, firstName: string, assessmentNumber: string | null) => ({
  id,
  classId: 40,
  firstName,
  lastName: 'Otieno',
  gender: 'female',
  admissionNumber: `A${id}`,
  upi: null,
  assessmentNumber,
  birthCertificateNames: null,
  reOption: 'CRE' as const,
  kiswahiliOption: 'KIS' as const,
  specialNeedsCode: null,
});

/** Grade 8 (level 3), 8 East: Achieng scored in Agriculture, Baraka not and without a number. */
const grade8: SbaGradeInput = {
  grade: { id: 3, name: 'Grade 8' },
  year: new Date().getFullYear(),
  scale: 'kjsea',
  classes: [{ id: 40, name: '8 East' }],
  learningAreas: [{ id: 9, name: 'Agriculture' }],
  learners: [learner(1, 'Achieng', '30412345001'), learner(2, 'Baraka', null)],
  assessments: [{ id: 5, learningArea: 9, kind: 'sba_project', date: '2026-07-01', outOf: null }],
  entries: [{ assessment: 5, student: 1, level: 'EE2', mark: null, absent: false }],
};

function fakeApi(
  answer: { status: number; body: unknown },
  levels = [{ id: 3, name: 'Grade 8', curriculum: 'cbc', classes: 1, school: 7 }],
  sent: unknown[] = [],
) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url.startsWith('/api/levels/?')) return json(200, { levels });
    if (url.startsWith('/api/cbc/sba/?grade=3')) return json(answer.status, answer.body);
    if (url === '/api/cbc/sba/settings/' && method === 'GET')
      return json(200, { columns: DEFAULT_SBA_COLUMNS, customised: false });
    if (url === '/api/cbc/sba/settings/' && method === 'PUT')
      return json(200, { columns: body.columns, customised: true });
    if (url === '/api/students/2/' && method === 'PATCH')
      return json(200, studentDetail({ id: 2, assessment_number: body.assessment_number }));
    if (url.startsWith('/api/cbc/sba/export/?grade=3'))
      return new Response('Assessment Number,Names\r\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="sba-grade-8-2026.csv"' },
      });
    return json(404, { message: `no route ${method} ${url}` });
  });
}

describe('SBA page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('names who has no score and no Assessment Number, with each score’s words', async () => {
    const fetch = fakeApi({ status: 200, body: sbaCompleteness(grade8) });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SbaPage />);
    expect(
      await screen.findByText('1 learner has no Agriculture SBA score: Baraka Otieno'),
    ).toBeTruthy();
    expect(screen.getByText(/1 learner has no Assessment Number/)).toBeTruthy();
    expect(screen.getByText('No Assessment Number', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('EE2')).toBeTruthy();
    expect(screen.getByText('Exceeding Expectations')).toBeTruthy();
    expect(screen.getByText('No score')).toBeTruthy();

    URL.createObjectURL = vi.fn(() => 'blob:sba');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/cbc/sba/export/'))).toBe(
        true,
      ),
    );
    expect(await screen.findByText('SBA file ready')).toBeTruthy();
  });

  it('shows a senior-school learner’s elective they do not take as not taken, never missing', async () => {
    const grade10: SbaGradeInput = {
      ...grade8,
      grade: { id: 3, name: 'Grade 10' },
      scale: 'rubric',
      learningAreas: [
        { id: 9, name: 'Chemistry' },
        { id: 10, name: 'Geography' },
      ],
      learners: [
        { ...learner(1, 'Achieng', '30412345001'), areasTaken: [9] },
        { ...learner(2, 'Baraka', '30412345002'), areasTaken: [10] },
      ],
      assessments: [
        { id: 5, learningArea: 9, kind: 'sba_project', date: '2026-07-01', outOf: null },
        { id: 6, learningArea: 10, kind: 'sba_project', date: '2026-07-01', outOf: null },
      ],
      entries: [
        { assessment: 5, student: 1, level: 'EE', mark: null, absent: false },
        { assessment: 6, student: 2, level: 'ME', mark: null, absent: false },
      ],
    };
    vi.stubGlobal(
      'fetch',
      fakeApi({ status: 200, body: sbaCompleteness(grade10) }, [
        { id: 3, name: 'Grade 10', curriculum: 'cbc', classes: 1, school: 7 },
      ]),
    );
    renderWithApp(<SbaPage />);
    expect(await screen.findByText(/Grade 10 \d+ is complete/)).toBeTruthy();
    expect(screen.getAllByText('Not taken')).toHaveLength(2);
    expect(screen.queryByText('No score')).toBeNull();
  });

  it('takes a missing Assessment Number in place, refusing a blank one', async () => {
    const sent: unknown[] = [];
    const fetch = fakeApi({ status: 200, body: sbaCompleteness(grade8) }, undefined, sent);
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SbaPage />);
    const form = await screen.findByRole('form', { name: 'Assessment Number of Baraka Otieno' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the Assessment Number')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Assessment Number of Baraka Otieno'), {
      target: { value: '30412345002' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Assessment Number saved')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/students/2/', body: { assessment_number: '30412345002' } },
    ]);
    // The grade is read again.
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/cbc/sba/?')).length,
      ).toBe(2),
    );
  });

  it('saves the column order the school sets', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi({ status: 200, body: sbaCompleteness(grade8) }, undefined, sent),
    );
    renderWithApp(<SbaPage />);
    const list = await screen.findByRole('list', { name: 'Columns of the export' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: 'Move Names up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Gender' }));
    fireEvent.click(screen.getByRole('button', { name: 'Class' }));
    // Required columns cannot be removed.
    expect(
      (screen.getByRole('button', { name: 'Remove Assessment Number' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('Column order saved')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/cbc/sba/settings/',
        body: {
          columns: [
            'names',
            'assessment_number',
            're_option',
            'kiswahili_option',
            'special_needs_code',
            'learning_areas',
            'class',
          ],
        },
      },
    ]);
  });

  it('says when it could not load, and when the school has no CBC grade', async () => {
    vi.stubGlobal('fetch', fakeApi({ status: 500, body: { message: 'Server down' } }));
    const { unmount } = renderWithApp(<SbaPage />);
    expect(await screen.findByText(/Could not load the SBA scores/)).toBeTruthy();
    unmount();
    vi.stubGlobal(
      'fetch',
      fakeApi({ status: 200, body: {} }, [
        { id: 8, name: 'Form 3', curriculum: '8-4-4', classes: 2, school: 7 },
      ]),
    );
    renderWithApp(<SbaPage />);
    expect(await screen.findByText('No CBC grades yet')).toBeTruthy();
  });
});
