import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../lib/save-file';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { EntryListButton } from './entry-list-button';

vi.mock('../../lib/save-file', () => ({ saveFile: vi.fn() }));

function fakeApi(missing: number) {
  return vi.fn(async (url: string) => {
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (url === '/api/senior/entry_list/?level=Grade%2010')
      return new Response('Assessment Number,Admission Number\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="entry-list-grade-10.csv"',
          'x-missing-choices': String(missing),
        },
      });
    return json(404, { message: `no route ${url}` });
  });
}

describe('the entry list button', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(saveFile).mockClear();
  });

  it("saves the level's CSV and says how many learners have no choice", async () => {
    vi.stubGlobal('fetch', fakeApi(2));
    renderWithApp(<EntryListButton level="Grade 10" />);
    fireEvent.click(screen.getByRole('button', { name: 'Grade 10 entry list (CSV)' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'entry-list-grade-10.csv'),
    );
    expect(
      await screen.findByText('2 learners have no subject choice yet: their subjects are empty'),
    ).toBeTruthy();
  });

  it('says the file is ready when every learner has a choice', async () => {
    vi.stubGlobal('fetch', fakeApi(0));
    renderWithApp(<EntryListButton level="Grade 10" />);
    fireEvent.click(screen.getByRole('button', { name: 'Grade 10 entry list (CSV)' }));
    expect(await screen.findByText('The file is in your downloads')).toBeTruthy();
  });
});
