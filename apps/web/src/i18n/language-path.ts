import { DEFAULT_LANGUAGE, isLanguageCode, localizedPath, type LanguageCode } from '@archive-opener/shared';

export interface LanguagePath {
  code: LanguageCode;
  /** The path inside the language: `/about` for both `/about` and `/de/about`. */
  rest: string;
  /** Whether the path named its language (English pages have no prefix). */
  prefixed: boolean;
}

/** `/de/about` → German, `/about`; an unknown first segment means English (docs/product.md#languages). */
export function splitLanguagePrefix(pathname: string): LanguagePath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && first !== DEFAULT_LANGUAGE.code && isLanguageCode(first)) {
    return { code: first, rest: trimTrailingSlash(match[2] ?? '/'), prefixed: true };
  }
  return { code: DEFAULT_LANGUAGE.code, rest: trimTrailingSlash(pathname || '/'), prefixed: false };
}

/** The same page in another language: the prefix is added, replaced or removed. */
export function pathInLanguage(pathname: string, code: LanguageCode): string {
  return localizedPath(splitLanguagePrefix(pathname).rest, code);
}

/** The router base for a language: '' for English, '/de' for German. */
export function languageBase(code: LanguageCode): string {
  return localizedPath('/', code) === '/' ? '' : localizedPath('/', code);
}

function trimTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}
