import { categoryInUseMessage, FEE_STRUCTURE_MESSAGES } from '@shule/shared/fee-structures';
import { MONEY_MESSAGES } from '@shule/shared/fees';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMINS_ONLY } from '../../components/admin-only';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { category, line, structureOf, term } from './fee-fixtures';
import { FeeStructurePage } from './fee-structure-page';

type Sent = { method: string; url: string; body: unknown };

/** A stand-in for the fee structure routes, keeping what is saved. */
function fakeApi(
  role: 'admin' | 'teacher' = 'admin',
  start = {
    categories: [category(1, 'Tuition', { structure_lines: 1 })],
    amounts: [line(10, 1, 4, 1_500_000)],
  },
) {
  const sent: Sent[] = [];
  let { categories, amounts } = start;
  const structure = () => structureOf(categories, amounts);
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    sent.push({ method, url, body });
    if (url === '/api/fees/terms/?school=7') {
      return json(200, {
        terms: [
          term(1, 'Term 1', { status: 'Completed', start_date: '2026-01-05' }),
          term(2, 'Term 2'),
        ],
      });
    }
    if (url === '/api/fees/categories/' && method === 'GET') return json(200, { categories });
    if (url === '/api/fees/categories/' && method === 'POST') {
      const created = category(2, body.name, { ...body, description: body.description || null });
      categories = [...categories, created];
      return json(201, created);
    }
    const one = /^\/api\/fees\/categories\/(\d+)\/$/.exec(url);
    if (one && method === 'PATCH') {
      categories = categories.map((c) => (c.id === Number(one[1]) ? { ...c, ...body } : c));
      return json(
        200,
        categories.find((c) => c.id === Number(one[1])),
      );
    }
    if (one && method === 'DELETE') {
      const found = categories.find((c) => c.id === Number(one[1]))!;
      if (found.structure_lines > 0) {
        return json(409, {
          message: categoryInUseMessage(found.name, 'the fee structure of Term 2'),
        });
      }
      categories = categories.filter((c) => c !== found);
      return json(204, null);
    }
    if (url === '/api/fees/structures/?term=2') return json(200, structure());
    if (url === '/api/fees/structures/' && method === 'PUT') {
      const kept = body.categories
        ? amounts.filter((a) => !body.categories.includes(a.category))
        : [];
      amounts = [
        ...kept,
        ...body.amounts.map(
          (a: { category: number; class: number; amount_cents: number }, i: number) =>
            line(100 + i, a.category, a.class, a.amount_cents),
        ),
      ];
      return json(200, structure());
    }
    if (url === '/api/fees/structures/2/apply/preview/') {
      return json(200, { billed_students: 3, new_charges: 4, total_cents: 6_000_000 });
    }
    if (url === '/api/fees/structures/2/apply/' && method === 'POST') {
      return json(200, { billed_students: 3, new_charges: 4, total_cents: 6_000_000 });
    }
    return json(404, { message: `no route ${method} ${url}` });
  });
  return { fetch, sent, writes: () => sent.filter((s) => s.method !== 'GET') };
}

