import { format, parseISO } from 'date-fns';

/** yyyy-mm-dd (how dates travel) → 'MMM d, yyyy' for display. */
export const formatDate = (iso: string | null | undefined) =>
  iso ? format(parseISO(iso), 'MMM d, yyyy') : '—';

/** yyyy-mm-dd → yyyy/MM/dd, the compact display form. */
export const formatDateShort = (iso: string | null | undefined) =>
  iso ? format(parseISO(iso), 'yyyy/MM/dd') : '—';
