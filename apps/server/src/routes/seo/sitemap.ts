// The sitemap (sitemaps.org protocol 0.9 with Google's xhtml:link language alternates): every page
// in every language, each listing all its translations and x-default → English.
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, SITE_PAGES } from '@archive-opener/shared';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

export function sitemapXml(publicUrl: string): string {
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
  // The admin page is not for search engines (it also says noindex itself).
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin-summer',
    ...LANGUAGES.filter((l) => l.code !== DEFAULT_LANGUAGE.code).map((l) => `Disallow: /${l.code}/admin-summer`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
