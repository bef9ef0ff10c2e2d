import { describe, expect, it } from 'vitest';
import { applyHeadTags, headTagsToHtml, pageHead } from './page-head';

const base = {
  title: 'Über Archive Opener',
  description: 'Beschreibung',
  origin: 'https://ao.example',
  siteName: 'Archive Opener',
};

describe('pageHead', () => {
  it('names the page itself as canonical, prefix included, with all 14 alternates and x-default → English', () => {
    const head = pageHead({ ...base, code: 'de', path: '/about' });
    expect(head.links.filter((link) => link.rel === 'canonical')).toEqual([
      { rel: 'canonical', href: 'https://ao.example/de/about' },
    ]);
    const alternates = head.links.filter((link) => link.rel === 'alternate');
    expect(alternates).toHaveLength(15);
    expect(alternates).toContainEqual({ rel: 'alternate', hreflang: 'x-default', href: 'https://ao.example/about' });
    expect(alternates).toContainEqual({ rel: 'alternate', hreflang: 'zh-TW', href: 'https://ao.example/tw/about' });
    expect(alternates).toContainEqual({ rel: 'alternate', hreflang: 'de', href: 'https://ao.example/de/about' });
    expect(head.meta).toContainEqual({ key: 'property', name: 'og:locale', content: 'de_DE' });
    expect(head.meta.filter((tag) => tag.name === 'og:locale:alternate')).toHaveLength(13);
    expect(head.meta).toContainEqual({ key: 'name', name: 'twitter:card', content: 'summary_large_image' });
    expect(head.meta).toContainEqual({ key: 'name', name: 'robots', content: 'index, follow' });
    expect([head.htmlLang, head.htmlDir]).toEqual(['de', 'ltr']);
  });

  it('gives the English home page the bare address and Arabic right-to-left', () => {
    expect(pageHead({ ...base, code: 'en', path: '/' }).links[0]).toEqual({ rel: 'canonical', href: 'https://ao.example/' });
    expect(pageHead({ ...base, code: 'ar', path: '/' }).links[0]).toEqual({ rel: 'canonical', href: 'https://ao.example/ar' });
    expect(pageHead({ ...base, code: 'ar', path: '/' }).htmlDir).toBe('rtl');
  });

  it('keeps a page without a path (404) out of the index, without canonical or alternates', () => {
    const head = pageHead({ ...base, code: 'fr', path: null });
    expect(head.links).toEqual([]);
    expect(head.meta).toContainEqual({ key: 'name', name: 'robots', content: 'noindex, follow' });
  });

  it('keeps the admin page out of the index and tells crawlers not to follow its links', () => {
    const head = pageHead({ ...base, code: 'ar', path: '/admin-summer', kind: 'admin' });
    expect(head.links).toEqual([]);
    expect(head.meta.filter((tag) => tag.name === 'robots')).toEqual([
      { key: 'name', name: 'robots', content: 'noindex, nofollow' },
    ]);
    expect(head.meta.some((tag) => tag.key === 'property')).toBe(false);
    expect([head.title, head.htmlLang, head.htmlDir]).toEqual([base.title, 'ar', 'rtl']);
  });
});

describe('headTagsToHtml', () => {
  it('escapes what could break out of an attribute or the title', () => {
    const html = headTagsToHtml(pageHead({ ...base, title: 'A "quoted" <b>', description: 'x & y', code: 'en', path: '/' }));
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;</title>');
    expect(html).toContain('content="x &amp; y"');
    expect(html).not.toContain('<b>');
  });
});

describe('applyHeadTags', () => {
  it('replaces the previous page’s tags and sets <html lang dir>', () => {
    applyHeadTags(pageHead({ ...base, code: 'de', path: '/about' }));
    applyHeadTags(pageHead({ ...base, title: 'سياسة الخصوصية', code: 'ar', path: '/privacy' }));
    expect(document.title).toBe('سياسة الخصوصية');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://ao.example/ar/privacy');
    expect(document.querySelectorAll('link[rel="alternate"]')).toHaveLength(15);
  });
});
