import type { Assessment } from '@shule/shared/cbc-assessments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { AssessmentsPage } from './assessments-page';

const made = (changes: Partial<Assessment> = {}): Assessment => ({
  id: 31,
  class: { id: 2, name: '8 East' },
  learning_area: { id: 7, name: 'Mathematics' },
  kind: 'observation',
  date: '2026-11-20',
  title: 'Integers on a number line',
  out_of: null,
  scale: 'kjsea',
  strands: [{ id: 10, strand: 'Numbers', sub_strand: 'Integers' }],
  ...changes,
});

/** 8 East (Grade 8, level 3) and its Mathematics (7) with one strand; `list` its assessments. */
function fakeApi(list: Assessment[], sent: unknown[] = []) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/user/') return json(200, sessionUser('teacher'));
    if (url.startsWith('/api/classes/?')) {
      return json(200, { classes: [classRow(2, '8 East', 3, 'Grade 8')] });
    }
    if (url.startsWith('/api/levels/?')) {
      return json(200, {
        levels: [{ id: 3, name: 'Grade 8', curriculum: 'cbc', classes: 1, school: 7 }],
      });
    }
    if (url === '/api/cbc/learning_areas/?level=3') {
      return json(200, {
        learning_areas: [{ id: 7, name: 'Mathematics', level: 3, strands: 1 }],
      });
    }
    if (url === '/api/cbc/strands/?learning_area=7') {
      return json(200, {
        strands: [{ id: 10, learning_area: 7, strand: 'Numbers', sub_strand: 'Integers' }],
      });
    }
    if (url === '/api/cbc/assessments/?class=2&learning_area=7') {
      return json(200, { assessments: list });
    }
    if (url === '/api/cbc/assessments/' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      const created = made({ id: 32, kind: body.kind, title: null, out_of: body.out_of ?? null });
      list.unshift(created);
      return json(201, created);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
}

const renderPage = () =>
  renderWithApp(<AssessmentsPage />, {
    route: '/assessments',
    url: '/assessments?class=2&learning_area=7',
  });

describe('assessments of a class in a learning area', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists them newest first, each opening its entry screen', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi([
        made(),
        made({ id: 30, kind: 'summative_test', title: null, out_of: 50, strands: [] }),
      ]),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: '8 East · Mathematics' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Assessments' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/assessments/31',
      '/assessments/30',
    ]);
    expect(links[0]!.textContent).toContain('Observation · Integers on a number line');
    expect(links[0]!.textContent).toContain('Numbers: Integers');
    expect(links[1]!.textContent).toContain('Mathematics as a whole · out of 50');
  });

  it('adds a test with its strands and out-of mark', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', fakeApi([], sent));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New assessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New assessment' });
    expect(within(dialog).queryByLabelText('Out of (optional)')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Kind'), {
      target: { value: 'summative_test' },
    });
    fireEvent.change(await within(dialog).findByLabelText('Out of (optional)'), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Numbers: Integers' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Out of must be at least 1')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Out of (optional)'), {
      target: { value: '50' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      class: 2,
      learning_area: 7,
      kind: 'summative_test',
      strands: [10],
      out_of: 50,
    });
    expect(await screen.findByText('Assessment added')).toBeTruthy();
  });
});
