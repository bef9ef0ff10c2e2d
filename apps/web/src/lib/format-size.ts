import { languageByTag } from '@archive-opener/shared';

/**
 * Human-readable file sizes (spec section 9): units B, KB, MB, GB, base 1024, one decimal from KB
 * up; the archive chooser shows megabytes with two decimals. Digits follow the visitor's locale.
 */
const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

// Intl.NumberFormat is costly to build and a file list formats thousands of sizes.
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formatters.set(key, formatter);
  }
  return formatter;
}

function safeBytes(bytes: number): number {
  return Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
}

/**
 * In a right-to-left language the Latin unit would be laid out before the number ("KB 1.5"): the
 * size is isolated as one left-to-right run (U+2066 … U+2069, invisible).
 */
function isolated(text: string, locale: string): string {
  return languageByTag(locale)?.dir === 'rtl' ? `\u2066${text}\u2069` : text;
}

/** `0 B`, `512 B`, `1.5 KB`, `12.3 MB`, `2.0 GB` (GB is the largest unit, as in the original). */
export function formatBytes(bytes: number, locale = 'en'): string {
  return isolated(plainBytes(bytes, locale), locale);
}

function plainBytes(bytes: number, locale: string): string {
  let value = safeBytes(bytes);
  let unit = 0;
  // Promote on the rounded value, so 1,048,575 bytes reads `1.0 MB` rather than `1024.0 KB`.
  while (unit < UNITS.length - 1 && (unit === 0 ? value : Math.round(value * 10) / 10) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${numberFormat(locale, 0).format(value)} B`;
  return `${numberFormat(locale, 1).format(value)} ${UNITS[unit]}`;
}

/** `12.34 MB`: the archive chooser's format. */
export function formatMegabytes(bytes: number, locale = 'en'): string {
  return isolated(`${numberFormat(locale, 2).format(safeBytes(bytes) / (1024 * 1024))} MB`, locale);
}
