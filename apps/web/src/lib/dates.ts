import { format, parseISO } from 'date-fns';

/** yyyy-mm-dd (how dates travel) → 'MMM d, yyyy' for display. */
export const formatDate = (iso: string | null | undefined) =>
  iso ? format(parseISO(iso), 'MMM d, yyyy') : '—';

/** yyyy-mm-dd → yyyy/MM/dd, the compact display form. */
export const formatDateShort = (iso: string | null | undefined) =>
  iso ? format(parseISO(iso), 'yyyy/MM/dd') : '—';

/** Whole years between a date of birth and today. */
export function ageInYears(dateOfBirth: string, today = new Date()) {
  const dob = parseISO(dateOfBirth);
  let age = today.getFullYear() - dob.getFullYear();
  const beforeBirthday =
    today.getMonth() < dob.getMonth() ||
    (today.getMonth() === dob.getMonth() && today.getDate() < dob.getDate());
  if (beforeBirthday) age -= 1;
  return age;
}
