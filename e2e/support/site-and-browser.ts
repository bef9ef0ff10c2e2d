import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.js';
import { startSite, type RunningSite } from './site.js';

export interface SiteAndBrowser {
  site: RunningSite;
  browser: Browser;
}

/**
 * The built site on its real server and one Chromium, started before a test file's tests and
 * stopped after them. Read the fields inside tests (they are set once beforeAll has run).
 */
export function useSiteAndBrowser(): SiteAndBrowser {
  const shared = {} as SiteAndBrowser;
  beforeAll(async () => {
    [shared.site, shared.browser] = await Promise.all([startSite(), launchChromium()]);
  });
  afterAll(async () => {
    await shared.browser?.close();
    await shared.site?.stop();
  });
  return shared;
}
