import { SCHOOL_TIME_ZONE } from '@shule/shared/school-time';
import { format, parseISO } from 'date-fns';

/** yyyy-mm-dd (how dates travel) → 'MMM d, yyyy' for display. */
export const formatDate = (iso: string | null | undefined) =>
  iso ? format(parseISO(iso), 'MMM d, yyyy') : '—';

/** yyyy-mm-dd → yyyy/MM/dd, the compact display form. */
export const formatDateShort = (iso: string | null | undefined) =>
  iso ? format(parseISO(iso), 'yyyy/MM/dd') : '—';

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
