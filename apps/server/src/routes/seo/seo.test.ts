import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, SITE_FILES } from '../../testing/helper.js';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const PUBLIC_URL = 'https://archive-opener.example';
const BUILT_AT = '2026-05-04T03:02:01.000Z';

describe('search-engine files', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build({
      env: { PUBLIC_URL },
      files: { ...SITE_FILES, 'pages/build-info.json': JSON.stringify({ builtAt: BUILT_AT }) },
    });
  });
  afterAll(() => app.close());

  it('serves robots.txt as plain text that allows crawling and names the sitemap, never naming the admin page', async () => {
    const res = await app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual(['User-agent: *', 'Allow: /', '', `Sitemap: ${PUBLIC_URL}/sitemap.xml`, '']);
    // A Disallow would advertise the path and hide the page's own noindex from crawlers.
    expect(res.body).not.toContain('admin');
  });

  describe('sitemap.xml', () => {
    let doc: Document;
    let contentType: string | undefined;
    beforeAll(async () => {
      const res = await app.inject('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      contentType = String(res.headers['content-type']);
      doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
    });

    const urls = () => [...doc.getElementsByTagNameNS(SITEMAP_NS, 'url')];
    const text = (url: Element, name: string) => url.getElementsByTagNameNS(SITEMAP_NS, name)[0]?.textContent ?? '';

    it('is well-formed XML served as application/xml, in the sitemap namespace', () => {
      expect(contentType).toBe('application/xml; charset=utf-8');
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(doc.documentElement.localName).toBe('urlset');
      expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
    });

    it('lists home, about and privacy in all 14 languages, once each, as absolute URLs', () => {
      const locations = urls().map((url) => text(url, 'loc'));
      expect(locations).toHaveLength(42);
      expect(new Set(locations).size).toBe(42);
      expect(locations).toEqual(
        expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/about`, `${PUBLIC_URL}/ar`, `${PUBLIC_URL}/tw/privacy`]),
      );
      for (const location of locations) expect(location.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      expect(locations.some((location) => location.includes('admin'))).toBe(false);
    });

    it('gives the change frequencies and priorities of docs/product.md#search-engines, English a notch higher', () => {
      const entry = (loc: string) => urls().find((url) => text(url, 'loc') === loc);
      const facts = (loc: string) => {
        const url = entry(loc);
        return url ? [text(url, 'changefreq'), text(url, 'priority')] : undefined;
      };
      expect(facts(`${PUBLIC_URL}/`)).toEqual(['daily', '1.0']);
      expect(facts(`${PUBLIC_URL}/es`)).toEqual(['daily', '0.9']);
      expect(facts(`${PUBLIC_URL}/about`)).toEqual(['monthly', '0.8']);
      expect(facts(`${PUBLIC_URL}/jp/about`)).toEqual(['monthly', '0.7']);
      expect(facts(`${PUBLIC_URL}/privacy`)).toEqual(['monthly', '0.6']);
      expect(facts(`${PUBLIC_URL}/ar/privacy`)).toEqual(['monthly', '0.5']);
      for (const url of urls()) {
        // Only the children the schema allows, in its order (loc, lastmod, changefreq, priority).
        const children = [...url.children].filter((child) => child.namespaceURI === SITEMAP_NS).map((child) => child.localName);
        expect(children).toEqual(['loc', 'lastmod', 'changefreq', 'priority']);
        expect(text(url, 'lastmod')).toBe('2026-05-04T03:02:01Z');
      }
    });

    it('declares every translation of each URL, itself included, plus x-default → English', () => {
      for (const url of urls()) {
        const links = [...url.getElementsByTagNameNS(XHTML_NS, 'link')];
        expect(links).toHaveLength(15);
        const byLang = new Map(links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
        expect(byLang.size).toBe(15);
        expect([...byLang.values()]).toContain(text(url, 'loc'));
        for (const link of links) expect(link.getAttribute('rel')).toBe('alternate');
      }
      const about = urls().find((url) => text(url, 'loc') === `${PUBLIC_URL}/de/about`);
      const alternates = new Map(
        [...(about?.getElementsByTagNameNS(XHTML_NS, 'link') ?? [])].map((link) => [
          link.getAttribute('hreflang'),
          link.getAttribute('href'),
        ]),
      );
      expect(alternates.get('x-default')).toBe(`${PUBLIC_URL}/about`);
      expect(alternates.get('zh-TW')).toBe(`${PUBLIC_URL}/tw/about`);
      expect(alternates.get('hi')).toBe(`${PUBLIC_URL}/in/about`);
      expect(alternates.get('pt-BR')).toBe(`${PUBLIC_URL}/pt/about`);
    });
  });
});
