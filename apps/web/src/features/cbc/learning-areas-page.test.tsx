import { defaultLearningAreas } from '@shule/shared/cbc';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { LearningAreasPage } from './learning-areas-page';

interface FakeArea {
  id: number;
  name: string;
  level: number;
  strands: number;
}

/** A stand-in API for one school: Grade 7 (level 3) on CBC, with what the test gives it. */
function fakeApi(role: 'admin' | 'teacher', areas: FakeArea[], sent: unknown[] = []) {
  const strands: {
    id: number;
    learning_area: number;
    strand: string;
    sub_strand: string | null;
  }[] = [];
  let nextId = 50;
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url.startsWith('/api/levels/?'))
      return json(200, {
        levels: [{ id: 3, name: 'Grade 7', curriculum: 'cbc', classes: 2, school: 7 }],
      });
    if (url === '/api/cbc/settings/')
      return json(
        200,
        method === 'PUT'
          ? {
              strand_rule: body.strand_rule,
              strand_rule_label: 'The level given most often',
              strand_rule_statement: "Each strand's level is the one given most often this term.",
            }
          : {
              strand_rule: 'latest',
              strand_rule_label: 'The latest level assessed',
              strand_rule_statement: "Each strand's level is the latest assessed this term.",
            },
      );
    if (url === '/api/cbc/learning_areas/?level=3')
      return json(200, {
        learning_areas: areas.map((a) => ({
          ...a,
          strands: strands.filter((s) => s.learning_area === a.id).length,
        })),
      });
    if (url === '/api/cbc/levels/3/default_learning_areas/') {
      areas.push(
        ...defaultLearningAreas('Grade 7').map((name) => ({
          id: nextId++,
          name,
          level: 3,
          strands: 0,
        })),
      );
      return json(200, { learning_areas: areas });
    }
    const strandsOf = /^\/api\/cbc\/strands\/\?learning_area=(\d+)$/.exec(url);
    if (strandsOf)
      return json(200, {
        strands: strands.filter((s) => s.learning_area === Number(strandsOf[1])),
      });
    if (url === '/api/cbc/strands/' && method === 'POST') {
      if (
        strands.some((s) => s.strand === body.strand && s.sub_strand === (body.sub_strand ?? null))
      )
        return json(409, { message: 'This learning area already has this strand' });
      const strand = { id: nextId++, ...body, sub_strand: body.sub_strand ?? null };
      strands.push(strand);
      return json(201, strand);
    }
    const area = /^\/api\/cbc\/learning_areas\/(\d+)\/$/.exec(url);
    if (area && method === 'DELETE') {
      areas.splice(
        areas.findIndex((a) => a.id === Number(area[1])),
        1,
      );
      return json(204, null);
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
}

const renderPage = () =>
  renderWithApp(<LearningAreasPage />, { route: '/levels/:id', url: '/levels/3' });

describe('learning areas page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('starts an empty level from its usual learning areas', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', fakeApi('admin', [], sent));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Grade 7: learning areas' })).toBeTruthy();
    expect(await screen.findByText('No learning areas yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add the usual learning areas' }));
    const list = await screen.findByRole('list', { name: 'Learning areas' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(9));
    expect(within(list).getByText('Pre-Technical Studies')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'POST', url: '/api/cbc/levels/3/default_learning_areas/', body: {} },
    ]);
  });

  it("changes the school's strand rule from the level's page", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', fakeApi('admin', [], sent));
    renderPage();
    const rule = await screen.findByRole('combobox', { name: "A strand's level for the term" });
    expect(screen.getByText("Each strand's level is the latest assessed this term.")).toBeTruthy();
    fireEvent.change(rule, { target: { value: 'most_frequent' } });
    expect(
      await screen.findByText("Each strand's level is the one given most often this term."),
    ).toBeTruthy();
    expect(sent).toEqual([
      { method: 'PUT', url: '/api/cbc/settings/', body: { strand_rule: 'most_frequent' } },
    ]);
  });

  it('adds strands under a learning area, keeping the strand for its next sub-strand', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi('admin', [{ id: 1, name: 'Mathematics', level: 3, strands: 0 }], sent),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Mathematics/ }));
    expect(await screen.findByText(/No strands yet/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a strand to Mathematics' });
    fireEvent.change(within(form).getByLabelText('Strand'), { target: { value: 'Numbers' } });
    fireEvent.change(within(form).getByLabelText('Sub-strand (optional)'), {
      target: { value: 'Integers' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add strand' }));
    expect(await screen.findByText('Numbers: Integers')).toBeTruthy();
    expect((within(form).getByLabelText('Strand') as HTMLInputElement).value).toBe('Numbers');
    expect((within(form).getByLabelText('Sub-strand (optional)') as HTMLInputElement).value).toBe(
      '',
    );
    // The same again: the server's reason is shown, nothing lost from the form.
    fireEvent.change(within(form).getByLabelText('Sub-strand (optional)'), {
      target: { value: 'Integers' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add strand' }));
    expect(
      await screen.findAllByText('This learning area already has this strand'),
    ).not.toHaveLength(0);
    expect((within(form).getByLabelText('Sub-strand (optional)') as HTMLInputElement).value).toBe(
      'Integers',
    );
    // A blank strand is refused before it is sent.
    fireEvent.change(within(form).getByLabelText('Strand'), { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add strand' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Strand').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(sent).toHaveLength(2);
  });

  it('asks before deleting a learning area', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi('admin', [{ id: 1, name: 'French', level: 3, strands: 0 }], sent),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete French' }));
    expect(await screen.findByText('Delete French?')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No learning areas yet')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'DELETE', url: '/api/cbc/learning_areas/1/', body: undefined },
    ]);
  });

  it('shows a teacher the learning areas and strands without the means to change them', async () => {
    vi.stubGlobal('fetch', fakeApi('teacher', [{ id: 1, name: 'English', level: 3, strands: 0 }]));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^English/ }));
    expect(await screen.findByText(/No strands yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add learning area' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a strand to English' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete English' })).toBeNull();
    // The progress report's comments are a teacher's to write; the bank is an admin's to edit.
    expect(screen.getByRole('link', { name: 'Comments in English' }).getAttribute('href')).toBe(
      '/levels/3/comments?area=1',
    );
    expect(screen.getByRole('link', { name: 'Teacher comments' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Comment bank' })).toBeNull();
  });
});
