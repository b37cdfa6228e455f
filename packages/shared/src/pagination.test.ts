import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PAGINATION_MESSAGES,
  pageCount,
  paginationQuery,
  searchField,
} from './pagination';

describe('paginationQuery', () => {
  it('defaults to the first page of DEFAULT_PAGE_SIZE and reads numbers from the query string', () => {
    expect(paginationQuery.parse({})).toEqual({ page: 1, page_size: DEFAULT_PAGE_SIZE });
    expect(paginationQuery.parse({ page: '3', page_size: '20' })).toEqual({
      page: 3,
      page_size: 20,
    });
  });

  it.each([
    [{ page: '0' }, 'page', PAGINATION_MESSAGES.page],
    [{ page: '2.5' }, 'page', PAGINATION_MESSAGES.page],
    [{ page: 'two' }, 'page', PAGINATION_MESSAGES.page],
    [{ page: '100001' }, 'page', PAGINATION_MESSAGES.page],
    [{ page_size: '0' }, 'page_size', PAGINATION_MESSAGES.pageSize],
    [{ page_size: String(MAX_PAGE_SIZE + 1) }, 'page_size', PAGINATION_MESSAGES.pageSize],
  ])('refuses %o with the field message', (query, field, message) => {
    const result = paginationQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [field, message],
    ]);
  });
});

describe('searchField', () => {
  it('trims, and refuses long searches and control characters', () => {
    expect(searchField.parse('  wanj ')).toBe('wanj');
    expect(searchField.parse(undefined)).toBeUndefined();
    expect(searchField.safeParse('a'.repeat(101)).error?.issues[0]?.message).toBe(
      PAGINATION_MESSAGES.searchLength,
    );
    expect(searchField.safeParse('a\u0000b').error?.issues[0]?.message).toBe(
      PAGINATION_MESSAGES.searchCharacters,
    );
  });
});

describe('pageCount', () => {
  it('counts whole pages, and one page when there is nothing', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(2000, 50)).toBe(40);
  });
});
