import type { ClassRow } from '@shule/shared/classes';
import { classHasStudentsMessage } from '@shule/shared/classes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { ClassesPage } from './classes-page';

const curricula = new Map<number, string>();

/** The levels the classes name, as GET /api/levels/ answers them (ids by first appearance). */
function levelsOf(classes: ClassRow[]) {
  const names = [...new Set(classes.map((c) => c.level).filter((l): l is string => l != null))];
  return names.sort().map((name, i) => ({
    id: i + 1,
    name,
    curriculum: curricula.get(i + 1) ?? (name.startsWith('Form') ? '8-4-4' : 'cbc'),
    classes: classes.filter((c) => c.level === name).length,
    school: 7,
  }));
}

/** A stand-in API that, like the real one, lists classes by name. */
function fakeApi(initial: ClassRow[], sent: { method: string; body: unknown }[] = []) {
  let classes = [...initial];
  let nextId = 100;
  const sorted = () => [...classes].sort((a, b) => a.name.localeCompare(b.name));
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (body) sent.push({ method, body });
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url.startsWith('/api/schools/7/teachers')) return json(200, { teachers: [] });
    if (url.startsWith('/api/classes/?') && method === 'GET')
      return json(200, { classes: sorted() });
    if (url.startsWith('/api/levels/?')) return json(200, { levels: levelsOf(classes) });
    const level = /^\/api\/levels\/(\d+)\/$/.exec(url);
    if (level && method === 'PATCH') {
      curricula.set(Number(level[1]), body.curriculum);
      return json(
        200,
        levelsOf(classes).find((l) => l.id === Number(level[1])),
      );
    }
    if (url.startsWith('/api/classes/?') && method === 'POST') {
      const created = classRow(nextId++, body.name, 0, body.level ?? null);
      classes.push(created);
      return json(201, { class: created });
    }
    const match = /^\/api\/classes\/(\d+)\/$/.exec(url);
    if (match) {
      const id = Number(match[1]);
      const found = classes.find((c) => c.id === id)!;
      if (method === 'PATCH') {
        Object.assign(found, body);
        return json(200, found);
      }
      if (method === 'DELETE') {
        if (found.totalStudents > 0)
          return json(409, { message: classHasStudentsMessage(found.totalStudents) });
        classes = classes.filter((c) => c.id !== id);
        return json(204, null);
      }
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
}

const renderPage = () => renderWithApp(<ClassesPage />);

const namesInTable = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);

