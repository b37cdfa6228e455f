import { formatDayMonth } from '@shule/shared/display-dates';
import type { FeeAnalytics } from '@shule/shared/fee-ledger';
import { todayIn } from '@shule/shared/school-time';
import { addDays, format, parseISO, startOfWeek, subDays } from 'date-fns';

const dayOf = (date: Date) => format(date, 'yyyy-MM-dd');

/** The ranges the analytics screen offers, ending today. */
export const RANGES = {
  '30': { label: 'Last 30 days', days: 30 },
  '90': { label: 'Last 90 days', days: 90 },
  '365': { label: 'Last 12 months', days: 365 },
} as const;
export type RangeKey = keyof typeof RANGES;

/** The from and to days (both included) of a range ending `today` (the school's today: Nairobi's). */
export function rangeOf(key: RangeKey, today = todayIn()) {
  return {
    from: format(subDays(parseISO(today), RANGES[key].days - 1), 'yyyy-MM-dd'),
    to: today,
  };
}

/**
 * The bars of the collection chart: one per day up to 90 days, else one per week (weeks start on
 * Monday, labelled by their first day), so a year reads as 53 bars rather than 365.
 */
export function collectionSeries(byDay: FeeAnalytics['by_day']) {
  if (byDay.length <= 90) {
    return byDay.map((d) => ({ label: formatDayMonth(d.date), cents: d.amount_cents }));
  }
  const weeks = new Map<string, number>();
  for (const d of byDay) {
    const week = format(startOfWeek(parseISO(d.date), { weekStartsOn: 1 }), 'yyyy-MM-dd');
    weeks.set(week, (weeks.get(week) ?? 0) + d.amount_cents);
  }
  return [...weeks].map(([week, cents]) => ({
    label: `${formatDayMonth(week)}–${formatDayMonth(dayOf(addDays(parseISO(week), 6)))}`,
    cents,
  }));
}
