import {
  type DateRange,
  END_BEFORE_START_MESSAGE,
  isEndBeforeStart,
} from '@shule/shared/date-status';
import { invalid } from './errors';

/**
 * The dates a row will have after a change (academic years, terms, exams): a date not sent
 * keeps its value. 400 on end_date when the end would fall before the start.
 */
export function datesAfterChange(existing: DateRange, change: Partial<DateRange>): DateRange {
  const next = {
    start_date: change.start_date ?? existing.start_date,
    end_date: change.end_date ?? existing.end_date,
  };
  if (isEndBeforeStart(next)) throw invalid('end_date', END_BEFORE_START_MESSAGE);
  return next;
}