describe('the fee structure screen', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('adds a fee category with the amounts of the ticked classes for the term on screen', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeeStructurePage />);
    await screen.findByRole('list', { name: 'Fee categories' });
    expect(screen.getAllByTestId('fee-category').map((c) => c.textContent)).toEqual([
      'TuitionTermlyTuition1 class amount',
    ]);
    expect(screen.getByLabelText('Term')).toHaveProperty('value', '2');

    fireEvent.click(screen.getByRole('button', { name: 'Add Fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Fee Category' });
    expect(
      within(dialog).getByText('Fill the details below to add a new fee category'),
    ).toBeTruthy();
    // Name and duration required; an amount box works only once its class is ticked.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Fee' }));
    expect(await within(dialog).findByText('Category name is required')).toBeTruthy();
    expect(within(dialog).getByText(FEE_STRUCTURE_MESSAGES.duration)).toBeTruthy();
    const east = within(dialog).getByLabelText('Amount for 4 East') as HTMLInputElement;
    expect(east.disabled).toBe(true);

    fireEvent.input(within(dialog).getByLabelText('Category name'), {
      target: { value: 'Boarding' },
    });
    fireEvent.change(within(dialog).getByLabelText('Duration'), { target: { value: 'termly' } });
    fireEvent.change(within(dialog).getByLabelText('Vote head'), { target: { value: 'boarding' } });
    fireEvent.click(within(dialog).getByLabelText('4 East'));
    await waitFor(() => expect(east.disabled).toBe(false));
    fireEvent.input(east, { target: { value: '12,500.5x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Fee' }));
    expect(await within(dialog).findByText(MONEY_MESSAGES.amount)).toBeTruthy();
    expect(api.writes()).toEqual([]);

    fireEvent.input(east, { target: { value: '12,500.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Fee' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/fees/categories/',
        body: {
          name: 'Boarding',
          applies_to: 'all',
          duration: 'termly',
          vote_head: 'boarding',
        },
      },
      {
        method: 'PUT',
        url: '/api/fees/structures/',
        body: {
          term: 2,
          categories: [2],
          amounts: [{ class: 4, amount_cents: 1_250_050, category: 2 }],
        },
      },
    ]);
    expect(await screen.findByText('Fee category added')).toBeTruthy();
    // The new category's box for 4 East shows what was saved.
    expect(await screen.findByLabelText('Boarding for 4 East')).toHaveProperty('value', '12500.50');
  });

  it('saves the term amounts typed in shillings, then bills the term', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeeStructurePage />);
    const east = await screen.findByLabelText('Tuition for 4 East');
    expect(east).toHaveProperty('value', '15000');
    const bill = screen.getByRole('button', { name: 'Bill this term' });
    const save = screen.getByRole('button', { name: 'Save amounts' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByLabelText('Tuition for 4 West'), { target: { value: '0' } });
    expect(bill).toHaveProperty('disabled', true);
    fireEvent.click(save);
    expect(await screen.findByText(MONEY_MESSAGES.positive)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tuition for 4 West'), { target: { value: '14,000' } });
    fireEvent.click(save);
    expect(await screen.findByText('Fee structure saved')).toBeTruthy();
    expect(api.writes()[0]).toEqual({
      method: 'PUT',
      url: '/api/fees/structures/',
      body: {
        term: 2,
        amounts: [
          { category: 1, class: 4, amount_cents: 1_500_000 },
          { category: 1, class: 5, amount_cents: 1_400_000 },
        ],
      },
    });
    await waitFor(() => expect(bill).toHaveProperty('disabled', false));
    fireEvent.click(bill);
    const confirm = await screen.findByRole('dialog', { name: 'Bill Term 2 2026?' });
    // Before it charges: how many students, and how much in all.
    expect(
      await within(confirm).findByText('This charges 3 students KES 60,000.00 in all (4 charges).'),
    ).toBeTruthy();
    expect(api.writes()).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Bill 3 students' }));
    expect(
      await screen.findByText('Billed 3 students: 4 new charges, KES 60,000.00 in all.'),
    ).toBeTruthy();
    expect(api.writes()[1]).toMatchObject({ method: 'POST', url: '/api/fees/structures/2/apply/' });
  });

  it('shows a billed amount as fixed, not as a box', async () => {
    const api = fakeApi('admin', {
      categories: [category(1, 'Tuition', { structure_lines: 1, billed_students: 3 })],
      amounts: [line(10, 1, 4, 1_500_000, 3)],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeeStructurePage />);
    expect(await screen.findByText('billed to 3 students')).toBeTruthy();
    expect(screen.queryByLabelText('Tuition for 4 East')).toBeNull();
    expect(screen.getByLabelText('Tuition for 4 West')).toBeTruthy();
  });

  it("edits a category and its classes' amounts, and says why one in a structure is not deleted", async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeeStructurePage />);
    await screen.findByLabelText('Tuition for 4 East');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Tuition' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Fee Category' });
    expect(within(dialog).getByLabelText('Category name')).toHaveProperty('value', 'Tuition');
    expect(within(dialog).getByLabelText('Amount for 4 East')).toHaveProperty('value', '15000');
    expect(within(dialog).getByLabelText('Amount for 4 West')).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Applies to'), { target: { value: 'new' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '4 West' }));
    fireEvent.input(within(dialog).getByLabelText('Amount for 4 West'), {
      target: { value: '9000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([
      { method: 'PATCH', url: '/api/fees/categories/1/', body: { applies_to: 'new' } },
      {
        method: 'PUT',
        url: '/api/fees/structures/',
        body: {
          term: 2,
          categories: [1],
          amounts: [
            { class: 4, amount_cents: 1_500_000, category: 1 },
            { class: 5, amount_cents: 900_000, category: 1 },
          ],
        },
      },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Tuition' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        `Could not delete fee category. ${categoryInUseMessage('Tuition', 'the fee structure of Term 2')}`,
      ),
    ).toBeTruthy();
  });

  it('tells a teacher it is for admins, asking nothing about money', async () => {
    const api = fakeApi('teacher');
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<FeeStructurePage />);
    expect(await screen.findByText(ADMINS_ONLY)).toBeTruthy();
    expect(api.sent.filter((s) => s.url.startsWith('/api/fees/'))).toEqual([]);
  });
});
