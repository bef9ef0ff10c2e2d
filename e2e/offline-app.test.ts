// The installable app (docs/decisions/033-installable-offline-app.md): after one visit the service
// worker controls the page, the site renders and extracts with no network, server mode says it
// needs one, archives shared to the app open in the extractor, and Chromium finds the app
// installable.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchPersistentChromium } from '@archive-opener/test-support/chromium';
import { newBrowserContext } from './support/browser-context.js';
import { ExtractorPage } from './support/extractor-page.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

const env = useSiteAndBrowser();
let context: BrowserContext;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ao-offline-app-'));
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
});

/** Opens `url` with the service worker allowed and waits until it is active (everything precached). */
async function firstVisit(url: string): Promise<ExtractorPage> {
  context = await newBrowserContext(env.browser, { serviceWorkers: 'allow' });
  const ui = new ExtractorPage(await context.newPage());
  await ui.page.goto(url);
  await ui.page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
  await ui.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  return ui;
}

function controlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/** First paint of the page just loaded, in ms since its navigation started. */
function firstPaintMs(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
}

/** A small ZIP made now, so the test depends on no file the worker could have seen before. */
async function freshZip(): Promise<{ path: string; names: string[] }> {
  const stamp = new Date().toISOString();
  const files = {
    'made-now/readme.txt': new TextEncoder().encode(`made at ${stamp}\n`),
    'made-now/data.bin': new Uint8Array(4096).fill(7),
  };
  const path = join(workDir, `fresh-${Date.now()}.zip`);
  await writeFile(path, zipSync(files));
  return { path, names: Object.keys(files) };
}

describe('the installable app, in Chromium, against the production server', () => {
  it('is controlled by its worker after a reload, then renders / and /de/ and extracts a new ZIP offline', async () => {
    const ui = await firstVisit(env.site.url);
    await ui.page.reload();
    expect(await controlled(ui.page)).toBe(true);

    await context.setOffline(true);
    const started = Date.now();
    await ui.open(env.site.url);
    const shownMs = Date.now() - started;
    expect(await controlled(ui.page)).toBe(true);
    const paintMs = await firstPaintMs(ui.page);

    const zip = await freshZip();
    const choosing = Date.now();
    await ui.choose([zip.path]);
    await ui.extract();
    // The first file's card: the engine loaded (from the precache), listed and extracted.
    await ui.page.locator('article[data-file-name="readme.txt"]').waitFor();
    const extractedMs = Date.now() - choosing;
    await ui.waitForCompletion(zip.names.length);
    console.log(
      `offline: reload of / until the drop zone works ${shownMs} ms (first paint ${paintMs.toFixed(0)} ms); ` +
        `a new ZIP chosen → its files shown ${extractedMs} ms (engine loaded, listed, extracted)`,
    );

    await ui.page.goto(`${env.site.url}/de/`);
    expect(await ui.page.locator('html').getAttribute('lang')).toBe('de');
    await ui.page.getByRole('button', { name: 'Archivdatei auswählen' }).waitFor();
    expect(await controlled(ui.page)).toBe(true);
  });

  it('says plainly, offline, that server extraction needs a connection', async () => {
    const ui = await firstVisit(env.site.url);
    await context.setOffline(true);
    await ui.page.reload();
    await ui.page.getByRole('switch', { name: 'Extract on our server' }).check();
    await ui.page.getByText('You are offline. Extracting on our server needs an internet connection').waitFor();
    await context.setOffline(false);
    await ui.page.getByText('You are offline.').waitFor({ state: 'detached' });
  });

  it('opens archives shared to the app (the share target) in the extractor', async () => {
    const ui = await firstVisit(`${env.site.url}/de`);
    await ui.page.reload();
    const zip = await freshZip();
    // What the share sheet sends: a multipart POST to the manifest's share_target action.
    await ui.page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = '/de/share-target';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'archives';
      input.id = 'shared-archives';
      const send = document.createElement('button');
      send.type = 'submit';
      send.id = 'share';
      send.textContent = 'Share';
      form.append(input, send);
      document.body.append(form);
    });
    await ui.page.locator('#shared-archives').setInputFiles([zip.path]);
    await Promise.all([ui.page.waitForEvent('framenavigated'), ui.page.locator('#share').click()]);
    // The German extractor with the shared archive selected (and listed), the address cleaned, and
    // nothing left behind in the worker's cache.
    await ui.page.getByText(zip.path.slice(zip.path.lastIndexOf('/') + 1)).waitFor();
    expect(new URL(ui.page.url()).pathname).toBe('/de');
    await ui.page.waitForURL((url) => !url.search.includes('shared='));
    const left = await ui.page.evaluate(async () => (await (await caches.open('archive-opener-shared-files')).keys()).length);
    expect(left).toBe(0);
  });

  it('keeps a page opened by "Open with" where it is, so that the launched files reach it', async () => {
    // A German-speaking visitor's browser: an English address is sent on to /de…
    context = await newBrowserContext(env.browser, { locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(env.site.url);
    await page.waitForURL(`${env.site.url}/de`);
    // …but not the page an "Open with" launch opened (the manifest's file_handlers action), which
    // then drops the marker, so a reload follows the visitor's language again.
    await page.goto(`${env.site.url}/?open-with`);
    await page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
    await page.waitForURL(`${env.site.url}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('is installable: Chromium reports no installability errors and reads the manifest', async () => {
    // A browser.newContext() window is incognito, where nothing installs: a profile of its own.
    context = await launchPersistentChromium(join(workDir, 'profile'), { reducedMotion: 'reduce' });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${env.site.url}/de`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(url).toBe(`${env.site.url}/manifests/de.webmanifest`);
    expect(errors).toEqual([]);
  });
});
