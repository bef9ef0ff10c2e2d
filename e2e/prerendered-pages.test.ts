// The build's prerendered pages, read as a crawler without JavaScript reads them. `npm test` builds
// the site first; this checks what it wrote to apps/web/dist/pages.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  LANGUAGES,
  languageByCode,
  localizedPath,
  prerenderedPageFile,
  PUBLIC_URL_TOKEN,
  SITE_PAGES,
} from '@archive-opener/shared';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { ROOT } from '@archive-opener/test-support/site';

const WEB_ROOT = join(ROOT, 'apps/web/dist');
const LOCALES = join(ROOT, 'apps/web/src/i18n/locales');

function page(code: (typeof LANGUAGES)[number]['code'], pageId: string): Document {
  const html = readFileSync(join(WEB_ROOT, prerenderedPageFile(code, pageId as 'home')), 'utf8');
  return new JSDOM(html).window.document;
}

function strings(code: string, file: string): Record<string, Record<string, Record<string, string>>> {
  return JSON.parse(readFileSync(join(LOCALES, code, `${file}.json`), 'utf8')) as Record<
    string,
    Record<string, Record<string, string>>
  >;
}

describe('prerendered pages', () => {
  it('exist for home, about and privacy in all 14 languages, plus a 404 and an admin page in each', () => {
    for (const { code } of LANGUAGES) {
      for (const id of [...SITE_PAGES.map((sitePage) => sitePage.id), '404', 'admin'] as const) {
        expect(existsSync(join(WEB_ROOT, prerenderedPageFile(code, id))), `${code}/${id}`).toBe(true);
      }
    }
    const files = LANGUAGES.flatMap(({ code }) => readdirSync(join(WEB_ROOT, 'pages', code)));
    expect(files).toHaveLength(14 * 5);
  });

  it.each(['en', 'de', 'ar'] as const)(
    'admin page (%s): never indexed, no canonical, only the session check prerendered',
    (code) => {
      const doc = page(code, 'admin');
      expect(doc.documentElement.lang).toBe(languageByCode(code).tag);
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
      expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
      expect(doc.querySelectorAll('link[rel="alternate"][hreflang]')).toHaveLength(0);
      const admin = strings(code, 'admin') as unknown as { checkingSession: string };
      expect(doc.body.textContent).toContain(admin.checkingSession);
      // No login form before the page knows whether the admin is logged in.
      expect(doc.querySelector('input[type="password"]')).toBeNull();
    },
  );

  const SAMPLE = ['en', 'de', 'ar', 'jp', 'tw', 'ru'] as const;

  describe.each(SAMPLE)('%s', (code) => {
    const language = languageByCode(code);
    const common = strings(code, 'common');
    const meta = common.meta as unknown as Record<string, { title: string; description: string }>;

    it.each(SITE_PAGES.map((sitePage) => sitePage.id))('%s page has its translated content and head', (id) => {
      const doc = page(code, id);
      expect(doc.documentElement.lang).toBe(language.tag);
      expect(doc.documentElement.dir).toBe(language.dir);
      expect(doc.title).toBe(meta[id]?.title);
      expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(meta[id]?.description);
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index, follow');

      const h1 = doc.querySelector('h1')?.textContent;
      const expectedH1 = id === 'home' ? strings(code, 'home').hero?.title : (strings(code, id).title as unknown as string);
      expect(h1).toBe(expectedH1);

      const path = SITE_PAGES.find((sitePage) => sitePage.id === id)?.path ?? '/';
      const canonical = doc.querySelectorAll('link[rel="canonical"]');
      expect(canonical).toHaveLength(1);
      expect(canonical[0]?.getAttribute('href')).toBe(PUBLIC_URL_TOKEN + localizedPath(path, code));

      const alternates = [...doc.querySelectorAll('link[rel="alternate"][hreflang]')];
      expect(alternates).toHaveLength(15);
      const byLang = new Map(alternates.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
      expect(byLang.get('x-default')).toBe(PUBLIC_URL_TOKEN + path);
      for (const other of LANGUAGES) expect(byLang.get(other.tag)).toBe(PUBLIC_URL_TOKEN + localizedPath(path, other.code));

      expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe(language.ogLocale);
      expect(doc.querySelectorAll('meta[property="og:locale:alternate"]')).toHaveLength(13);
      expect(doc.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
      // Footer links carry the language prefix.
      expect([...doc.querySelectorAll('footer a')].map((link) => link.getAttribute('href'))).toEqual([
        localizedPath('/about', code),
        localizedPath('/privacy', code),
      ]);
    });

    it('404 page is not indexed and has no canonical', () => {
      const doc = page(code, '404');
      expect(doc.querySelector('h1')?.textContent).toBe(common.notFound?.title);
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, follow');
      expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    });
  });

  it('run no inline script: only files and JSON data (the CSP allows nothing else)', () => {
    for (const { code } of LANGUAGES) {
      for (const id of ['home', 'about', 'privacy', '404']) {
        for (const script of page(code, id).querySelectorAll('script')) {
          const type = script.getAttribute('type');
          expect(
            script.hasAttribute('src') || type === 'application/json' || type === 'application/ld+json',
            `${code}/${id}`,
          ).toBe(true);
        }
      }
    }
  });

  it('keep every title within 60 characters and every description within 160, in all 14 languages', () => {
    const tooLong: string[] = [];
    for (const { code } of LANGUAGES) {
      for (const id of ['home', 'about', 'privacy', '404', 'admin']) {
        const doc = page(code, id);
        const title = [...(doc.title ?? '')].length;
        const description = [...(doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? '')].length;
        if (title === 0 || title > 60) tooLong.push(`${code}/${id} title ${title}`);
        if (description === 0 || description > 160) tooLong.push(`${code}/${id} description ${description}`);
      }
    }
    expect(tooLong).toEqual([]);
  });

  it('describe the site as a WebApplication, and the home page FAQ as an FAQPage, in JSON-LD', () => {
    for (const { code, tag } of LANGUAGES) {
      const data = (id: string) =>
        [...page(code, id).querySelectorAll('script[type="application/ld+json"]')].map(
          (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
        );
      const home = data('home');
      expect(home.map((item) => item['@type'])).toEqual(['WebApplication', 'FAQPage']);
      expect(home[0]).toMatchObject({
        '@context': 'https://schema.org',
        inLanguage: tag,
        url: `${PUBLIC_URL_TOKEN}${localizedPath('/', code)}`,
      });
      const faq = home[1] as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
      const strings_ = strings(code, 'home').faq as unknown as Record<string, string>;
      expect(faq.mainEntity).toHaveLength(10);
      expect(faq.mainEntity[0]?.name).toBe(strings_.q1);
      // The answers as the page shows them (their numbers filled in).
      expect(page(code, 'home').body.textContent).toContain(faq.mainEntity[9]?.acceptedAnswer.text);
      expect(data('about').map((item) => item['@type'])).toEqual(['WebApplication']);
      expect(data('404')).toEqual([]);
      expect(data('admin')).toEqual([]);
    }
  });

  it('home carries the FAQ (below the fold, lazily loaded in the browser) for crawlers', () => {
    const doc = page('de', 'home');
    const faq = strings('de', 'home').faq as unknown as Record<string, string>;
    expect(doc.body.textContent).toContain(faq.q1);
    expect(doc.body.textContent).toContain(faq.a10);
  });
});
