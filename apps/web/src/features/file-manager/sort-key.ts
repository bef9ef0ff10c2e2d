/**
 * Sort keys that plain string comparison (`<`) orders the way people expect names ordered:
 * case and accents ignored, digit runs compared by value (`file2` before `file10`). An
 * Intl.Collator gives the same order for names like these, but one comparison costs about a
 * microsecond in Chromium, so sorting 100,000 names takes seconds; keys made once sort in a
 * tenth of that, which keeps a click on a sort field under 100 ms for the largest archives.
 */

const NON_ASCII = /[^ -~]/;
const MARKS = /\p{M}/gu;
const DIGITS = /\d/;
const DIGIT_RUNS = /\d+/g;

/**
 * A digit run becomes its length (one character, so longer numbers sort after shorter ones) and
 * its digits without leading zeros. The length character sits below the letters, as digits do.
 */
function byValue(run: string): string {
  const digits = run.replace(/^0+(?=\d)/, '');
  return String.fromCharCode(0x30 + Math.min(digits.length, 0x2f)) + digits;
}

export function sortKey(text: string): string {
  let key = text.toLocaleLowerCase();
  if (NON_ASCII.test(key)) key = key.normalize('NFD').replace(MARKS, '');
  return DIGITS.test(key) ? key.replace(DIGIT_RUNS, byValue) : key;
}

export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
