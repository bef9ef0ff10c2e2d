// The client routes the React app renders, as the one list the server knows. Only these URLs answer
// 200 with a page; every other extension-less URL answers 404 with the app shell, so the app shows
// its 404 page and crawlers see a real 404.

// The 13 prefixed languages (English has none). TODO: these codes will move to packages/shared
// (languages.ts) so that the web app, the sitemap and the server read one list.
export const LANGUAGE_PREFIXES = ['es', 'fr', 'it', 'ru', 'tw', 'id', 'mx', 'in', 'jp', 'vn', 'de', 'pt', 'ar'] as const;

/** Pages under each language ('' is home). */
export const PAGES = ['', 'about', 'privacy', 'admin-summer'] as const;

export interface ClientRoute {
  /** Canonical URL path without a trailing slash: '/', '/about', '/es', '/es/about'. */
  path: string;
  /**
   * Where the web build's prerender step writes this route's HTML, relative to the web root
   * ('es/about/index.html'). Built from the constants above, never from a request.
   */
  prerenderedFile: string;
}

function clientRoute(language: string, page: string): ClientRoute {
  const segments = [language, page].filter(Boolean);
  return {
    path: '/' + segments.join('/'),
    prerenderedFile: [...segments, 'index.html'].join('/'),
  };
}

export const CLIENT_ROUTES: readonly ClientRoute[] = ['', ...LANGUAGE_PREFIXES].flatMap((language) =>
  PAGES.map((page) => clientRoute(language, page)),
);

/** The URLs a route answers: its path, and the same with a trailing slash. */
export function urlsOf(route: ClientRoute): string[] {
  return route.path === '/' ? ['/'] : [route.path, `${route.path}/`];
}

/**
 * A request for a file (a Vite asset, or anything whose last segment has an extension) must never
 * get the HTML shell: a browser would try to run HTML as a script or stylesheet.
 */
export function looksLikeFile(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[^.]+$/.test(lastSegment);
}
