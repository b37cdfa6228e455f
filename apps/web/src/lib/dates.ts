// The dates screens show come from @shule/shared/display-dates ("24 Aug 2026"), one rule for
// every screen; this is only what a list's search matches besides them.

/** yyyy-mm-dd → yyyy/MM/dd: a date typed that way into a list's search finds it (never shown). */
export const formatDateShort = (iso: string | null | undefined) =>
  iso && /^\d{4}-(0[1-9]|1[0-2])-\d{2}/.test(iso) ? iso.slice(0, 10).replaceAll('-', '/') : '—';
