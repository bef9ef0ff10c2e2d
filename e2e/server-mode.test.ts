import { createHash } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { newBrowserContext } from './support/browser-context.js';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { ExtractorPage } from './support/extractor-page.js';
import { shownSince } from './support/shown.js';
import { startSite, type RunningSite } from '@archive-opener/test-support/site';
import { newDataDir } from '@archive-opener/test-support/pglite-template';

// Server mode against the real server (its own data folder, removed afterwards) in Chromium.
let site: RunningSite;
let browser: Browser;
let dataDir: string;
let context: BrowserContext;
let ui: ExtractorPage;
const consoleErrors: string[] = [];

beforeAll(async () => {
  dataDir = await newDataDir('ao-e2e-server-');
  [site, browser] = await Promise.all([startSite({ DATA_DIR: dataDir }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  consoleErrors.length = 0;
  context = await newBrowserContext(browser, { acceptDownloads: true });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  ui = new ExtractorPage(page);
  await ui.open(site.url);
});
afterEach(async () => {
  await context?.close();
});

const serverSwitch = (page: Page) => page.getByRole('switch', { name: 'Extract on our server' });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Records, from inside the page, every queue notice and progress value shown while extracting. */
async function recordProgress(page: Page): Promise<() => Promise<{ queue: string[]; percents: number[] }>> {
  await page.evaluate(() => {
    const seen = { queue: [] as string[], percents: [] as number[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      const notice = document.querySelector('[data-queue-position]')?.textContent;
      if (notice && !seen.queue.includes(notice)) seen.queue.push(notice);
      const bar = document.querySelector('[role=progressbar]');
      const now = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen.percents.at(-1) !== now) seen.percents.push(now);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { seen: { queue: string[]; percents: number[] } }).seen);
}

describe('server extraction, in a real browser, against the production server', () => {
  it('uploads an encrypted 7z with its password, shows queue and progress, lists the files with the server’s checksums, downloads them, and remembers the mode', async () => {
    const { page } = ui;
    const sevenZip = corpusCase('py7zr/encrypted_3.7z');
    await expect(serverSwitch(page).isChecked()).resolves.toBe(false);
    const keepAlive = page.waitForRequest((request) => request.url().endsWith('/api/extract-archive'));
    await serverSwitch(page).check();
    // Chosen: the server is kept warm from now on (docs/product.md#server-mode).
    const ping = await keepAlive;
    expect(ping.method()).toBe('POST');
    expect(ping.postDataJSON()).toMatchObject({ keepAlive: true });
    await expect((await ping.response())?.json()).resolves.toMatchObject({ keepAlive: true });

    await ui.choose(sevenZip.parts);
    await page.getByText('Maximum file size: 50.0 MB • Extraction runs on our server').waitFor();
    // Nothing is listed in the page in server mode: that is the server's work.
    await expect(page.getByText('Password-protected, even the list of files', { exact: false }).count()).resolves.toBe(0);

    // Without the password: the server's PASSWORD_REQUIRED, translated, and the focus on the field.
    await ui.extract();
    await ui.toast('Password required');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('password');

    const seen = await recordProgress(page);
    await ui.extract(sevenZip.password ?? '');
    await ui.toast('Starting extraction...');
    await ui.waitForCompletion(sevenZip.files.size);
    await expect(ui.fileManagerTitle().innerText()).resolves.toBe(`Extracted Files (${sevenZip.files.size})`);

    const { queue, percents } = await seen();
    // An idle server runs the upload at once (202 "running"): no queue notice, no "queued" toast.
    expect(queue).toEqual([]);
    expect((await shownSince(page, 0)).filter((text) => text.includes('Extraction queued'))).toEqual([]);
    // One toast for the attempt: "Starting extraction..." became "Extraction successful!".
    const attemptToasts = page.locator('[data-sonner-toast]:not([data-removed=true])', {
      hasText: /Starting extraction|Extraction successful/,
    });
    await expect(attemptToasts.count()).resolves.toBeLessThanOrEqual(1);
    // The completion dialog closed itself; focus is on the file manager's heading, not <body>.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Extracted Files (${sevenZip.files.size})`);
    expect(percents.at(-1)).toBe(100);
    expect(percents.every((value, index) => index === 0 || value >= (percents[index - 1] ?? 0))).toBe(true);
    await page.getByText('Uploading file...').waitFor();

    // The archive went to the server as multipart (twice: without, then with its password, which
    // the server's answers above prove it received), and the job was followed live.
    const upload = ui.requests.filter(
      (request) => request.method() === 'POST' && request.url() === `${site.url}/api/extractions`,
    );
    expect(upload).toHaveLength(2);
    expect(upload[1]?.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(ui.requests.some((request) => /\/api\/extractions\/[\w-]+\/events$/.test(request.url()))).toBe(true);
    // Live events sufficed: the once-a-second polling fallback never ran.
    expect(ui.requests.filter((request) => /\/api\/extractions\/[\w-]+$/.test(request.url()))).toEqual([]);

    // The checksum the server computed, shown at once (no "Show SHA-256" button), matches the corpus.
    const card = page.locator('article[data-file-name="setup.cfg"]');
    await expect(card.getByRole('button', { name: 'Show SHA-256 of setup.cfg' }).count()).resolves.toBe(0);
    expect((await card.innerText()).match(/[0-9a-f]{64}/)?.[0]).toBe(sevenZip.files.get('setup.cfg')?.sha256);

    // One file, straight from its URL.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download setup.cfg', exact: true }).click(),
    ]);
    expect(download.url()).toMatch(/\/api\/extractions\/[\w-]+\/files\/[^/]+$/);
    expect(download.suggestedFilename()).toBe('setup.cfg');
    expect(sha256(await readFile((await download.path()) ?? ''))).toBe(sevenZip.files.get('setup.cfg')?.sha256);

    // All of them as the server's own ZIP.
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as ZIP' }).click(),
    ]);
    expect(zip.url()).toMatch(/\/api\/extractions\/[\w-]+\/archive\.zip$/);
    // Named as in browser mode, after the archive.
    expect(zip.suggestedFilename()).toBe('encrypted_3-extracted.zip');
    const entries = unzipSync(new Uint8Array(await readFile((await zip.path()) ?? '')));
    const got = new Map(
      Object.entries(entries)
        .filter(([name]) => !name.endsWith('/'))
        .map(([name, bytes]) => [name, sha256(bytes)]),
    );
    expect(got).toEqual(new Map([...sevenZip.files].map(([name, file]) => [name, file.sha256])));

    // A text preview is fetched on demand.
    await page.getByRole('button', { name: 'Preview setup.cfg' }).click();
    await page.getByRole('region', { name: 'Preview of setup.cfg' }).getByText('[', { exact: false }).first().waitFor();

    // The choice survives a reload; the prerendered page (browser mode) hydrates without a mismatch.
    await page.reload();
    // The prerendered switch is off; once the page has hydrated, the stored choice turns it on.
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[role=switch]')?.checked === true);
    await expect(serverSwitch(page).isChecked()).resolves.toBe(true);
    await expect(page.evaluate(() => localStorage.getItem('extractionMode'))).resolves.toBe('server');
    expect(consoleErrors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
  });

  it(`refuses an archive above the server's 50 MB before uploading it`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ao-e2e-'));
    const big = join(dir, 'big.zip');
    const handle = await open(big, 'w');
    await handle.truncate(50 * 1024 * 1024 + 1);
    await handle.close();
    try {
      await serverSwitch(ui.page).check();
      await ui.choose([big]);
      await ui.toast('Maximum file size is 50.0 MB');
      await ui.page.getByText('File too large!').waitFor();
      await expect(ui.page.getByRole('button', { name: 'Extract Files Now' }).isDisabled()).resolves.toBe(true);
      // Back to the browser, the same archive is fine.
      await serverSwitch(ui.page).uncheck();
      await expect(ui.page.getByText('File too large!').count()).resolves.toBe(0);
      expect(ui.requests.filter((request) => request.url().endsWith('/api/extractions'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has no axe violations with server mode on, before and after an extraction', async () => {
    const { page } = ui;
    await serverSwitch(page).check();
    await page.getByRole('heading', { level: 2, name: /questions/i }).waitFor();
    await expectNoAxeViolations(page);

    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    await ui.extractCase(zip);
    // The file list is virtualised: the card is in the page once scrolled near.
    await ui.reveal('Job_PT.xml');
    await page.getByRole('button', { name: 'Preview Job_PT.xml' }).click();
    await page.getByRole('button', { name: 'Copy SHA-256 checksum of Job_PT.xml' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
