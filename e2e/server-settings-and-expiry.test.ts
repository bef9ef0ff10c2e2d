import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newBrowserContext } from './support/browser-context.js';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { ExtractorPage } from './support/extractor-page.js';
import { shownCount, waitUntilShown } from './support/shown.js';
import { startSite, type RunningSite } from '@archive-opener/test-support/site';
import { newDataDir } from '@archive-opener/test-support/pglite-template';

// A server configured away from the defaults: the pages must state its numbers, and its files
// expire under the visitor's eyes.
let site: RunningSite;
let browser: Browser;
let dataDir: string;
let context: BrowserContext;
let ui: ExtractorPage;

beforeAll(async () => {
  dataDir = await newDataDir('ao-e2e-settings-');
  [site, browser] = await Promise.all([
    startSite({ DATA_DIR: dataDir, RETENTION_MINUTES: '15', MAX_UPLOAD_MB: '20', EXTRACT_CONCURRENCY: '3' }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await newBrowserContext(browser, { acceptDownloads: true });
  ui = new ExtractorPage(await context.newPage());
  await ui.open(site.url);
});
afterEach(async () => {
  await context?.close();
});

const serverSwitch = (page: Page) => page.getByRole('switch', { name: 'Extract on our server' });

describe('a server with its own settings', () => {
  it('states its retention, upload limit and concurrency, on the home page (true to server mode) and the privacy page', async () => {
    const { page } = ui;
    await serverSwitch(page).check();
    await page.getByText('Files are kept 15 minutes; max 20 MB.', { exact: false }).waitFor();
    const tiles = page.getByRole('list', { name: 'Why Archive Opener' });
    await tiles.getByText('the files are deleted after 15 minutes', { exact: false }).waitFor();
    await expect(tiles.innerText()).resolves.not.toMatch(/Nothing is uploaded|No upload to wait for/);
    await expect(page.getByText('Nothing uploaded', { exact: false }).count()).resolves.toBe(0);
    // The size check before uploading uses the server's limit too.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'big.zip', mimeType: 'application/zip', buffer: Buffer.alloc(21 * 1024 * 1024) });
    await ui.toast('Maximum file size is 20.0 MB');

    await page.goto(`${site.url}/privacy`);
    const retention = page.getByRole('region', { name: 'How long we keep data' });
    await retention.getByText('deleted 15 minutes after extraction', { exact: false }).waitFor();
    await page.getByText('Archives larger than 20 MB are refused', { exact: false }).waitFor();
    await page.getByText('at most 3 archives at the same time', { exact: false }).waitFor();
  });

  it('says how long the files stay, and once the server has deleted them says so on download, disables the actions and extracts again', async () => {
    const { page } = ui;
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    await serverSwitch(page).check();
    await ui.extractCase(zip);
    await page.getByText('Kept on our server for about 15 minutes more, then deleted.').waitFor();

    // Deleted on the server (another tab's "delete", or the retention sweep) behind the page's back.
    const jobUrl = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((name) => /\/api\/extractions\/[\w-]+\/events$/.test(name)),
    );
    expect(jobUrl).toBeDefined();
    const deleted = await page.evaluate(
      async (url) => (await fetch(url, { method: 'DELETE' })).status,
      jobUrl!.replace(/\/events$/, ''),
    );
    expect(deleted).toBe(204);

    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    // The file list is virtualised: the card is in the page once scrolled near.
    await ui.reveal('Job_PT.xml');
    await page.getByRole('button', { name: 'Download Job_PT.xml', exact: true }).click();
    await ui.toast('Could not download the file');
    const alert = page.getByRole('alert').filter({ hasText: 'Files expired' });
    await alert.waitFor();
    await expect(page.getByRole('button', { name: 'Download as ZIP' }).isDisabled()).resolves.toBe(true);
    expect(downloads).toEqual([]);

    const since = await shownCount(page);
    await alert.getByRole('button', { name: 'Extract again' }).click();
    await waitUntilShown(page, ['Extraction Complete!', `Successfully extracted ${zip.files.size} file`], since);
    await page.getByText('Kept on our server for about 15 minutes more, then deleted.').waitFor();
    await expect(page.getByRole('button', { name: 'Download as ZIP' }).isDisabled()).resolves.toBe(false);
  });
});