describe('classes page', () => {
  beforeEach(() => {
    tokenStorage.setTokens('access', 'refresh');
    curricula.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty state with its Create class button', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    renderPage();
    expect(await screen.findByText('No Classes Available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create class' })).toBeTruthy();
  });

  it('puts a created class in its place by name and keeps a renamed one where it was', async () => {
    vi.stubGlobal('fetch', fakeApi([classRow(1, 'Form 1'), classRow(2, 'Form 3')]));
    renderPage();
    await screen.findAllByText('Form 3');
    expect(namesInTable()).toEqual(['Form 1', 'Form 3']);

    fireEvent.click(screen.getByRole('button', { name: 'Add class' }));
    fireEvent.change(await screen.findByLabelText('Class Name'), { target: { value: 'Form 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Class' }));
    await waitFor(() => expect(namesInTable()).toEqual(['Form 1', 'Form 2', 'Form 3']));

    fireEvent.click(screen.getAllByRole('button', { name: 'Edit Form 1' })[0]!);
    const name = await screen.findByLabelText('Class Name');
    fireEvent.change(name, { target: { value: 'Zebra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The server would list it last (by name); on this page it stays where it was.
    await waitFor(() => expect(namesInTable()).toEqual(['Zebra', 'Form 2', 'Form 3']));
  });

  it("shows the server's reason when a class with students cannot be deleted", async () => {
    vi.stubGlobal('fetch', fakeApi([classRow(1, 'Form 1', 3)]));
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete Form 1' }))[0]!);
    expect(await screen.findByText('Are you sure you want to delete this class ?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(classHasStudentsMessage(3))).toBeTruthy();
    expect(namesInTable()).toEqual(['Form 1']);
  });

  it('creates a class with a level, suggesting the levels the school already has', async () => {
    const sent: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        [
          classRow(1, '4 East', 0, 'Form 4'),
          classRow(2, '4 West', 0, 'Form 4'),
          classRow(3, '3 East', 0, 'Form 3'),
          classRow(4, 'Remedial'),
        ],
        sent,
      ),
    );
    renderPage();
    await screen.findAllByText('4 West');
    const levels = () =>
      within(screen.getAllByRole('table')[0]!)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelectorAll('td')[1]?.textContent);
    expect(levels()).toEqual(['Form 3', 'Form 4', 'Form 4', '—']);

    fireEvent.click(screen.getByRole('button', { name: 'Add class' }));
    const level = (await screen.findByLabelText('Level')) as HTMLInputElement;
    const suggestions = document.getElementById(level.getAttribute('list')!)!;
    expect([...suggestions.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'Form 3',
      'Form 4',
    ]);
    fireEvent.change(screen.getByLabelText('Class Name'), { target: { value: '3 West' } });
    fireEvent.change(level, { target: { value: ' Form 3 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Class' }));
    await waitFor(() => expect(namesInTable()[1]).toBe('3 West'));
    expect(sent).toEqual([{ method: 'POST', body: { name: '3 West', level: 'Form 3' } }]);
    expect(levels()[1]).toBe('Form 3');
    // On a phone each class is a card, its level beside its name.
    const card = within(screen.getByRole('list', { name: 'Classes' })).getAllByTestId(
      'class-card',
    )[1]!;
    expect(within(card).getByText('3 West')).toBeTruthy();
    expect(within(card).getByText('Form 3')).toBeTruthy();
  });

  it('sends a changed level only, and clears it when emptied', async () => {
    const sent: { method: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', fakeApi([classRow(1, '4 East', 0, 'Form 4')], sent));
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit 4 East' }))[0]!);
    const level = (await screen.findByLabelText('Level')) as HTMLInputElement;
    expect(level.value).toBe('Form 4');
    fireEvent.change(screen.getByLabelText('Class Name'), { target: { value: '4 North' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(namesInTable()).toEqual(['4 North']));
    expect(sent).toEqual([{ method: 'PATCH', body: { name: '4 North' } }]);

    fireEvent.click(screen.getAllByRole('button', { name: 'Edit 4 North' })[0]!);
    fireEvent.change(await screen.findByLabelText('Level'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ method: 'PATCH', body: { level: null } });
  });

  it('shows each level’s curriculum and lets an admin move Grade 10 onto it', async () => {
    const sent: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      fakeApi(
        [
          classRow(1, '4 East', 0, 'Form 4'),
          classRow(2, '4 West', 0, 'Form 4'),
          classRow(3, '10 East', 0, 'Grade 10'),
        ],
        sent,
      ),
    );
    renderPage();
    const card = within(await screen.findByRole('region', { name: 'Levels and curricula' }));
    const form4 = (await card.findByLabelText('Curriculum of Form 4')) as HTMLSelectElement;
    expect(form4.value).toBe('8-4-4');
    expect(card.getByText('2 classes')).toBeTruthy();
    const grade10 = card.getByLabelText('Curriculum of Grade 10') as HTMLSelectElement;
    expect(grade10.value).toBe('cbc');
    fireEvent.change(grade10, { target: { value: '8-4-4' } });
    expect(await screen.findByText('Grade 10 is on 8-4-4 (KCSE)')).toBeTruthy();
    expect(sent).toEqual([{ method: 'PATCH', body: { curriculum: '8-4-4' } }]);
    expect((card.getByLabelText('Curriculum of Grade 10') as HTMLSelectElement).value).toBe(
      '8-4-4',
    );
  });
});
