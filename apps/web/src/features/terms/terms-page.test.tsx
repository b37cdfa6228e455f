import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { TermsPage } from './terms-page';

describe('terms page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('heads the year column "Academic year" and dates terms in Kenyan order', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/users/user/') return json(200, sessionUser('admin'));
        if (url.startsWith('/api/fees/terms/'))
          return json(200, {
            terms: [
              {
                id: 1,
                name: 'Term 3',
                start_date: '2026-08-24',
                end_date: '2026-10-30',
                status: 'active',
                academic_year: { id: 2, name: '2026' },
                school: 7,
              },
            ],
          });
        if (url.startsWith('/api/fees/academic_years/')) return json(200, { academic_years: [] });
        return json(404, { message: `no route ${url}` });
      }),
    );
    renderWithApp(<TermsPage />);
    const table = (await screen.findAllByRole('table'))[0]!;
    await within(table).findByText('Term 3');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Academic year');
    expect(within(table).getByText('24 Aug 2026')).toBeTruthy();
  });
});
