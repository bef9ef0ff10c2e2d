import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { newBrowserContext } from './support/browser-context.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

const env = useSiteAndBrowser();

/** A fresh visitor (no stored choice) whose browser asks for `locale`, collecting page errors. */
async function visitor(locale = 'en-US'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newBrowserContext(env.browser, { locale });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // React reports hydration mismatches as console errors; a prerendered page must hydrate cleanly.
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Hydrated: the page's scripts ran and React took over the prerendered markup. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

describe('languages', () => {
  it('switching from /about to German lands on /de/about in German, and / then opens in German', async () => {
    const { context, page, errors } = await visitor();
    try {
      await page.goto(`${env.site.url}/about`);
      await hydrated(page);
      await expect(page.locator('h1').textContent()).resolves.toBe('About Archive Opener');
      const historyLength = await page.evaluate(() => history.length);

      await page.getByRole('button', { name: /Change language/ }).click();
      await page.getByRole('menu', { name: 'Language' }).getByRole('menuitem', { name: 'Deutsch' }).click();
      await page.waitForURL(`${env.site.url}/de/about`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Über Archive Opener');
      expect(await page.evaluate(() => [document.documentElement.lang, document.title])).toEqual([
        'de',
        expect.stringContaining('Archive Opener') as string,
      ]);
      // The switch replaced the history entry instead of adding one.
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${env.site.url}/de/about`);
      // Internal links now carry the prefix.
      expect(await page.getByRole('contentinfo').getByRole('link').first().getAttribute('href')).toBe('/de/about');

      await page.goto(`${env.site.url}/`);
      await page.waitForURL(`${env.site.url}/de`);
      await hydrated(page);
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');
      await expect(page.locator('h1').textContent()).resolves.toMatch(/RAR, ZIP, 7Z/);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

      // Back to English through the switcher: the prefix is removed and English is remembered.
      await page.getByRole('button', { name: /Sprache/ }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.waitForURL(`${env.site.url}/`);
      await page.goto(`${env.site.url}/privacy`);
      await hydrated(page);
      await expect(page.locator('h1').textContent()).resolves.toBe('Privacy policy');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a first visit follows the browser language, and ?lng= beats it', async () => {
    const { context, page, errors } = await visitor('ja-JP');
    try {
      await page.goto(`${env.site.url}/privacy`);
      await page.waitForURL(`${env.site.url}/jp/privacy`);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${env.site.url}/?lng=fr`);
      await page.waitForURL(`${env.site.url}/fr`);
      await hydrated(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('visiting a prefixed page (even a 404) does not store its language: / stays English', async () => {
    const { context, page } = await visitor();
    try {
      for (const path of ['/ar/nope', '/de/about']) {
        await page.goto(`${env.site.url}${path}`);
        await hydrated(page);
      }
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBeNull();
      for (const path of ['/', '/about']) {
        await page.goto(`${env.site.url}${path}`);
        await hydrated(page);
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      }
    } finally {
      await context.close();
    }
  });

  it('/ar is right-to-left, in Arabic, and hydrates without a mismatch', async () => {
    const { context, page, errors } = await visitor();
    try {
      const response = await page.goto(`${env.site.url}/ar`);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
      // The header's title sits on the right in right-to-left.
      const title = await page.getByRole('banner').getByRole('link').first().boundingBox();
      expect(title && title.x).toBeGreaterThan(600);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an unknown address answers 404 with the 404 page in its language', async () => {
    const { context, page } = await visitor();
    try {
      const response = await page.goto(`${env.site.url}/de/no-such-page`);
      expect(response?.status()).toBe(404);
      await hydrated(page);
      await expect(page.getByRole('link', { name: 'Zur Startseite' }).isVisible()).resolves.toBe(true);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    } finally {
      await context.close();
    }
  });
});

describe('accessibility (axe-core) of every page in English and Arabic', () => {
  const pages = ['/', '/about', '/privacy', '/no-such-page', '/ar', '/ar/about', '/ar/privacy', '/ar/no-such-page'];
  it.each(pages)('%s has no violations', async (path) => {
    const { context, page } = await visitor();
    try {
      await page.goto(`${env.site.url}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});
