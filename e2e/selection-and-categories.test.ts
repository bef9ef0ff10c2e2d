import { zipSync, zlibSync } from 'fflate';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { newBrowserContext } from './support/browser-context.js';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { ExtractorPage } from './support/extractor-page.js';
import { shownSince } from './support/shown.js';
import { startSite, type RunningSite } from '@archive-opener/test-support/site';
import { newDataDir } from '@archive-opener/test-support/pglite-template';
import { rm } from 'node:fs/promises';

// What a visitor sees between choosing files and using them, in the browser (the default mode).
let site: RunningSite;
let browser: Browser;
let dataDir: string;
let context: BrowserContext;
let ui: ExtractorPage;

beforeAll(async () => {
  dataDir = await newDataDir('ao-e2e-selection-');
  [site, browser] = await Promise.all([startSite({ DATA_DIR: dataDir }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await newBrowserContext(browser);
  ui = new ExtractorPage(await context.newPage());
  await ui.open(site.url);
});
afterEach(async () => {
  await context?.close();
});

/** A real 16×16 PNG: red pixels, zlib-compressed, with its CRCs. */
function tinyPng(size = 16): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([255, 0, 0]))]);
  const pixels = Buffer.from(zlibSync(Buffer.concat(Array.from({ length: size }, () => row))));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const item = (name: string) => ui.page.getByRole('listitem').filter({ has: ui.page.locator('bdi', { hasText: name }) });

describe('choosing files', () => {
  it('says "Not an archive" at once for a text file and a PNG renamed .zip, before any attempt', async () => {
    const { page } = ui;
    await page.locator('input[type=file]').setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text\n') },
      { name: 'photo.zip', mimeType: 'application/zip', buffer: tinyPng() },
    ]);
    await item('notes.txt').getByText('Not an archive.').waitFor();
    await item('photo.zip').getByText('Not an archive.').waitFor();
    await expect(page.getByText('Ready', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Extract Files Now' }).isDisabled()).resolves.toBe(true);
    // Small files read in the file manager's units, not "0.00 MB".
    await expect(item('notes.txt').innerText()).resolves.toMatch(/15 B •/);
  });

  it('names the part missing from a multi-volume set before extracting', async () => {
    const { page } = ui;
    const parts = corpusCase('rarfile/rar5-vols.part1.rar').parts[0]!.replace(/part1\.rar$/, '');
    await ui.choose([`${parts}part1.rar`, `${parts}part3.rar`]);
    await page.getByText('A part is missing').waitFor();
    await page.getByText('add rar5-vols.part2.rar with the others', { exact: false }).waitFor();
    await expect(page.getByRole('button', { name: 'Extract Files Now' }).isDisabled()).resolves.toBe(true);
  });
});

describe('extracted files', () => {
  it('files Markdown, CSV and JSON as documents and HTML as code, previews a small image at its own size, and gives focus to the list', async () => {
    const { page } = ui;
    const zip = zipSync({
      'README.md': new TextEncoder().encode('# Title\n'),
      'data.csv': new TextEncoder().encode('a,b\n1,2\n'),
      'config.json': new TextEncoder().encode('{"a":1}'),
      'index.html': new TextEncoder().encode('<p>hi</p>'),
      'icon.png': tinyPng(),
    });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'mixed.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await ui.extract();
    await ui.waitForCompletion(5);
    // The completion dialog closed itself: focus is on the file manager's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Extracted Files (5)');

    const tiles = page.getByRole('list', { name: 'File categories' });
    await expect(tiles.getByRole('button', { name: /^Documents/ }).innerText()).resolves.toMatch(/3 files/);
    await expect(tiles.getByRole('button', { name: /^Code/ }).innerText()).resolves.toMatch(/1 file/);
    await expect(tiles.getByText('Other').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Preview icon.png' }).click();
    const image = page.getByRole('img', { name: 'icon.png' });
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="icon.png"]')?.complete === true);
    await expect(image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.clientWidth])).resolves.toEqual([
      16, 16,
    ]);
    // One toast for the attempt at most (the start notice is replaced by the outcome).
    const texts = await shownSince(page, 0);
    expect(texts.some((text) => text.includes('Extraction successful!'))).toBe(true);
    await expect(page.locator('[data-sonner-toast]:not([data-removed=true])').count()).resolves.toBeLessThanOrEqual(1);
  });
});
