import type { LanguageCode } from '@archive-opener/shared';
import type { i18n as I18n } from 'i18next';
import { pageHead, type HeadTags } from '../../app/head/page-head';

/**
 * The admin page's <head>, the same in the prerender and in the browser: its own title, and
 * `noindex, nofollow` without canonical or alternates (the page is in no sitemap).
 */
export function adminPageHead(i18n: I18n, code: LanguageCode): HeadTags {
  const siteName = i18n.t('header.title');
  return pageHead({
    code,
    path: null,
    kind: 'admin',
    title: i18n.t('meta.title', { ns: 'admin', siteName }),
    description: i18n.t('meta.description', { ns: 'admin', siteName }),
    siteName,
    // No canonical or og:url is written for this page, so the address is never used.
    origin: '',
  });
}
