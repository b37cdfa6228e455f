import type { FeeCategory, FeeStructure } from '@shule/shared/fee-structures';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderSetupStep } from '../../test/render-page';
import { fakeSetupApi, type Sent, setupState } from '../../test/setup-api';
import { SetupFeesReview } from './setup-fees-review';
import { SetupFeesStep } from './setup-fees-step';

const terms = [
  { id: 11, name: 'Term 1', start_date: '2026-01-05', end_date: '2026-04-02' },
  { id: 12, name: 'Term 2', start_date: '2026-04-27', end_date: '2026-07-31' },
];
const classes = [
  { id: 4, name: '4 East', level: 'Form 4' },
  { id: 5, name: '4 West', level: 'Form 4' },
];
const state = setupState({
  step: 5,
  academic_year: { id: 3, name: '2026', start_date: '2026-01-05', end_date: '2026-11-27' },
  terms,
  classes,
});
const tuition: FeeCategory = {
  id: 21,
  name: 'Tuition',
  applies_to: 'all',
  duration: 'termly',
  vote_head: 'tuition',
  description: null,
  structure_lines: 2,
  billed_students: 0,
};
/** Tuition saved in Term 1 only: KES 12,500 for 4 East. */
const structure = (termId: number): FeeStructure => ({
  term: { ...terms.find((t) => t.id === termId)!, academic_year: { id: 3, name: '2026' } },
  classes,
  categories: [tuition],
  amounts:
    termId === 11
      ? [{ id: 1, category: 21, class: 4, amount_cents: 1_250_000, billed_students: 0 }]
      : [],
  class_totals: [],
  billed_students: 0,
});

/** The wizard's API with Tuition saved in Term 1. */
const fakeApi = (sent: Sent[]) =>
  fakeSetupApi(state, sent, ({ method, url, body }) => {
    if (url === '/api/fees/categories/' && method === 'GET') {
      return json(200, { categories: [tuition] });
    }
    if (url === '/api/fees/categories/' && method === 'POST') {
      return json(201, { ...tuition, ...body, id: 22 });
    }
    const term = /^\/api\/fees\/structures\/\?term=(\d+)$/.exec(url);
    if (term) return json(200, structure(Number(term[1])));
    if (url === '/api/fees/structures/' && method === 'PUT') return json(200, structure(body.term));
  });

describe('the wizard’s fees step', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('reads a saved fee back, leaves it alone when unchanged and saves a new one term by term', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(sent));
    renderSetupStep((state) => <SetupFeesStep state={state} />);

    const saved = await screen.findByRole('listitem', { name: 'Fee 1' });
    expect(within(saved).getByLabelText('Fee Category Name')).toHaveProperty('value', 'Tuition');
    expect(within(saved).getByRole('checkbox', { name: 'Term 1' })).toHaveProperty('checked', true);
    expect(within(saved).getByRole('checkbox', { name: 'Term 2' })).toHaveProperty(
      'checked',
      false,
    );
    expect(within(saved).getByLabelText('4 East amount')).toHaveProperty('value', '12500');
    expect(within(saved).getByLabelText('4 West amount')).toHaveProperty('disabled', true);
    // A saved fee is changed here, not removed.
    expect(within(saved).queryByRole('button', { name: 'Remove fee 1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add another fee' }));
    const added = screen.getByRole('listitem', { name: 'Fee 2' });
    fireEvent.change(within(added).getByLabelText('Fee Category Name'), {
      target: { value: 'Lunch' },
    });
    fireEvent.change(within(added).getByLabelText('Duration'), { target: { value: 'monthly' } });
    fireEvent.change(within(added).getByLabelText('Vote Head'), { target: { value: 'lunch' } });
    fireEvent.click(within(added).getByRole('checkbox', { name: 'Term 2' }));
    fireEvent.change(within(added).getByLabelText('4 East amount'), { target: { value: '3,000' } });
    fireEvent.change(within(added).getByLabelText('4 West amount'), {
      target: { value: '3000.50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    // Then on to the review.
    await waitFor(() => expect(sent.at(-1)?.body).toEqual({ school: 7, step: 6 }));
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/fees/categories/',
      'PUT /api/fees/structures/',
      'PUT /api/fees/structures/',
      'PUT /api/setup/',
    ]);
    expect(sent[0]!.body).toEqual({
      name: 'Lunch',
      applies_to: 'all',
      duration: 'monthly',
      vote_head: 'lunch',
    });
    // Term 1 carries Lunch; Term 2 (unticked) loses any Lunch line; Tuition is untouched.
    expect(sent[1]!.body).toEqual({
      term: 11,
      categories: [22],
      amounts: [
        { category: 22, class: 4, amount_cents: 300_000 },
        { category: 22, class: 5, amount_cents: 300_050 },
      ],
    });
    expect(sent[2]!.body).toEqual({ term: 12, categories: [22], amounts: [] });
  });

  it('shows each fee field’s message before saving anything', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(sent));
    renderSetupStep((state) => <SetupFeesStep state={state} />);
    await screen.findByRole('listitem', { name: 'Fee 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Add another fee' }));
    const added = screen.getByRole('listitem', { name: 'Fee 2' });
    fireEvent.click(within(added).getByRole('checkbox', { name: 'Term 1' }));
    fireEvent.click(within(added).getByRole('checkbox', { name: 'Term 2' }));
    fireEvent.change(within(added).getByLabelText('4 East amount'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(added).findByText('Category name is required')).toBeTruthy();
    expect(within(added).getByText('Duration is required')).toBeTruthy();
    expect(within(added).getByText('Choose at least one term')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('reviews each saved fee with its terms and what each class pays, Edit back to the fees', async () => {
    vi.stubGlobal('fetch', fakeApi([]));
    const onEdit = vi.fn();
    renderSetupStep((state) => <SetupFeesReview state={state} onEdit={onEdit} busy={false} />);
    expect(await screen.findByText('(Termly; Term 1)')).toBeTruthy();
    expect(screen.getByText('4 East KES 12,500.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(5);
  });
});
