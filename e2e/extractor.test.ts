import { createHash } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { staticFileCheckSchema, usageEventSchema } from '@archive-opener/shared/api';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { useExtractorTab } from './support/extractor-tab.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

const env = useSiteAndBrowser();

const tab = useExtractorTab(env);

// The only requests with a body the page may make: the anonymous usage event and the robots.txt /
// sitemap.xml report, each exactly its schema's fields (no name, no content of any archive).
const REPORTS: Record<string, string[]> = {
  '/api/events': Object.keys(usageEventSchema.shape),
  '/api/monitor-static-files': Object.keys(staticFileCheckSchema.shape),
};

/** Every request the page made while extracting must be a GET or HEAD of the site's own files, or a report. */
function expectNothingUploaded(archives: string[]) {
  for (const request of tab.ui.requests) {
    const report = REPORTS[new URL(request.url()).pathname];
    if (report && request.method() === 'POST') {
      const body = request.postData() ?? '';
      expect(body.length, request.url()).toBeLessThan(4096);
      expect(Object.keys(JSON.parse(body) as object).sort()).toEqual([...report].sort());
      for (const archive of archives) expect(body).not.toContain(basename(archive));
      continue;
    }
    // HEAD: the start-up check of robots.txt and sitemap.xml (kept from the original:
    // docs/product.md#monitoring-checks).
    expect(['GET', 'HEAD'], request.url()).toContain(request.method());
    expect(request.postDataBuffer(), request.url()).toBeNull();
    expect(request.url().startsWith(env.site.url) || request.url().startsWith('blob:') || request.url().startsWith('data:')).toBe(
      true,
    );
    for (const archive of archives) expect(request.url()).not.toContain(encodeURIComponent(basename(archive)));
  }
}

