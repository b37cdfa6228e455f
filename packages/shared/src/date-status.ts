import { z } from 'zod';
import { isCalendarDate } from './fields';

/**
 * Academic years, terms and exams carry a status derived from their dates against today
 * (today in Nairobi). Dates travel as yyyy-mm-dd strings, which compare correctly as text.
 */
export const DATE_STATUSES = ['Upcoming', 'Ongoing', 'Completed'] as const;
export type DateStatus = (typeof DATE_STATUSES)[number];
export const dateStatusSchema = z.enum(DATE_STATUSES);

export const END_BEFORE_START_MESSAGE = 'End date must be on or after the start date';

export interface DateRange {
  start_date: string;
  end_date: string;
}

/** Upcoming before the start date, Completed after the end date, Ongoing from start to end. */
export function dateRangeStatus(range: DateRange, today: string): DateStatus {
  if (today < range.start_date) return 'Upcoming';
  if (today > range.end_date) return 'Completed';
  return 'Ongoing';
}

export const isEndBeforeStart = (range: DateRange) => range.end_date < range.start_date;

/**
 * The refinement every form with a start and an end date uses: the end is not before the
 * start, reported on end_date. It also runs when another field (say the name) is invalid, as
 * long as both dates are real dates, so a form shows every message at once; when only one
 * date is sent (a change), there is nothing to compare.
 */
export const endNotBeforeStart = (v: Partial<DateRange>) =>
  !(v.start_date && v.end_date && isEndBeforeStart(v as DateRange));
export const endNotBeforeStartIssue = {
  message: END_BEFORE_START_MESSAGE,
  path: ['end_date'],
  when: (payload: { value: unknown }) => {
    // Runs even when the body is not an object at all (null, an array): then there is nothing to compare.
    if (typeof payload.value !== 'object' || payload.value === null) return false;
    const v = payload.value as Record<string, unknown>;
    const isDate = (d: unknown) => d === undefined || (typeof d === 'string' && isCalendarDate(d));
    return isDate(v.start_date) && isDate(v.end_date);
  },
};

/**
 * Older clients send `start` and `end`; we name them start_date and end_date.
 * Either spelling is accepted; the long one wins when both are sent.
 */
export function acceptDateAliases(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { start, end, ...rest } = body as Record<string, unknown>;
  return {
    ...rest,
    ...(rest.start_date === undefined && start !== undefined ? { start_date: start } : {}),
    ...(rest.end_date === undefined && end !== undefined ? { end_date: end } : {}),
  };
}
