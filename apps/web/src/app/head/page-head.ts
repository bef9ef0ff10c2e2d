import { DEFAULT_LANGUAGE, LANGUAGES, languageByCode, localizedPath, type LanguageCode } from '@archive-opener/shared';

/**
 * Everything a page declares in <head> about itself, computed once for both the prerender (as
 * HTML) and the browser (as DOM updates on client-side navigation), so the two never disagree.
 */
export interface PageHeadInput {
  code: LanguageCode;
  /** The page's path without language prefix (`/about`), or null for pages that must not be indexed. */
  path: string | null;
  title: string;
  description: string;
  /** Scheme and host the canonical and alternate URLs start with (`PUBLIC_URL`). */
  origin: string;
  siteName: string;
  /**
   * `admin`: the operator's page, neither indexed nor followed (its links lead nowhere a crawler
   * should go from there), and never given a canonical or alternates whatever its path.
   */
  kind?: 'page' | 'admin';
}

export interface HeadTags {
  title: string;
  htmlLang: string;
  htmlDir: 'ltr' | 'rtl';
  meta: { key: 'name' | 'property'; name: string; content: string }[];
  links: { rel: string; href: string; hreflang?: string }[];
}

export const OG_IMAGE_PATH = '/og-image.jpg';

function robots(path: string | null, kind: PageHeadInput['kind']): string {
  if (kind === 'admin') return 'noindex, nofollow';
  return path === null ? 'noindex, follow' : 'index, follow';
}

export function pageHead({ code, path, title, description, origin, siteName, kind = 'page' }: PageHeadInput): HeadTags {
  const language = languageByCode(code);
  const url = (inLanguage: LanguageCode) => origin + localizedPath(path ?? '/', inLanguage);
  const meta: HeadTags['meta'] = [
    { key: 'name', name: 'description', content: description },
    { key: 'name', name: 'robots', content: robots(path, kind) },
  ];
  const links: HeadTags['links'] = [];
  if (path !== null && kind !== 'admin') {
    // The canonical names this very URL, prefix included: pointing /de/about at /about (as the
    // original did) would tell search engines that every translation is a duplicate of English.
    links.push({ rel: 'canonical', href: url(code) });
    for (const other of LANGUAGES) links.push({ rel: 'alternate', hreflang: other.tag, href: url(other.code) });
    links.push({ rel: 'alternate', hreflang: 'x-default', href: url(DEFAULT_LANGUAGE.code) });
    meta.push(
      { key: 'property', name: 'og:type', content: 'website' },
      { key: 'property', name: 'og:site_name', content: siteName },
      { key: 'property', name: 'og:title', content: title },
      { key: 'property', name: 'og:description', content: description },
      { key: 'property', name: 'og:url', content: url(code) },
      { key: 'property', name: 'og:image', content: origin + OG_IMAGE_PATH },
      { key: 'property', name: 'og:image:width', content: '1200' },
      { key: 'property', name: 'og:image:height', content: '630' },
      { key: 'property', name: 'og:locale', content: language.ogLocale },
      ...LANGUAGES.filter((other) => other.code !== code).map((other) => ({
        key: 'property' as const,
        name: 'og:locale:alternate',
        content: other.ogLocale,
      })),
      { key: 'name', name: 'twitter:card', content: 'summary_large_image' },
      { key: 'name', name: 'twitter:title', content: title },
      { key: 'name', name: 'twitter:description', content: description },
      { key: 'name', name: 'twitter:image', content: origin + OG_IMAGE_PATH },
    );
  }
  return { title, htmlLang: language.tag, htmlDir: language.dir, meta, links };
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
export const escapeHtml = (value: string) => value.replace(/[&"<>]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);

/** Marks the tags this module owns, so the browser can replace exactly them on navigation. */
export const HEAD_MARK = 'data-page-head';

export function headTagsToHtml(tags: HeadTags): string {
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    ...tags.meta.map((tag) => `<meta ${HEAD_MARK} ${tag.key}="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}" />`),
    ...tags.links.map(
      (link) =>
        `<link ${HEAD_MARK} rel="${link.rel}"${link.hreflang ? ` hreflang="${link.hreflang}"` : ''} href="${escapeHtml(link.href)}" />`,
    ),
  ].join('\n    ');
}

/** Brings the live document's head in line with `tags` (client-side navigation). */
export function applyHeadTags(tags: HeadTags, doc: Document = document): void {
  doc.title = tags.title;
  doc.documentElement.lang = tags.htmlLang;
  doc.documentElement.dir = tags.htmlDir;
  for (const element of doc.head.querySelectorAll(`[${HEAD_MARK}]`)) element.remove();
  for (const tag of tags.meta) {
    const element = doc.createElement('meta');
    element.setAttribute(HEAD_MARK, '');
    element.setAttribute(tag.key, tag.name);
    element.content = tag.content;
    doc.head.append(element);
  }
  for (const link of tags.links) {
    const element = doc.createElement('link');
    element.setAttribute(HEAD_MARK, '');
    element.rel = link.rel;
    if (link.hreflang) element.hreflang = link.hreflang;
    element.href = link.href;
    doc.head.append(element);
  }
}
