import { LANGUAGES } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { flatten, localeProblems, placeholders, type FlatStrings } from './locale-check';

// Namespaced like the keys the translators list in intended-identical/<code>.json.
const NAMESPACE_OF_FILE: Record<string, string> = {
  common: 'common',
  home: 'home',
  extractor: 'extractor',
  'file-manager': 'fileManager',
  'file-preview': 'filePreview',
  integrity: 'integrity',
  about: 'about',
  privacy: 'privacy',
  contact: 'contact',
  admin: 'admin',
};

const files = import.meta.glob<unknown>('./locales/*/*.json', { eager: true, import: 'default' });
const identical = import.meta.glob<string[]>('./intended-identical/*.json', { eager: true, import: 'default' });

function stringsOf(code: string): FlatStrings {
  const out: FlatStrings = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] !== code) continue;
    const namespace = NAMESPACE_OF_FILE[match[2] ?? ''];
    if (!namespace) throw new Error(`${path}: not a known locale file`);
    flatten(content, namespace, out);
  }
  return out;
}

const english = stringsOf('en');

describe('locale files', () => {
  it('English has a file for every known part of the site, with strings in each', () => {
    expect(Object.keys(files).filter((path) => path.startsWith('./locales/en/'))).toHaveLength(
      Object.keys(NAMESPACE_OF_FILE).length,
    );
    expect(Object.keys(english).length).toBeGreaterThan(300);
  });

  it.each(LANGUAGES.filter((language) => language.code !== 'en').map((language) => [language.code, language.tag]))(
    '%s (%s) has every English key, its own plural forms, the same placeholders, and nothing left untranslated',
    (code, tag) => {
      const problems = localeProblems({
        english,
        translated: stringsOf(code),
        pluralCategories: new Intl.PluralRules(tag).resolvedOptions().pluralCategories,
        intendedIdentical: identical[`./intended-identical/${code}.json`] ?? [],
      });
      expect(problems).toEqual([]);
    },
  );

  it('has no locale folder for a language the site does not offer', () => {
    const codes = new Set(Object.keys(files).map((path) => path.split('/')[2]));
    expect([...codes].sort()).toEqual(LANGUAGES.map((language) => language.code).sort());
  });
});

describe('localeProblems', () => {
  const base = { english: { 'a.files_one': '{{count}} file', 'a.files_other': '{{count}} files', 'a.name': 'Open {{name}}' } };
  it('asks Russian for one, few, many and other, and reports a wrong placeholder and an English leftover', () => {
    const problems = localeProblems({
      ...base,
      translated: {
        'a.files_one': '{{count}} файл',
        'a.files_other': '{{count}} файла',
        'a.name': 'Open {{name}}',
        'a.extra': 'x',
      },
      pluralCategories: ['one', 'few', 'many', 'other'],
      intendedIdentical: [],
    });
    expect(problems).toEqual(['missing a.files_few', 'missing a.files_many', 'same as English a.name', 'extra a.extra']);
  });
  it('accepts an identical value listed as intended, and a plural form without the number', () => {
    const problems = localeProblems({
      ...base,
      translated: { 'a.files_other': '{{count}} ファイル', 'a.name': 'Open {{name}}' },
      pluralCategories: ['other'],
      intendedIdentical: ['a.name'],
    });
    expect(problems).toEqual([]);
    expect(
      localeProblems({
        ...base,
        translated: { 'a.files_one': 'un fichier', 'a.files_other': '{{count}} fichiers', 'a.name': 'Ouvrir {{nom}}' },
        pluralCategories: ['one', 'other'],
        intendedIdentical: [],
      }),
    ).toEqual(['placeholders a.name: English {name}, here {nom}']);
  });
  it('reads placeholder names whatever their format', () => {
    expect(placeholders('{{count, number}} of {{ total }}')).toEqual(['count', 'total']);
  });

  it('French sets a no-break space (as everywhere in its files) before : ; ! and ?', () => {
    const plain = Object.entries(stringsOf('fr')).filter(([, text]) => / [:;!?]/.test(text));
    expect(plain.map(([key]) => key)).toEqual([]);
  });

  it('translates "tarball" where the language has its own words for it', () => {
    for (const code of ['tw', 'jp', 'vn']) expect(stringsOf(code)['home.faq.a9'], code).not.toMatch(/tarball/i);
  });
});
