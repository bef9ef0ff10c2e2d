import { localizedPath, type LanguageCode } from '@archive-opener/shared';

/**
 * `location` is the page's path inside its language (wouter's location under the language base,
 * e.g. `/about` on `/de/about`); this is the same page's full path in `code`.
 */
export function localizedPathOf(location: string, code: LanguageCode): string {
  return localizedPath(location === '' ? '/' : location, code);
}
