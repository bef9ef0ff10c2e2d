import { localizedPath, type LanguageCode } from '@archive-opener/shared';
import type { TFunction } from 'i18next';
import { HOME_FACTS } from '../../features/home/home-facts';

/**
 * schema.org data for search engines, written into the prerendered pages as JSON-LD: the site as
 * a free WebApplication on every indexable page, and the home page's questions as an FAQPage.
 * A `<script type="application/ld+json">` is a data block: browsers never run it, so the CSP's
 * script-src (no inline scripts) does not apply to it.
 */

const FAQ_QUESTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export interface StructuredDataInput {
  code: LanguageCode;
  languageTag: string;
  /** The page's path without language prefix. */
  path: string;
  pageId: 'home' | 'about' | 'privacy';
  origin: string;
  t: TFunction;
}

export function structuredData({ code, languageTag, path, pageId, origin, t }: StructuredDataInput): object[] {
  const home = origin + localizedPath('/', code);
  const application = {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: t('header.title'),
    url: home,
    description: t('meta.home.description'),
    applicationCategory: 'UtilitiesApplication',
    operatingSystem: 'Any',
    browserRequirements: 'Requires JavaScript and WebAssembly',
    inLanguage: languageTag,
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  };
  if (pageId !== 'home') return [application];
  const faq = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: origin + localizedPath(path, code),
    inLanguage: languageTag,
    mainEntity: FAQ_QUESTIONS.map((n) => ({
      '@type': 'Question',
      name: t(`home.faq.q${n}`),
      acceptedAnswer: { '@type': 'Answer', text: t(`home.faq.a${n}`, HOME_FACTS) },
    })),
  };
  return [application, faq];
}

/** The data as `<script type="application/ld+json">` elements; `<` escaped so no text can close one early. */
export function structuredDataHtml(data: readonly object[]): string {
  return data
    .map((item) => `<script type="application/ld+json">${JSON.stringify(item).replace(/</g, '\\u003c')}</script>`)
    .join('\n    ');
}
