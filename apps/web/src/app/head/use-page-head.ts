import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { applyHeadTags, pageHead } from './page-head';

export type PageMetaKey = 'home' | 'about' | 'privacy' | 'notFound';

let origin: string | undefined;
/**
 * The address canonical URLs start with: the prerendered page's canonical carries the server's
 * `PUBLIC_URL`, which may differ from the address the browser used (a proxy, a CDN).
 */
function siteOrigin(): string {
  if (origin === undefined) {
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    origin = canonical ? new URL(canonical).origin : window.location.origin;
  }
  return origin;
}

/**
 * Keeps <head> and `<html lang dir>` right after client-side navigation and language switches.
 * The prerendered HTML already has the same tags (scripts/prerender.ts uses the same pageHead), so
 * a crawler without JavaScript sees them too. `path` null marks a page not to be indexed.
 */
export function usePageHead(path: string | null, meta: PageMetaKey): void {
  const { t, i18n } = useTranslation();
  const { code } = currentLanguage(i18n);
  const title = t(`meta.${meta}.title`);
  const description = t(`meta.${meta}.description`);
  const siteName = t('header.title');
  useEffect(() => {
    applyHeadTags(pageHead({ code, path, title, description, siteName, origin: siteOrigin() }));
  }, [code, path, title, description, siteName]);
}
