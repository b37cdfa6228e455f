import type { PromotionPreview } from '@shule/shared/promotion';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderWithApp, sessionUser } from '../../test/render-page';
import { PromotionPage } from './promotion-page';

const classes = [
  classRow(1, '1 East', 40, 'Form 1'),
  classRow(2, '1 West', 38, 'Form 1'),
  classRow(3, '2 East', 0, 'Form 2'),
  classRow(4, '2 West', 0, 'Form 2'),
];

const preview: PromotionPreview = {
  level: 'Form 1',
  next_level: 'Form 2',
  classes: [
    { id: 1, name: '1 East', students: 40, target: { id: 3, name: '2 East' }, alumni: false },
    { id: 2, name: '1 West', students: 38, target: null, alumni: false },
  ],
  targets: [
    { id: 3, name: '2 East', level: 'Form 2', students: 0 },
    { id: 4, name: '2 West', level: 'Form 2', students: 0 },
  ],
};

function fakeApi(role: 'admin' | 'teacher' = 'admin') {
  const sent: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/classes/?school=7') return json(200, { classes });
    if (url === '/api/classes/promotion/?level=Form+1') return json(200, preview);
    if (url === '/api/classes/promotion/' && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return json(200, {
        moved: 78,
        alumni: 0,
        message: 'Moved 78 students to their new classes.',
      });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, sent };
}

describe('promotion page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('previews the level, asks with the count, and sends every chosen move', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PromotionPage />);
    const east = await screen.findByLabelText('Where 1 East goes');
    expect((east as HTMLSelectElement).value).toBe('3');
    // No class of the same stream: the admin chooses, until then 1 West stays.
    expect((screen.getByLabelText('Where 1 West goes') as HTMLSelectElement).value).toBe('');
    expect(screen.getByText(/1 West will stay where it is/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Where 1 West goes'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Promote Form 1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Move 78 students of Form 1 up to their new classes?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toEqual({
      level: 'Form 1',
      moves: [
        { from: 1, to: 3 },
        { from: 2, to: 4 },
      ],
    });
    expect((await screen.findAllByText('Moved 78 students to their new classes.')).length).toBe(2);
  });

  it('tells a teacher that promotion is for administrators', async () => {
    vi.stubGlobal('fetch', fakeApi('teacher').fetch);
    renderWithApp(<PromotionPage />);
    expect(
      await screen.findByText("Only the school's administrators promote students."),
    ).toBeTruthy();
  });
});
