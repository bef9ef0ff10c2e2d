// A new release reaches a visitor whose page the service worker already controls: the page shows
// "Reload to update", and taking it reloads the page under the new worker
// (docs/decisions/033-installable-offline-app.md). The site is served from a copy of the build,
// so the test can publish a "new version" of sw.js without touching the real one.
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { newDataDir } from '@archive-opener/test-support/pglite-template';
import { ROOT, startSite, type RunningSite } from '@archive-opener/test-support/site';
import { newBrowserContext } from './support/browser-context.js';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
let workDir: string;
let dataDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ao-offline-update-'));
  await cp(`${ROOT}apps/web/dist`, join(workDir, 'web'), { recursive: true, filter: (source) => !source.endsWith('.map') });
  dataDir = await newDataDir('ao-e2e-update-');
  [site, browser] = await Promise.all([startSite({ DATA_DIR: dataDir, WEB_ROOT: join(workDir, 'web') }), launchChromium()]);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.stop();
  for (const dir of [workDir, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

/** The script URL and state of the worker that controls the page, and of one waiting, if any. */
function workers(context: BrowserContext) {
  const page = context.pages()[0]!;
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      active: registration?.active?.state ?? null,
      waiting: registration?.waiting !== null && registration?.waiting !== undefined,
    };
  });
}

describe('a new version of the site', () => {
  it('is offered as "Reload to update", and taking it reloads the page under the new worker', async () => {
    context = await newBrowserContext(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(site.url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // A release: sw.js changes (its precache list would, with new chunks).
    await appendFile(join(workDir, 'web', 'sw.js'), `\n// release ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const offer = page.getByRole('button', { name: 'Reload to update' });
    await offer.waitFor();
    await page.getByText('A new version of Archive Opener is ready.').waitFor();
    expect(await workers(context)).toEqual({ active: 'activated', waiting: true });

    await Promise.all([page.waitForEvent('load'), offer.click()]);
    await page.getByRole('button', { name: 'Select Archive File' }).waitFor();
    expect(await workers(context)).toEqual({ active: 'activated', waiting: false });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  });
});
