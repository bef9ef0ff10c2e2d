// The website as a visitor gets it (production build, real server, headless Chromium): how much
// JavaScript the home page loads before anyone touches it, and how long a dropped 50 MB archive
// takes to be listed and to be fully extracted and shown.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { ROOT, startSite } from '@archive-opener/test-support/site';
import { RUNS } from './measure.js';
import type { Format } from './native-tools.js';

export interface SiteResults {
  initialJs: { gzipKB: number; brotliKB: number; files: string[] };
  formats: Partial<Record<Format, SiteTiming | Error>>;
}

export interface SiteTiming {
  /** Seconds from the drop to the archive's names being listed on the page. */
  listSeconds: number[];
  /** Seconds from the drop to every file being extracted and shown in the file manager. */
  readySeconds: number[];
}

interface Marks {
  drop?: number;
  listed?: number;
  ready?: number;
}

export async function timeSite(archives: Record<Format, string>): Promise<SiteResults> {
  const site = await startSite();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      // The page as the network gives it, as in earlier runs: the service worker's precache would
      // download the whole site in the background of the timed runs (bench/offline.ts times it).
      serviceWorkers: 'block',
    });
    const page = await context.newPage();

    // Initial JavaScript: every script the home page fetches until the network is idle, untouched.
    const scripts: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    await page.goto(site.url, { waitUntil: 'networkidle' });
    page.off('request', onRequest);
    let gzip = 0;
    let brotli = 0;
    for (const path of scripts) {
      const bytes = await readFile(join(ROOT, 'apps/web/dist', path));
      gzip += gzipSync(bytes, { level: 9 }).length;
      brotli += brotliCompressSync(bytes).length;
    }
    const initialJs = { gzipKB: gzip / 1024, brotliKB: brotli / 1024, files: scripts };

    const formats: SiteResults['formats'] = {};
    for (const [format, archive] of Object.entries(archives) as [Format, string][]) {
      try {
        const timing: SiteTiming = { listSeconds: [], readySeconds: [] };
        for (let run = 0; run <= RUNS; run += 1) {
          const marks = await dropAndExtract(page, site.url, archive);
          if (run === 0) continue; // warm-up: HTTP cache and compiled code, as for a returning visitor
          timing.listSeconds.push(((marks.listed ?? NaN) - (marks.drop ?? NaN)) / 1000);
          timing.readySeconds.push(((marks.ready ?? NaN) - (marks.drop ?? NaN)) / 1000);
        }
        formats[format] = timing;
      } catch (error) {
        formats[format] = error instanceof Error ? error : new Error(String(error));
      }
    }
    await context.close();
    return { initialJs, formats };
  } finally {
    await browser.close();
    await site.stop();
  }
}

/** One visit: drop the archive, wait for its listing, press Extract, wait for the files. Marks come from the page's clock. */
async function dropAndExtract(page: Page, url: string, archive: string): Promise<Marks> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Select Archive File' }).waitFor();
  await page.evaluate(() => {
    const marks: Marks = {};
    (window as unknown as { benchMarks: Marks }).benchMarks = marks;
    document
      .querySelector('input[type=file]')
      ?.addEventListener('change', () => (marks.drop ??= performance.now()), { once: true });
    new MutationObserver(() => {
      if (marks.listed === undefined && document.querySelector('[data-listed]')) marks.listed = performance.now();
      if (marks.ready === undefined && document.querySelector('[data-file-name]')) marks.ready = performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  // A visitor's file always comes after the pointer, the focus or the dragged file met the drop
  // zone, which prepares the engine (prepareEngine in engine-client.ts); setInputFiles alone
  // would skip that. The file follows at once here, so the preparation has no head start.
  await page.getByRole('button', { name: 'Select Archive File' }).hover();
  await page.locator('input[type=file]').setInputFiles(archive);
  await page.locator('[data-listed]').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Extract Files Now' }).click();
  await page.locator('[data-file-name]').first().waitFor({ timeout: 180_000 });
  return page.evaluate(() => (window as unknown as { benchMarks: Marks }).benchMarks);
}
