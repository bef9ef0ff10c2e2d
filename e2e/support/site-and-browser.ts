import { rm } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { newDataDir } from '@archive-opener/test-support/pglite-template';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { startSite, type RunningSite } from '@archive-opener/test-support/site';

export interface SiteAndBrowser {
  site: RunningSite;
  browser: Browser;
}

/**
 * The built site on its real server and one Chromium, started before a test file's tests and
 * stopped after them. Read the fields inside tests (they are set once beforeAll has run). Each
 * server has a data folder of its own: test files run in parallel, and two PGlite servers must
 * never open one folder.
 */
export function useSiteAndBrowser(): SiteAndBrowser {
  const shared = {} as SiteAndBrowser;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await newDataDir('ao-e2e-site-');
    [shared.site, shared.browser] = await Promise.all([startSite({ DATA_DIR: dataDir }), launchChromium()]);
  });
  afterAll(async () => {
    await shared.browser?.close();
    await shared.site?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return shared;
}
