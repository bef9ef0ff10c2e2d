import { describe, expect, it } from 'vitest';
import { languageBase, pathInLanguage, splitLanguagePrefix } from './language-path';

describe('splitLanguagePrefix', () => {
  it.each([
    ['/', 'en', '/', false],
    ['/about', 'en', '/about', false],
    ['/de', 'de', '/', true],
    ['/de/', 'de', '/', true],
    ['/de/about', 'de', '/about', true],
    ['/ar/privacy/', 'ar', '/privacy', true],
    ['/in/admin-summer', 'in', '/admin-summer', true],
    // Unknown first segments and the English code itself are English pages.
    ['/xx/about', 'en', '/xx/about', false],
    ['/en/about', 'en', '/en/about', false],
    ['/deutsch', 'en', '/deutsch', false],
  ])('%s → %s %s', (path, code, rest, prefixed) => {
    expect(splitLanguagePrefix(path)).toEqual({ code, rest, prefixed });
  });
});

describe('pathInLanguage', () => {
  it('adds a prefix to an English path', () => {
    expect(pathInLanguage('/about', 'de')).toBe('/de/about');
    expect(pathInLanguage('/', 'jp')).toBe('/jp');
  });
  it('replaces one prefix by another', () => {
    expect(pathInLanguage('/de/privacy', 'fr')).toBe('/fr/privacy');
    expect(pathInLanguage('/de', 'ar')).toBe('/ar');
  });
  it('removes the prefix for English', () => {
    expect(pathInLanguage('/de/about', 'en')).toBe('/about');
    expect(pathInLanguage('/tw', 'en')).toBe('/');
  });
  it('keeps unknown pages (their 404 is shown in the new language)', () => {
    expect(pathInLanguage('/de/nothing-here', 'es')).toBe('/es/nothing-here');
  });
});

describe('languageBase', () => {
  it('is empty for English and the prefix otherwise', () => {
    expect(languageBase('en')).toBe('');
    expect(languageBase('vn')).toBe('/vn');
  });
});
