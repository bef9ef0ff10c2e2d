/**
 * The site's 14 languages as data. `code` is the URL prefix and the locale folder name, kept from
 * the original product's URLs (`/tw`, `/jp`, `/in` …) so that old links still land; `tag` is the
 * BCP 47 tag those codes stand for, used wherever a standard expects one: `<html lang>`, hreflang,
 * Intl (plural rules, number and date formats) and i18next itself.
 */
export interface Language {
  code: string;
  tag: string;
  /** The language's own name, as its speakers write it. */
  label: string;
  /** ISO 3166 country code of the flag shown beside the name. */
  flag: string;
  dir: 'ltr' | 'rtl';
  ogLocale: string;
}

export const LANGUAGES = [
  { code: 'en', tag: 'en', label: 'English', flag: 'GB', dir: 'ltr', ogLocale: 'en_US' },
  { code: 'es', tag: 'es', label: 'Español', flag: 'ES', dir: 'ltr', ogLocale: 'es_ES' },
  { code: 'fr', tag: 'fr', label: 'Français', flag: 'FR', dir: 'ltr', ogLocale: 'fr_FR' },
  { code: 'it', tag: 'it', label: 'Italiano', flag: 'IT', dir: 'ltr', ogLocale: 'it_IT' },
  { code: 'ru', tag: 'ru', label: 'Русский', flag: 'RU', dir: 'ltr', ogLocale: 'ru_RU' },
  { code: 'tw', tag: 'zh-TW', label: '繁體中文', flag: 'TW', dir: 'ltr', ogLocale: 'zh_TW' },
  { code: 'id', tag: 'id', label: 'Bahasa Indonesia', flag: 'ID', dir: 'ltr', ogLocale: 'id_ID' },
  { code: 'mx', tag: 'es-MX', label: 'Español (México)', flag: 'MX', dir: 'ltr', ogLocale: 'es_MX' },
  { code: 'in', tag: 'hi', label: 'हिन्दी', flag: 'IN', dir: 'ltr', ogLocale: 'hi_IN' },
  { code: 'jp', tag: 'ja', label: '日本語', flag: 'JP', dir: 'ltr', ogLocale: 'ja_JP' },
  { code: 'vn', tag: 'vi', label: 'Tiếng Việt', flag: 'VN', dir: 'ltr', ogLocale: 'vi_VN' },
  { code: 'de', tag: 'de', label: 'Deutsch', flag: 'DE', dir: 'ltr', ogLocale: 'de_DE' },
  { code: 'pt', tag: 'pt-BR', label: 'Português (Brasil)', flag: 'BR', dir: 'ltr', ogLocale: 'pt_BR' },
  { code: 'ar', tag: 'ar', label: 'العربية', flag: 'SA', dir: 'rtl', ogLocale: 'ar_SA' },
] as const satisfies readonly Language[];

/** One of the site's languages, with its code narrowed to the 14 that exist. */
export type SiteLanguage = (typeof LANGUAGES)[number];
export type LanguageCode = SiteLanguage['code'];
export type LanguageTag = (typeof LANGUAGES)[number]['tag'];

export const DEFAULT_LANGUAGE = LANGUAGES[0];
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);

const byCode = new Map<string, SiteLanguage>(LANGUAGES.map((language) => [language.code, language]));
const byTag = new Map<string, SiteLanguage>(LANGUAGES.map((language) => [language.tag.toLowerCase(), language]));

export function isLanguageCode(value: string): value is LanguageCode {
  return byCode.has(value);
}

export function languageByCode(code: LanguageCode): SiteLanguage;
export function languageByCode(code: string): SiteLanguage | undefined;
export function languageByCode(code: string): SiteLanguage | undefined {
  return byCode.get(code);
}

export function languageByTag(tag: string): SiteLanguage | undefined {
  return byTag.get(tag.toLowerCase());
}

/**
 * Which of our languages best serves a browser language (`navigator.languages` entry, an
 * `Accept-Language` item). Chinese is served only in Traditional script, so Simplified
 * (`zh-CN`, `zh-Hans`) gets nothing rather than the wrong script; other regional variants fall
 * back to the language (`pt-PT` → Brazilian Portuguese, `es-AR` → Spanish, `en-GB` → English).
 */
export function languageForBrowserTag(browserTag: string): SiteLanguage | undefined {
  const tag = browserTag.trim().toLowerCase().replace(/_/g, '-');
  const exact = byTag.get(tag);
  if (exact) return exact;
  const [base = '', ...rest] = tag.split('-');
  if (base === 'zh') {
    const traditional = rest.some((part) => ['tw', 'hk', 'mo', 'hant'].includes(part));
    return traditional ? byCode.get('tw') : undefined;
  }
  if (base === 'es' && rest.includes('mx')) return byCode.get('mx');
  if (base === 'pt') return byCode.get('pt');
  return byTag.get(base);
}
