import { languageByTag } from '@archive-opener/shared';

/**
 * Human-readable file sizes, the one format of the whole site: base 1024, bytes without decimals,
 * one decimal from kilobytes up to gigabytes (the largest unit). English keeps the B, KB,
 * MB and GB of docs/product.md#numbers; every other language gets the units its readers use, from Intl's unit style ("Mo"
 * in French, "МБ" in Russian, Arabic units in Arabic), with its own digits and separators.
 */
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
const ENGLISH_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

// Intl.NumberFormat is costly to build and a file list formats thousands of sizes.
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, unit: number, english: boolean): Intl.NumberFormat {
  const key = `${locale}|${unit}|${english}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = unit === 0 ? 0 : 1;
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      ...(english ? {} : { style: 'unit', unit: UNITS[unit], unitDisplay: 'short' }),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function safeBytes(bytes: number): number {
  return Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
}

/**
 * Intl's number and unit never wrap apart (no-break spaces), and in a right-to-left language the
 * size is one isolated run (U+2068 … U+2069, invisible), so the text around it cannot reorder it.
 */
function unbreakable(text: string, locale: string): string {
  const joined = text.replace(/ /g, '\u00a0');
  return languageByTag(locale)?.dir === 'rtl' ? `\u2068${joined}\u2069` : joined;
}

/** `0 B`, `512 B`, `1.5 KB`, `12.3 MB`, `2.0 GB` in English; `1,5 ko`, `12,3 Mo` in French. */
export function formatBytes(bytes: number, locale: string | undefined): string {
  locale ??= 'en';
  let value = safeBytes(bytes);
  let unit = 0;
  // Promote on the rounded value, so 1,048,575 bytes reads `1.0 MB` rather than `1024.0 KB`.
  while (unit < UNITS.length - 1 && (unit === 0 ? value : Math.round(value * 10) / 10) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const english = locale === 'en' || locale.startsWith('en-');
  const number = numberFormat(locale, unit, english).format(value);
  return english ? `${number} ${ENGLISH_UNITS[unit]}` : unbreakable(number, locale);
}
