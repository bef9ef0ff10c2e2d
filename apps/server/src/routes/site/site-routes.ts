// The client routes the React app renders, as the one list the server knows. Only these URLs answer
// 200 with a page; every other extension-less URL answers 404 with the 404 page, so crawlers see a
// real 404.
import {
  ADMIN_PATH,
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGES,
  localizedPath,
  SITE_PAGES,
  type LanguageCode,
  type SitePageId,
} from '@archive-opener/shared';

export interface ClientRoute {
  /** Canonical URL path without a trailing slash: '/', '/about', '/es', '/es/about'. */
  path: string;
  code: LanguageCode;
  /** The prerendered page it serves; the admin page has none (it is rendered in the browser). */
  pageId: SitePageId | 'admin';
}

export const CLIENT_ROUTES: readonly ClientRoute[] = LANGUAGES.flatMap(({ code }) => [
  ...SITE_PAGES.map((page) => ({ path: localizedPath(page.path, code), code, pageId: page.id })),
  { path: localizedPath(ADMIN_PATH, code), code, pageId: 'admin' as const },
]);

/**
 * Other spellings of a route's URL, each answered with a permanent redirect to the canonical one,
 * so search engines never see two addresses for one page: a trailing slash (`/de/`, `/about/`),
 * and for the home page `/index.html` (the raw app shell, which has no content of its own).
 */
export function redirectsOf(route: ClientRoute): string[] {
  return route.path === '/' ? ['/index.html'] : [`${route.path}/`];
}

/** The language of a page that does not exist, for its 404 page: `/de/nothing` is German. */
export function languageOfPath(pathname: string): LanguageCode {
  const first = pathname.split('/')[1] ?? '';
  return isLanguageCode(first) ? first : DEFAULT_LANGUAGE.code;
}

/**
 * A request for a file (a Vite asset, or anything whose last segment has an extension) must never
 * get an HTML page: a browser would try to run HTML as a script or stylesheet.
 */
export function looksLikeFile(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[^.]+$/.test(lastSegment);
}
