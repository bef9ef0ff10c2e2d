import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { newBrowserContext } from './browser-context.js';
import { ExtractorPage } from './extractor-page.js';
import type { SiteAndBrowser } from './site-and-browser.js';

export interface ExtractorPages {
  /** A folder of the test file's own for the archives it makes (read it inside tests). */
  folder: string;
  /** A new window on the site, downloads accepted, after `init` scripts; closed after the test. */
  open(init?: (() => void)[]): Promise<ExtractorPage>;
}

/**
 * An `init` script for a window that sees two cores, whatever this machine has: the page shares
 * a large zip or 7z among its cores (apps/web's shared-extraction.ts).
 */
export const SEES_TWO_CORES = (): void =>
  void Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2 });

/** Extractor windows and a scratch folder for a test file, cleaned up after each test and after the file. */
export function useExtractorPages(env: SiteAndBrowser, prefix: string): ExtractorPages {
  let context: BrowserContext | undefined;
  const pages: ExtractorPages = {
    folder: '',
    async open(init = []) {
      context = await newBrowserContext(env.browser, { acceptDownloads: true });
      for (const script of init) await context.addInitScript(script);
      const ui = new ExtractorPage(await context.newPage());
      await ui.open(env.site.url);
      return ui;
    },
  };
  beforeAll(async () => {
    pages.folder = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(pages.folder, { recursive: true, force: true });
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  return pages;
}
