import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from './resources';

/** Languages the site is translated into so far (the other 13 arrive with their locale files). */
export const SUPPORTED_LANGUAGES = ['en'] as const;

// The detection order and storage key are the original product's (spec section 2).
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    detection: {
      order: ['path', 'localStorage', 'navigator', 'htmlTag'],
      lookupLocalStorage: 'i18nextLng',
      lookupQuerystring: 'lng',
      caches: ['localStorage'],
    },
    returnNull: false,
  });

export { i18n };
