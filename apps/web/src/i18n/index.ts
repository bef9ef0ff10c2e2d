import { DEFAULT_LANGUAGE, LANGUAGES, languageByCode, languageByTag, languageForBrowserTag } from '@archive-opener/shared';
import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { loadNamespace } from './locale-files';
import type { Namespace } from './resources';

/**
 * i18next speaks BCP 47 tags (`zh-TW`, `ja`, `hi`), so that Intl picks the right plural rules and
 * number formats; URLs and locale folders use the site's short codes (`tw`, `jp`, `in`).
 */
export const LANGUAGE_TAGS = LANGUAGES.map((language) => language.tag);

/** A code from the path or the stored choice, or a browser tag, as one of our i18next languages. */
export function toLanguageTag(detected: string): string {
  return languageByCode(detected)?.tag ?? languageForBrowserTag(detected)?.tag ?? detected;
}

/** Where the visitor's chosen language is kept (the key i18next's detector reads). */
export const STORED_LANGUAGE_KEY = 'i18nextLng';

/** Keeps the language the visitor chose in the menu, so `/` and English links open in it next time. */
export function storeChosenLanguage(tag: string): void {
  try {
    localStorage.setItem(STORED_LANGUAGE_KEY, tag);
  } catch {
    // Storage refused (private mode, disabled): the choice holds for this visit only.
  }
}

export const baseOptions = {
  supportedLngs: LANGUAGE_TAGS,
  // Only the one language is loaded: the locale check guarantees every key exists in each.
  fallbackLng: false,
  load: 'currentOnly',
  defaultNS: 'translation',
  ns: ['translation'],
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;

export const i18n: I18n = i18next.createInstance();

/**
 * Starts the browser's i18n: the language is the path prefix, else `?lng=`, else the language
 * chosen in the menu (`i18nextLng`), else the browser's languages, else `<html lang>` (the original product's
 * order). `resources` are the strings the prerendered page embedded, so hydration needs no fetch;
 * anything else is loaded on demand.
 */
export async function startBrowserI18n(resources?: Resource): Promise<I18n> {
  await i18n
    .use(LanguageDetector)
    .use(resourcesToBackend((tag: string, namespace: Namespace) => loadNamespace(languageByTag(tag)?.code ?? '', namespace)))
    .use(initReactI18next)
    .init({
      ...baseOptions,
      resources,
      partialBundledLanguages: true,
      detection: {
        order: ['path', 'querystring', 'localStorage', 'navigator', 'htmlTag'],
        lookupFromPathIndex: 0,
        lookupQuerystring: 'lng',
        lookupLocalStorage: STORED_LANGUAGE_KEY,
        // Nothing detected is stored: only a language chosen in the menu is (storeChosenLanguage).
        // Otherwise a visit to any prefixed page, a 404 included, would send `/` there ever after.
        caches: [],
        convertDetectedLanguage: toLanguageTag,
      },
    });
  return i18n;
}

/** The language i18next settled on, as our language record. */
export function currentLanguage(instance: I18n = i18n) {
  return languageByTag(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Switches to `tag` once the strings of every namespace on screen are loaded in it, so that a
 * page never shows a loading state or a mix of two languages while it changes.
 */
export async function changeLanguageWhenReady(instance: I18n, tag: string): Promise<void> {
  const used = instance.reportNamespaces?.getUsedNamespaces() ?? [];
  const namespaces = [...new Set(['translation', ...used])];
  const connector = instance.services.backendConnector as
    { load?: (languages: string[], namespaces: string[], callback: (error: unknown) => void) => void } | undefined;
  if (connector?.load) {
    const load = connector.load.bind(connector);
    await new Promise<void>((resolve) => load([tag], namespaces, () => resolve()));
  }
  await instance.changeLanguage(tag);
}
