import { SCHOOL_TIME_ZONE } from '@shule/shared/school-time';

// formatDate and formatDateShort are written out rather than made with date-fns: they are on
// nearly every screen, the dashboard's included, and date-fns' formatting was 7 kB (compressed)
// of each one's first load.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The year, month and day of a yyyy-mm-dd date (how dates travel), or null if it is not one. */
function dateParts(iso: string): [string, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? [match[1]!, month, Number(match[3])] : null;
}

/** yyyy-mm-dd → 'MMM d, yyyy' for display ('Jan 5, 2026'); '—' without a date. */
export const formatDate = (iso: string | null | undefined) => {
  const parts = iso ? dateParts(iso) : null;
  if (!parts) return '—';
  const [year, month, day] = parts;
  return `${MONTHS[month - 1]} ${day}, ${year}`;
};

/** yyyy-mm-dd → yyyy/MM/dd, the compact display form. */
export const formatDateShort = (iso: string | null | undefined) =>
  iso && dateParts(iso) ? iso.slice(0, 10).replaceAll('-', '/') : '—';

// Made at first use, not as this module loads: a formatter with a time zone costs tens of
// milliseconds on a slow phone, and the dashboard, which loads this module, shows no moment.
let schoolDay: Intl.DateTimeFormat | undefined;
let schoolTime: Intl.DateTimeFormat | undefined;
const formatters = () => {
  schoolDay ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SCHOOL_TIME_ZONE,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  schoolTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SCHOOL_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return { schoolDay, schoolTime };
};

/**
 * A moment (ISO 8601) as the school's calendar has it, whatever the browser's zone: 'MMM d,
 * yyyy', with the time when asked ('Nov 20, 2026 12:15'). Money is dated in Nairobi time.
 */
export const formatSchoolMoment = (iso: string, { time = false } = {}) => {
  const at = new Date(iso);
  const { schoolDay, schoolTime } = formatters();
  return time ? `${schoolDay.format(at)} ${schoolTime.format(at)}` : schoolDay.format(at);
};
