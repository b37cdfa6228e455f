import { SCHOOL_TIME_ZONE } from './school-time';

/**
 * How every screen shows a date: day, month, year, as Kenyan schools write them and as the PDFs
 * print them ("24 Aug 2026"); a moment (an ISO 8601 instant) by the school's calendar in
 * Africa/Nairobi, whatever the browser's zone, so a consent recorded at 00:49 in Nairobi is not
 * shown as the day before.
 *
 * Written out rather than made with date-fns, and free of zod: they are on nearly every screen,
 * the dashboard's included, and date-fns' formatting was 7 kB (compressed) of each first load.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The year, month and day of a yyyy-mm-dd date (how dates travel), or null if it is not one. */
function dateParts(iso: string): [string, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? [match[1]!, month, Number(match[3])] : null;
}

/** yyyy-mm-dd → '24 Aug 2026'; '—' without a date. */
export const formatDate = (iso: string | null | undefined) => {
  const parts = iso ? dateParts(iso) : null;
  if (!parts) return '—';
  const [year, month, day] = parts;
  return `${day} ${MONTHS[month - 1]} ${year}`;
};

/** A range of days: '24 Aug 2026 – 30 Oct 2026', or one date when it is one day. */
export const formatDateRange = (start: string, end: string) =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;

/** yyyy-mm-dd → '24 Aug', for a chart's axis or a range within one year. */
export const formatDayMonth = (iso: string) => {
  const parts = dateParts(iso);
  return parts ? `${parts[2]} ${MONTHS[parts[1] - 1]}` : '—';
};

// Made at first use, not as this module loads: a formatter with a time zone costs tens of
// milliseconds on a slow phone, and the dashboard, which loads this module, shows no moment.
let schoolParts: Intl.DateTimeFormat | undefined;

/** The school's calendar day (yyyy-mm-dd) and clock time (HH:mm, 24 h) at a moment. */
function inSchoolZone(iso: string) {
  schoolParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SCHOOL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = schoolParts.formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/**
 * A moment as the school's calendar has it: '24 Aug 2026', with the time when asked
 * ('24 Aug 2026 12:15'). '—' for something that is not a moment.
 */
export const formatSchoolMoment = (iso: string, { time = false } = {}) => {
  if (Number.isNaN(Date.parse(iso))) return '—';
  const at = inSchoolZone(iso);
  return time ? `${formatDate(at.date)} ${at.time}` : formatDate(at.date);
};

/** A moment's clock time in the school's zone: '12:15'. */
export const formatSchoolTime = (iso: string) =>
  Number.isNaN(Date.parse(iso)) ? '—' : inSchoolZone(iso).time;
