/**
 * A date and time as the visitor's language writes it ("Feb 3, 2001, 4:05 AM", "3 févr. 2001,
 * 04:05"), in the visitor's own time zone: the one date format of the site (the admin's pages,
 * the files' modification times).
 */

// Intl.DateTimeFormat is costly to build, and a file list formats thousands of dates.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `when`: ms since 1970, or an ISO 8601 string. */
export function formatDateTime(when: number | string, locale: string | undefined): string {
  const key = locale ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(key, formatter);
  }
  const date = new Date(when);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}
