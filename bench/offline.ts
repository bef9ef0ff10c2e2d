// The installed app without a network (docs/decisions/033-installable-offline-app.md): after one
// visit, how long a reload of / takes offline to paint, to take a file, and to show the files of a
// small ZIP chosen at once (the engine's worker and 7zz.wasm then come from the service worker's
// precache); and whether Chromium finds the site installable (Lighthouse 12 no longer audits that).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { launchPersistentChromium } from '@archive-opener/test-support/chromium';
import { startSite } from '@archive-opener/test-support/site';
import { median, RUNS } from './measure.js';

export interface OfflineResults {
  /** Chromium's installability errors (Page.getInstallabilityErrors): none means installable. */
  installabilityErrors: string[];
  /** Per run, ms from the offline reload's navigation start. */
  firstPaintMs: number[];
  dropZoneReadyMs: number[];
  filesShownMs: number[];
}

const SMALL_ZIP = Buffer.from(zipSync({ 'offline/readme.txt': new TextEncoder().encode('offline\n') }));

export async function timeOfflineApp(): Promise<OfflineResults> {
  const site = await startSite();
  const profile = await mkdtemp(join(tmpdir(), 'ao-bench-offline-'));
  // A profile of its own: an incognito window can install nothing.
  const context = await launchPersistentChromium(profile, { viewport: { width: 1280, height: 900 } });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(site.url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    await context.setOffline(true);
    const results: OfflineResults = {
      installabilityErrors: installabilityErrors.map((error) => error.errorId),
      firstPaintMs: [],
      dropZoneReadyMs: [],
      filesShownMs: [],
    };
    for (let run = 0; run <= RUNS; run += 1) {
      await page.reload();
      await page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
      const ready = await page.evaluate(() => performance.now());
      // As a visitor does: the pointer meets the drop zone (which prepares the engine), a file follows.
      await page.getByRole('button', { name: 'Select Archive File' }).hover();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'offline.zip', mimeType: 'application/zip', buffer: SMALL_ZIP });
      await page.getByRole('button', { name: 'Extract Files Now' }).click();
      await page.locator('[data-file-name="readme.txt"]').waitFor({ timeout: 60_000 });
      const shown = await page.evaluate(() => performance.now());
      const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
      if (run === 0) continue; // warm-up, as for the other site measurements
      results.firstPaintMs.push(paint);
      results.dropZoneReadyMs.push(ready);
      results.filesShownMs.push(shown);
    }
    return results;
  } finally {
    await context.close();
    await site.stop();
    await rm(profile, { recursive: true, force: true });
  }
}

export function offlineLines(results: OfflineResults | undefined, missed: string[]): string[] {
  if (!results) return ['offline app: not measured (see notes)'];
  const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
  if (results.installabilityErrors.length > 0) missed.push('installable');
  return [
    `offline reload of / (median of ${results.firstPaintMs.length}, from navigation start): first paint ${ms(results.firstPaintMs)}, ` +
      `drop zone ready ${ms(results.dropZoneReadyMs)}, a small ZIP's files shown ${ms(results.filesShownMs)}`,
    `installable (Chromium's Page.getInstallabilityErrors): ${results.installabilityErrors.length === 0 ? 'yes' : `no: ${results.installabilityErrors.join(', ')}`}`,
  ];
}
