import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageForBrowserTag } from './languages.js';
import { localizedPath, SITE_PAGES } from './site-pages.js';

describe('LANGUAGES', () => {
  it('has the 14 languages of the original, each with a valid BCP 47 tag, and only Arabic right-to-left', () => {
    expect(LANGUAGES.map((language) => language.code)).toEqual([
      'en',
      'es',
      'fr',
      'it',
      'ru',
      'tw',
      'id',
      'mx',
      'in',
      'jp',
      'vn',
      'de',
      'pt',
      'ar',
    ]);
    for (const language of LANGUAGES) expect(Intl.getCanonicalLocales(language.tag)).toEqual([language.tag]);
    expect(LANGUAGES.filter((language) => language.dir === 'rtl').map((language) => language.code)).toEqual(['ar']);
  });

  it('keeps the original’s og:locale codes', () => {
    const og = Object.fromEntries(LANGUAGES.map((language) => [language.code, language.ogLocale]));
    expect(og).toMatchObject({
      tw: 'zh_TW',
      mx: 'es_MX',
      in: 'hi_IN',
      jp: 'ja_JP',
      vn: 'vi_VN',
      de: 'de_DE',
      pt: 'pt_BR',
      ar: 'ar_SA',
    });
  });
});

describe('languageForBrowserTag', () => {
  it.each([
    ['de-AT', 'de'],
    ['ja', 'jp'],
    ['ja-JP', 'jp'],
    ['zh-TW', 'tw'],
    ['zh-Hant-HK', 'tw'],
    ['es-MX', 'mx'],
    ['es-AR', 'es'],
    ['pt-PT', 'pt'],
    ['hi-IN', 'in'],
    ['vi', 'vn'],
    ['en_GB', 'en'],
  ])('%s → %s', (tag, code) => {
    expect(languageForBrowserTag(tag)?.code).toBe(code);
  });

  it('offers nothing for Simplified Chinese or a language we do not have', () => {
    expect(languageForBrowserTag('zh-CN')).toBeUndefined();
    expect(languageForBrowserTag('zh-Hans')).toBeUndefined();
    expect(languageForBrowserTag('nl-NL')).toBeUndefined();
  });
});

describe('localizedPath', () => {
  it('prefixes every language but English, and the home page has no trailing slash', () => {
    expect(SITE_PAGES.map((page) => localizedPath(page.path, 'es'))).toEqual(['/es', '/es/about', '/es/privacy']);
    expect(SITE_PAGES.map((page) => localizedPath(page.path, 'en'))).toEqual(['/', '/about', '/privacy']);
  });
});