describe('the extractor, in a real browser, against the production server', () => {
  it('opens a ZIP locally, lists every file with the right SHA-256, searches, filters, sorts and switches views', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    await tab.ui.choose(zip.parts);
    await tab.ui.page.getByText('File selected:').waitFor();
    // Listed before anything is extracted.
    await tab.ui.page.getByText(`${zip.files.size} files inside`, { exact: false }).waitFor();
    await tab.ui.extract();
    await tab.ui.waitForCompletion(zip.files.size);
    await expect(tab.ui.fileManagerTitle().innerText()).resolves.toBe(`Extracted Files (${zip.files.size})`);

    expect(await tab.ui.sha256Of('[Content_Types].xml')).toBe(zip.files.get('[Content_Types].xml')?.sha256);

    const search = tab.ui.page.getByRole('searchbox', { name: 'Search files' });
    await search.fill('Page1');
    await tab.ui.page.getByText(`Showing 1 of ${zip.files.size} files`).waitFor();
    await search.fill('');

    await tab.ui.page.getByRole('button', { name: /^Images/ }).click();
    await tab.ui.page.getByText('in Images').waitFor();
    await tab.ui.page.getByRole('button', { name: /^Images/ }).click();

    await tab.ui.page.getByLabel('Sort by').selectOption('size');
    await tab.ui.page.getByRole('button', { name: /^A-Z/ }).click();
    await tab.ui.page.getByRole('button', { name: /^Z-A/ }).waitFor();
    const firstName = tab.ui.page.locator('[data-file-name]').first();
    await expect(firstName.getAttribute('data-file-name')).resolves.toMatch(/\.odttf$/);

    // Each card shows the archive's time for its file; sorted by it (still Z-A), latest first.
    await tab.ui.page.getByLabel('Sort by').selectOption('modified');
    const times = () =>
      tab.ui.page
        .locator('[data-file-name] time')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    await expect.poll(async () => (await times()).join()).toBe([...(await times())].sort().reverse().join());
    const shown = await times();
    expect(shown).toHaveLength(await tab.ui.page.locator('[data-file-name]').count());
    expect(shown.every((time) => !Number.isNaN(Date.parse(time)))).toBe(true);

    for (const view of ['Grid view', 'Tree view', 'List view']) {
      await tab.ui.page.getByRole('button', { name: view }).click();
      await expect(tab.ui.page.getByRole('button', { name: view }).getAttribute('aria-pressed')).resolves.toBe('true');
    }

    await tab.ui.page.getByRole('button', { name: 'Preview Job_PT.xml' }).click();
    await tab.ui.page.getByRole('region', { name: 'Preview of Job_PT.xml' }).getByText('<?xml', { exact: false }).waitFor();

    expectNothingUploaded(zip.parts);
  });

  it('downloads everything as one ZIP whose entries match the archive', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    await tab.ui.extractCase(zip);
    const [download] = await Promise.all([
      tab.ui.page.waitForEvent('download'),
      tab.ui.page.getByRole('button', { name: 'Download as ZIP' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('test_compat_zip_5-extracted.zip');
    const entries = unzipSync(new Uint8Array(await readFile((await download.path()) ?? '')));
    const got = new Map(
      Object.entries(entries)
        .filter(([name]) => !name.endsWith('/'))
        .map(([name, bytes]) => [name, createHash('sha256').update(bytes).digest('hex')]),
    );
    expect(got).toEqual(new Map([...zip.files].map(([name, file]) => [name, file.sha256])));
  });

  it('asks for the password of a 7z with encrypted headers, says when it is wrong, then opens it', async () => {
    const sevenZip = corpusCase('py7zr/encrypted_3.7z');
    await tab.ui.choose(sevenZip.parts);
    await tab.ui.page.getByText('Password-protected, even the list of files', { exact: false }).waitFor();
    await tab.ui.extract();
    await tab.ui.toast('Password required');
    // The chosen file is still there, and the password field has the focus.
    await tab.ui.page.getByText('encrypted_3.7z').first().waitFor();
    await expect(tab.ui.page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('password');

    await tab.ui.extract('not the password');
    await tab.ui.toast('Wrong password');

    await tab.ui.extract(sevenZip.password ?? '');
    await tab.ui.waitForCompletion(sevenZip.files.size);
    expect(await tab.ui.sha256Of('setup.cfg')).toBe(sevenZip.files.get('setup.cfg')?.sha256);
    expectNothingUploaded(sevenZip.parts);
  });

  it('opens a RAR5 and a tar.gz', async () => {
    const rar = corpusCase('libarchive/test_read_format_rar5_multiple_files.rar');
    await tab.ui.extractCase(rar);
    expect(await tab.ui.sha256Of('test3.bin')).toBe(rar.files.get('test3.bin')?.sha256);

    const tgz = corpusCase('commons-compress/COMPRESS-245.tar.gz');
    await tab.ui.extractCase(tgz);
    await expect(tab.ui.fileManagerTitle().innerText()).resolves.toBe(`Extracted Files (${tgz.files.size})`);
    expect(await tab.ui.sha256Of('mpl-v11.txt')).toBe(tgz.files.get('topdirectory/about_files/mpl-v11.txt')?.sha256);
    expectNothingUploaded([...rar.parts, ...tgz.parts]);
  });

  it('opens archives whose readers the worker loads on demand: an LZ4 tar and a XAR', async () => {
    const lz4 = corpusCase('libarchive/test_compat_lz4_1.tar.lz4');
    await tab.ui.extractCase(lz4);
    await expect(tab.ui.fileManagerTitle().innerText()).resolves.toBe(`Extracted Files (${lz4.files.size})`);

    const xar = corpusCase('libarchive/test_read_format_xar_large_mode.xar');
    await tab.ui.extractCase(xar);
    await expect(tab.ui.fileManagerTitle().innerText()).resolves.toBe(`Extracted Files (${xar.files.size})`);
    expect(await tab.ui.sha256Of('empty')).toBe(xar.files.get('empty')?.sha256);
    expectNothingUploaded([...lz4.parts, ...xar.parts]);
  });

  it('opens an archive found inside an archive in place, its files beneath it', async () => {
    const outer = corpusCase('commons-compress/COMPRESS-219.zip');
    await tab.ui.extractCase(outer);
    await tab.ui.page.getByRole('button', { name: 'Open archive doc.txt.gz' }).click();
    await tab.ui.page.locator('[data-file-name="doc.txt"]').waitFor();
    await expect(tab.ui.fileManagerTitle().innerText()).resolves.toBe(`Extracted Files (${outer.files.size + 1})`);
  });

  it('refuses an archive above the browser limit (the storage it grants the site) with the message of docs/product.md#choosing-archives, keeping it listed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ao-e2e-'));
    const big = join(dir, 'huge.zip');
    const available = await tab.ui.page.evaluate(async () => {
      const { quota = 0, usage = 0 } = await navigator.storage.estimate();
      return quota - usage;
    });
    // A sparse file: 1 MB more than the browser grants, of nothing on disk, instantly.
    const handle = await open(big, 'w');
    await handle.truncate(available + 1024 ** 2);
    await handle.close();
    try {
      await tab.ui.choose([big]);
      await tab.ui.toast('Not enough storage');
      await tab.ui.page.getByText('File too large!').waitFor();
      await expect(tab.ui.page.getByRole('button', { name: 'Extract Files Now' }).isDisabled()).resolves.toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('prepares the engine while the visitor points at the drop zone, then opens the archive with it', async () => {
    const started = tab.ui.page.waitForEvent('worker');
    await tab.ui.page.getByText('Select Archive File').hover();
    await started;
    // The prepared worker fetches 7-Zip before any file is chosen.
    await expect
      .poll(() => tab.ui.requests.some((request) => /\/7zz-[\w-]+\.wasm$/.test(request.url())), { timeout: 60_000 })
      .toBe(true);
    const rar = corpusCase('libarchive/test_read_format_rar5_multiple_files.rar');
    await tab.ui.extractCase(rar);
    expect(await tab.ui.sha256Of('test3.bin')).toBe(rar.files.get('test3.bin')?.sha256);
  });

  it('reaches and operates the drop zone with the keyboard alone', async () => {
    // Keyboard input goes to the focused page; after other contexts closed, headless Chromium
    // may not have given this one the focus yet.
    await tab.ui.page.bringToFront();
    const rar = corpusCase('libarchive/test_read_format_rar5_multiple_files.rar');
    let reached = false;
    for (let presses = 0; presses < 25 && !reached; presses += 1) {
      await tab.ui.page.keyboard.press('Tab');
      reached = await tab.ui.page.evaluate(() => document.activeElement?.textContent?.trim() === 'Select Archive File');
    }
    expect(reached).toBe(true);
    await tab.ui.page.evaluate(() => {
      const input = document.querySelector('input[type=file]');
      input?.addEventListener('click', () => input.setAttribute('data-opened-by-test', 'yes'), { once: true });
    });
    const chooser = tab.ui.page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => null);
    await tab.ui.page.keyboard.press('Enter');
    // Our part is to open the file input from the key press; showing the dialog is Chromium's.
    // Headless Chromium sometimes does not report a chooser for a context opened after others
    // closed (seen on this machine), so the files then go straight into the input that was opened.
    await tab.ui.page.locator('input[data-opened-by-test="yes"]').waitFor({ state: 'attached' });
    const dialog = await chooser;
    if (dialog) await dialog.setFiles(rar.parts);
    else await tab.ui.choose(rar.parts);
    await tab.ui.page.getByText('File selected:').waitFor();
    // Tab on to the extract button and press it.
    for (let presses = 0; presses < 10; presses += 1) {
      await tab.ui.page.keyboard.press('Tab');
      if (await tab.ui.page.evaluate(() => document.activeElement?.textContent?.trim() === 'Extract Files Now')) break;
    }
    await tab.ui.page.keyboard.press('Enter');
    await tab.ui.waitForCompletion(rar.files.size);
  });
});
