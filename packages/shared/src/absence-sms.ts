import { smsParts } from './messages';
import { gsm7LookAlikes, schoolInitials, schoolShortName } from './results-sms';

/**
 * The SMS a parent gets when their child is marked absent in a register (PUT
 * /classes/{id}/register/ with notify_absent): once per child and day, through the outbox as
 * a message of kind 'absence'.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** yyyy-mm-dd as an SMS says it: "Thu 26 Nov 2026". */
export function smsDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

export interface AbsenceSmsInput {
  /** The school's full name. */
  school: string;
  student: { first_name: string; last_name: string };
  /** The register's day, and today (Nairobi): a past day's notice says "on", not "today". */
  date: string;
  today: string;
}

function compose(input: AbsenceSmsInput, initials: boolean): string {
  const school = initials ? schoolInitials(input.school) : schoolShortName(input.school);
  const student = `${input.student.first_name.trim()} ${input.student.last_name.trim()}`;
  const when =
    input.date === input.today ? `today, ${smsDate(input.date)}` : `on ${smsDate(input.date)}`;
  return gsm7LookAlikes(
    `${school}: ${student} was marked absent ${when}. Please contact the school.`,
  );
}

/**
 * "Kilimani Mixed Sec: Amani Mwangi was marked absent today, Thu 26 Nov 2026. Please contact
 * the school." One SMS part: when longer, the school's name becomes its initials.
 */
export function absenceSmsText(input: AbsenceSmsInput): string {
  const text = compose(input, false);
  return smsParts(text).parts <= 1 ? text : compose(input, true);
}

/** What an absence message says in the messages list: naming no child. */
export const absenceMessageContent = (className: string, date: string) =>
  `Absence notices: ${className}, ${smsDate(date)} (each parent is told of their own child)`;
