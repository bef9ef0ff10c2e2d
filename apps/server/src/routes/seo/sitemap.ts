// The sitemap (sitemaps.org protocol 0.9 with Google's xhtml:link language alternates): every page
// in every language, each listing all its translations and x-default → English.
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, SITE_PAGES } from '@archive-opener/shared';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** `builtAt`: the web build's date, each page's `lastmod` (left out when unknown). */
export function sitemapXml(publicUrl: string, builtAt: Date | null = null): string {
  const lastmod = builtAt ? [`    <lastmod>${builtAt.toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>`] : [];
  const urls = SITE_PAGES.flatMap((page) => {
    const alternates = [
      ...LANGUAGES.map((language) => ({ hreflang: language.tag, href: publicUrl + localizedPath(page.path, language.code) })),
      { hreflang: 'x-default', href: publicUrl + localizedPath(page.path, DEFAULT_LANGUAGE.code) },
    ]
      .map((link) => `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${xml(link.href)}"/>`)
      .join('\n');
    return LANGUAGES.map((language) => {
      const priority = language.code === DEFAULT_LANGUAGE.code ? page.priority.default : page.priority.translated;
      return [
        '  <url>',
        `    <loc>${xml(publicUrl + localizedPath(page.path, language.code))}</loc>`,
        ...lastmod,
        `    <changefreq>${page.changefreq}</changefreq>`,
        `    <priority>${priority.toFixed(1)}</priority>`,
        alternates,
        '  </url>',
      ].join('\n');
    });
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(publicUrl: string): string {
  // The admin page is not disallowed here: that would advertise its address to anyone reading this
  // file, and a crawler that may not fetch it never sees its noindex (it could still index the bare
  // URL from a link). The page says noindex, nofollow itself, in its HTML and its headers.
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
