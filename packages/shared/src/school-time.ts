// No zod here: the web app's dates and the dashboard read these, and zod is not part of their load.

/** "Today" is the school's calendar day: Kenya is on East Africa Time, whatever the server's zone. */
export const SCHOOL_TIME_ZONE = 'Africa/Nairobi';

/** The calendar date in `timeZone` at `now`, as yyyy-mm-dd. */
export function todayIn(timeZone = SCHOOL_TIME_ZONE, now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
