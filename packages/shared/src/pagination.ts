import { z } from 'zod';
import { boundedText, controlCharactersMessage, tooLongMessage } from './fields';

/**
 * Lists that grow with a school (students, later payments and messages) answer one page at a
 * time, searched and filtered on the server (docs/decisions/006-lists-that-scale.md).
 */

/** The most rows one page may ask for: 100 slim rows stay well under 50 KB compressed. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;
/** Past this a page number is a mistake, not a school; it also keeps the offset in range. */
export const MAX_PAGE = 100_000;
export const MAX_SEARCH_LENGTH = 100;

export const PAGINATION_MESSAGES = {
  page: `page must be a whole number from 1 to ${MAX_PAGE}`,
  pageSize: `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  searchLength: tooLongMessage('Search', MAX_SEARCH_LENGTH),
  searchCharacters: controlCharactersMessage('Search'),
} as const;

const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

/**
 * `?search=`: trimmed; empty means no search. Control characters are refused (PostgreSQL
 * refuses a NUL in text, and no name or phone number holds one).
 */
export const searchField = boundedText(z.string().trim(), 'Search', {
  max: MAX_SEARCH_LENGTH,
}).optional();

/** `?page=&page_size=`, both optional: page 1 of DEFAULT_PAGE_SIZE rows. */
export const paginationQuery = z.object({
  page: wholeNumber(PAGINATION_MESSAGES.page, MAX_PAGE).default(1),
  page_size: wholeNumber(PAGINATION_MESSAGES.pageSize, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type Pagination = z.output<typeof paginationQuery>;

/** What a page answers beside its rows: `{ <rows>, total, page, page_size }`. */
export const pageFields = {
  /** Rows matching the filter and search, on every page together. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
};

/** How many pages `total` rows make (at least one, so "page 1 of 1" reads right when empty). */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));
