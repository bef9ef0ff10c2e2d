import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useExtractorPages } from './support/extractor-pages.js';
import { opfsDigests, opfsPaths, opfsTree, outputStores, pickerStandIn } from './support/opfs.js';
import { sharedRunMarks } from './support/run-marks.js';
import { sevenZipArchive } from './support/seven-zip-archive.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

// "Extract Straight to a Folder…" (docs/decisions/044-extraction-straight-into-a-folder.md): the
// engine's worker writes every file into the folder the visitor picked as it extracts it. A
// folder of the Origin Private File System stands in for the picked one (headless Chromium shows
// no picker); it is a real folder handle, passed to the worker as a visitor's would be.

const env = useSiteAndBrowser();
const pages = useExtractorPages(env, 'ao-e2e-straight-');

const text = (value: string) => new TextEncoder().encode(value);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function archive(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(pages.folder, name);
  await writeFile(path, bytes);
  return path;
}

describe('Extract Straight to a Folder', () => {
  it('writes a zip into the picked folder as it extracts, and the page shows and downloads the files from there', async () => {
    const ui = await pages.open([pickerStandIn]);
    // What the picked folder holds already is never overwritten: the archive's folder gets " (2)".
    await ui.page.evaluate(async () => {
      const picked = await (await navigator.storage.getDirectory()).getDirectoryHandle('picked', { create: true });
      const there = await picked.getDirectoryHandle('project', { create: true });
      const writable = await (await there.getFileHandle('readme.txt', { create: true })).createWritable();
      await writable.write('mine');
      await writable.close();
    });
    const big = randomBytes(9 * 1024 * 1024 + 17);
    const entries: Zippable = {
      'project/readme.txt': text('read me'),
      'project/src/main.c': text('int main;'),
      'project/data/big.bin': [big, { level: 1 }],
      'project/empty/': {},
    };
    await ui.choose([await archive('project-1.0.zip', zipSync(entries))]);
    await ui.extractIntoFolder();
    await ui.waitForCompletion(3);
    await ui.toast('The files are in “project (2)”.');
    expect(await opfsDigests(ui.page, 'picked')).toEqual({
      'project/readme.txt': sha256(text('mine')),
      'project (2)/readme.txt': sha256(text('read me')),
      'project (2)/src/main.c': sha256(text('int main;')),
      'project (2)/data/big.bin': sha256(big),
    });
    // Nothing was kept in the site's storage on the way.
    expect(await outputStores(ui.page)).toEqual({});

    // The page reads its files from the folder.
    await ui.reveal('big.bin');
    const [download] = await Promise.all([
      ui.page.waitForEvent('download'),
      ui.page.getByRole('button', { name: 'Download big.bin', exact: true }).click(),
    ]);
    expect(sha256(await readFile((await download.path()) ?? ''))).toBe(sha256(big));
  });

  it('passes a 7z through the site storage (7-Zip cannot wait for the disk) and lets that go', async () => {
    const ui = await pages.open([pickerStandIn]);
    const files = { 'a.txt': text('alpha'), 'docs/b.bin': randomBytes(3 * 1024 * 1024), 'docs/c.txt': text('gamma') };
    await ui.choose([await sevenZipArchive(pages.folder, 'loose.7z', files)]);
    await ui.extractIntoFolder();
    await ui.waitForCompletion(3);
    await ui.toast('The files are in “loose”.');
    expect(await opfsDigests(ui.page, 'picked')).toEqual(
      Object.fromEntries(Object.entries(files).map(([path, bytes]) => [`loose/${path}`, sha256(bytes)])),
    );
    await expect.poll(() => outputStores(ui.page), { timeout: 30_000 }).toEqual({});
  });

  it('shares a large zip between two workers writing into one folder, where its names cannot meet', async () => {
    const ui = await pages.open([pickerStandIn]);
    // Over 48 MiB of output (SHARED_MIN_BYTES): six parts of 9 MiB, in folders both shares make.
    const parts = Array.from({ length: 6 }, () => randomBytes(9 * 1024 * 1024));
    const entries: Zippable = {};
    parts.forEach((bytes, index) => (entries[`data/${index % 2 ? 'odd' : 'even'}/part-${index}.bin`] = [bytes, { level: 1 }]));
    await ui.choose([await archive('shared.zip', zipSync(entries))]);
    await ui.extractIntoFolder();
    await ui.waitForCompletion(6);
    // Two workers shared it (apps/web's shared-extraction.ts SHARED_RUN_MARK), and none fell back.
    expect(await sharedRunMarks(ui.page)).toEqual({ shared: [2], fellBack: [] });
    expect(await opfsDigests(ui.page, 'picked')).toEqual(
      Object.fromEntries(parts.map((bytes, index) => [`data/${index % 2 ? 'odd' : 'even'}/part-${index}.bin`, sha256(bytes)])),
    );
    expect(await outputStores(ui.page)).toEqual({});
  });

  it('keeps names that differ only in case apart, as most disks would merge them', async () => {
    const ui = await pages.open([pickerStandIn]);
    await ui.choose([await archive('case.zip', zipSync({ 'x/Read.txt': text('upper'), 'x/read.txt': text('lower') }))]);
    await ui.extractIntoFolder();
    await ui.waitForCompletion(2);
    expect(await opfsTree(ui.page, 'picked')).toEqual({ 'x/Read.txt': 'upper', 'x/read (2).txt': 'lower' });
  });

  it('leaves nothing in the picked folder when the archive turns out damaged', async () => {
    const ui = await pages.open([pickerStandIn]);
    const bytes = zipSync({ 'good.txt': [text('fine'), { level: 0 }], 'bad.txt': [text('damaged contents'), { level: 0 }] });
    // The second entry's stored bytes, changed: its CRC-32 no longer matches.
    const at = Buffer.from(bytes).indexOf('damaged contents');
    bytes.set([(bytes[at] ?? 0) ^ 0xff], at);
    await ui.choose([await archive('damaged.zip', bytes)]);
    await ui.extractIntoFolder();
    await ui.toast('Archive is damaged');
    await expect.poll(() => opfsTree(ui.page, 'picked'), { timeout: 30_000 }).toEqual({});
  });

  it('takes back what it wrote when the visitor cancels, though the cancelled writers still held their files', async () => {
    const ui = await pages.open([pickerStandIn]);
    // 200 MB in 64 files of 3 MiB, compressed: long enough to cancel in the middle, with files
    // being written in several lanes at once when it comes.
    const piece = new Uint8Array(3 * 1024 * 1024).map((_, index) => (index * 7919) % 251);
    const entries: Zippable = {};
    for (let index = 0; index < 64; index += 1) entries[`many/${index}.bin`] = [piece, { level: 1 }];
    await ui.choose([await archive('many.zip', zipSync(entries))]);
    await ui.extractIntoFolder();
    await expect.poll(async () => (await opfsPaths(ui.page, 'picked')).length, { timeout: 60_000 }).toBeGreaterThan(0);
    await ui.page.getByRole('button', { name: 'Cancel' }).click();
    await ui.toast('Extraction cancelled');
    await expect.poll(() => opfsPaths(ui.page, 'picked'), { timeout: 30_000 }).toEqual([]);
  });

  it('is offered only where the browser can write into a folder', async () => {
    const ui = await pages.open([
      () => {
        delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
        delete (Window.prototype as { showDirectoryPicker?: unknown }).showDirectoryPicker;
      },
    ]);
    await ui.choose([await archive('one.zip', zipSync({ 'one.txt': text('1') }))]);
    await ui.page.getByRole('button', { name: 'Extract Files Now' }).waitFor();
    expect(await ui.page.getByRole('button', { name: 'Extract Straight to a Folder…' }).count()).toBe(0);
  });
});
