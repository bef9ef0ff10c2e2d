import type { BrowserContext } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { newBrowserContext } from './browser-context.js';
import { ExtractorPage } from './extractor-page.js';
import type { SiteAndBrowser } from './site-and-browser.js';

/** The window a test works in; read its fields inside tests (set once beforeEach has run). */
export interface ExtractorTab {
  context: BrowserContext;
  ui: ExtractorPage;
}

/**
 * A fresh window (storage of its own, downloads allowed) on the extractor for each test of a file,
 * closed after it, so that no test sees another's files, settings or stored output. `prepare`
 * runs once the page is open (server mode switched on, say).
 */
export function useExtractorTab(env: SiteAndBrowser, prepare?: (ui: ExtractorPage) => Promise<void>): ExtractorTab {
  const tab = {} as ExtractorTab;
  beforeEach(async () => {
    tab.context = await newBrowserContext(env.browser, { acceptDownloads: true });
    tab.ui = new ExtractorPage(await tab.context.newPage());
    await tab.ui.open(env.site.url);
    await prepare?.(tab.ui);
  });
  afterEach(async () => {
    await tab.context?.close();
  });
  return tab;
}
