/**
 * Numbers, times and durations on the dashboard, in the page's language: digits and dates come
 * from Intl, the short unit words from the admin strings (so translators can adapt them).
 */
import type { TFunction } from 'i18next';

type AdminT = TFunction<'admin'>;

const number = (locale: string | undefined, fractionDigits = 0) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });

export function formatCount(value: number, locale?: string): string {
  return number(locale).format(value);
}

/** `99.2 %` in the page's notation (the API gives 0–100), or null when nothing finished yet. */
export function formatPercent(rate: number | null, locale?: string): string | null {
  if (rate === null) return null;
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    rate / 100,
  );
}

/** An extraction's duration: `850 ms`, `12.3 s`, `2 min 5 s`, `1 h 3 min`. */
export function formatDuration(ms: number, t: AdminT, locale?: string): string {
  if (ms < 1000) return t('units.milliseconds', { value: number(locale).format(Math.max(0, Math.round(ms))) });
  if (ms < 60_000) return t('units.seconds', { value: number(locale, 1).format(ms / 1000) });
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) {
    return t('units.minutesSeconds', {
      minutes: number(locale).format(Math.floor(seconds / 60)),
      seconds: number(locale).format(seconds % 60),
    });
  }
  return hoursMinutes(seconds, t, locale);
}

function hoursMinutes(seconds: number, t: AdminT, locale?: string): string {
  return t('units.hoursMinutes', {
    hours: number(locale).format(Math.floor(seconds / 3600)),
    minutes: number(locale).format(Math.floor((seconds % 3600) / 60)),
  });
}

/** The server's uptime: `45 s`, `12 min`, `5 h 20 min`, `3 d 4 h`. */
export function formatUptime(totalSeconds: number, t: AdminT, locale?: string): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return t('units.seconds', { value: number(locale).format(seconds) });
  if (seconds < 3600) return t('units.minutes', { minutes: number(locale).format(Math.floor(seconds / 60)) });
  if (seconds < 86_400) return hoursMinutes(seconds, t, locale);
  return t('units.daysHours', {
    days: number(locale).format(Math.floor(seconds / 86_400)),
    hours: number(locale).format(Math.floor((seconds % 86_400) / 3600)),
  });
}

const RELATIVE_STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
];

/** `2 minutes ago`, `yesterday`, `now`: how long ago `iso` was, seen from `now`. */
export function formatRelativeTime(iso: string, now: number, locale?: string): string {
  const elapsed = Math.round((Date.parse(iso) - now) / 1000);
  const step = RELATIVE_STEPS.find(({ seconds }) => Math.abs(elapsed) >= seconds) ?? RELATIVE_STEPS[RELATIVE_STEPS.length - 1]!;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(elapsed / step.seconds), step.unit);
}
