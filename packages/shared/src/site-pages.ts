import { DEFAULT_LANGUAGE, type LanguageCode } from './languages.js';

/**
 * The pages that exist in every language, with what the sitemap says about them (the original
 * product's change frequencies and priorities: English a notch above the translations).
 */
export const SITE_PAGES = [
  { id: 'home', path: '/', changefreq: 'daily', priority: { default: 1.0, translated: 0.9 } },
  { id: 'about', path: '/about', changefreq: 'monthly', priority: { default: 0.8, translated: 0.7 } },
  { id: 'privacy', path: '/privacy', changefreq: 'monthly', priority: { default: 0.6, translated: 0.5 } },
] as const;

export type SitePage = (typeof SITE_PAGES)[number];
export type SitePageId = SitePage['id'];

/** The operator's page: served in every language, never listed, never indexed. */
export const ADMIN_PATH = '/admin-summer';

/** `/about` in German is `/de/about`; English has no prefix; the home page has no trailing slash. */
export function localizedPath(path: string, code: LanguageCode): string {
  if (code === DEFAULT_LANGUAGE.code) return path;
  return path === '/' ? `/${code}` : `/${code}${path}`;
}

/**
 * Where the web build's prerender writes each page (relative to the built site), and the token it
 * leaves in canonical and alternate URLs: the site's public address is known when the server
 * starts (`PUBLIC_URL`), not when the site is built, so the server fills it in.
 */
export const PRERENDERED_PAGES_DIR = 'pages';
export const PUBLIC_URL_TOKEN = '%%PUBLIC_URL%%';
/**
 * The 404 page is prerendered in every language too, and so is the admin page (its "checking your
 * session" state), which is never listed or indexed.
 */
export type PrerenderedPageId = SitePageId | '404' | 'admin';

export function prerenderedPageFile(code: LanguageCode, pageId: PrerenderedPageId): string {
  return `${PRERENDERED_PAGES_DIR}/${code}/${pageId}.html`;
}

/**
 * What the prerender notes about the build beside the pages (`{ "builtAt": ISO date }`): the
 * sitemap's `lastmod` of every page, since each page's content changes only with a build.
 */
export const BUILD_INFO_FILE = `${PRERENDERED_PAGES_DIR}/build-info.json`;
