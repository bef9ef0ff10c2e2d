/**
 * The rules every translation must meet against English (the source): the same keys, exactly the
 * plural forms its language needs, the same placeholders, and no string left in English unless
 * it is listed as meant to be identical. Pure, so the test can show every problem at once.
 */
export type FlatStrings = Record<string, string>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export function flatten(value: unknown, prefix = '', out: FlatStrings = {}): FlatStrings {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = typeof value === 'string' ? value : String(value);
  }
  return out;
}

/** `{{count}}`, `{{count, number}}` → `count`; the format part may differ between languages. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

export interface LocaleInput {
  english: FlatStrings;
  translated: FlatStrings;
  /** Intl.PluralRules categories of the language (from its BCP 47 tag). */
  pluralCategories: readonly string[];
  intendedIdentical: readonly string[];
}

export function localeProblems({ english, translated, pluralCategories, intendedIdentical }: LocaleInput): string[] {
  const problems: string[] = [];
  const expected = new Map<string, string>();
  for (const key of Object.keys(english)) {
    if (PLURAL_SUFFIX.test(key)) {
      const base = key.replace(PLURAL_SUFFIX, '');
      for (const category of pluralCategories) expected.set(`${base}_${category}`, `${base}_other`);
    } else {
      expected.set(key, key);
    }
  }
  for (const key of expected.keys()) if (!(key in translated)) problems.push(`missing ${key}`);
  for (const [key, value] of Object.entries(translated)) {
    const source = expected.get(key);
    if (source === undefined) {
      problems.push(`extra ${key}`);
      continue;
    }
    const englishValue = english[source] ?? english[key] ?? '';
    if (value.trim() === '') problems.push(`empty ${key}`);
    const want = placeholders(englishValue);
    const got = placeholders(value);
    // A plural form may leave the number out ("a single file"), never another placeholder.
    const comparable = (names: string[]) =>
      (PLURAL_SUFFIX.test(key) ? names.filter((name) => name !== 'count') : names).join(',');
    if (comparable(want) !== comparable(got))
      problems.push(`placeholders ${key}: English {${want.join(',')}}, here {${got.join(',')}}`);
    if (value === english[key] && !intendedIdentical.includes(key)) problems.push(`same as English ${key}`);
  }
  for (const key of intendedIdentical) {
    if (translated[key] !== english[key]) problems.push(`listed as identical but differs ${key}`);
  }
  return problems;
}
