import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useExtractorPages } from './support/extractor-pages.js';
import { sevenZipArchive } from './support/seven-zip-archive.js';
import { stampedBytes } from './support/stamped-bytes.js';
import { opfsTree, outputStores, pickerStandIn, refusingPickerStandIn } from './support/opfs.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

// Output that streams to the site's storage (docs/decisions/029-output-in-the-origin-private-file-system.md),
// "Extract to folder…" and the browser's limit from that storage (030). Headless Chromium shows
// no picker: a folder of the Origin Private File System stands in for the one a visitor picks.

const env = useSiteAndBrowser();
const pages = useExtractorPages(env, 'ao-e2e-output-');

const text = (value: string) => new TextEncoder().encode(value);
/** A symbolic link entry (Unix mode 0120777 in the external attributes). */
const link = (target: string): Zippable[string] => [text(target), { os: 3, attrs: 0o120777 << 16 }];

async function archive(name: string, entries: Zippable): Promise<string> {
  const path = join(pages.folder, name);
  await writeFile(path, zipSync(entries));
  return path;
}

describe('Extract to folder', () => {
  it('writes the files into the picked folder: one top folder kept, " (2)" when it exists, links not created', async () => {
    const ui = await pages.open([pickerStandIn]);
    const project = await archive('project-1.0.zip', {
      'project/readme.txt': text('read me'),
      'project/src/main.c': text('int main;'),
      'project/latest': link('readme.txt'),
    });
    await ui.choose([project]);
    await ui.extract();
    await ui.waitForCompletion(2);
    const button = ui.page.getByRole('button', { name: 'Extract to folder…' });
    await button.click();
    await ui.toast('Saved to your folder');
    await button.click();
    await ui.toast('The files are in “project (2)”.');
    expect(await opfsTree(ui.page, 'picked')).toEqual({
      'project/readme.txt': 'read me',
      'project/src/main.c': 'int main;',
      'project (2)/readme.txt': 'read me',
      'project (2)/src/main.c': 'int main;',
    });
  });

  it('puts loose files in a new folder named after the archive', async () => {
    const ui = await pages.open([pickerStandIn]);
    const loose = await archive('loose.zip', { 'a.txt': text('a'), 'docs/b.txt': text('b') });
    await ui.choose([loose]);
    await ui.extract();
    await ui.waitForCompletion(2);
    await ui.page.getByRole('button', { name: 'Extract to folder…' }).click();
    await ui.toast('The files are in “loose”.');
    expect(await opfsTree(ui.page, 'picked')).toEqual({ 'loose/a.txt': 'a', 'loose/docs/b.txt': 'b' });
  });

  it('writes a name the disk refuses under an allowed one, never over another file', async () => {
    const ui = await pages.open([refusingPickerStandIn]);
    const odd = await archive('odd.zip', {
      'odd/what?.txt': text('question'),
      'odd/what_.txt': text('underscore'),
      'odd/ab:cd/inner.txt': text('inner'),
      'odd/start.lnk': text('not a link'),
    });
    await ui.choose([odd]);
    await ui.extract();
    await ui.waitForCompletion(4);
    await ui.page.getByRole('button', { name: 'Extract to folder…' }).click();
    await ui.toast('The files are in “odd”. Names your disk does not allow were changed, such as “what?.txt” to “what_.txt”.');
    expect(await opfsTree(ui.page, 'picked')).toEqual({
      'odd/what_.txt': 'question',
      'odd/what_ (2).txt': 'underscore',
      'odd/ab_cd/inner.txt': 'inner',
      'odd/start.lnk_': 'not a link',
    });
  });

  it('is not offered where the browser cannot write into a folder', async () => {
    const ui = await pages.open([
      () => {
        delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
        delete (Window.prototype as { showDirectoryPicker?: unknown }).showDirectoryPicker;
      },
    ]);
    await ui.choose([await archive('one.zip', { 'one.txt': text('1') })]);
    await ui.extract();
    await ui.waitForCompletion(1);
    await ui.page.getByRole('button', { name: 'Download as ZIP' }).waitFor();
    expect(await ui.page.getByRole('button', { name: 'Extract to folder…' }).count()).toBe(0);
  });
});

describe('Download as ZIP', () => {
  it('streams the ZIP into the file the visitor picks, where the browser has the picker', async () => {
    const ui = await pages.open([
      () => {
        (
          window as unknown as { showSaveFilePicker: (options: { suggestedName: string }) => Promise<FileSystemFileHandle> }
        ).showSaveFilePicker = async ({ suggestedName }) =>
          (await navigator.storage.getDirectory()).getFileHandle(suggestedName, { create: true });
      },
    ]);
    await ui.choose([await archive('pair.zip', { 'one.txt': text('first'), 'two/2.txt': text('second') })]);
    await ui.extract();
    await ui.waitForCompletion(2);
    await ui.page.getByRole('button', { name: 'Download as ZIP' }).click();
    await ui.toast('Download started!');
    const bytes = await ui.page.evaluate(async () => {
      const file = await (await (await navigator.storage.getDirectory()).getFileHandle('pair-extracted.zip')).getFile();
      return [...new Uint8Array(await file.arrayBuffer())];
    });
    const entries = unzipSync(new Uint8Array(bytes));
    expect(Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, new TextDecoder().decode(data)]))).toEqual({
      'one.txt': 'first',
      'two/2.txt': 'second',
    });
  });
});

describe('output in the site storage', () => {
  it('spools beyond a small held budget to the Origin Private File System, downloads from there, and lets it go', async () => {
    // A device of 256 MB: 16 MiB of the output may be held in memory, the rest goes to storage.
    const ui = await pages.open([() => Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 0.25 })]);
    // A store a closed or crashed tab left behind (no page holds its lock): deleted at the next visit.
    await ui.page.evaluate(async () => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('extracted-output', { create: true });
      const access = await (await dir.getFileHandle('left-behind', { create: true })).createWritable();
      await access.write('stale');
      await access.close();
    });
    await ui.open(env.site.url);
    const big = randomBytes(24 * 1024 * 1024);
    const entries: Zippable = { 'data/big.bin': [big, { level: 1 }] };
    for (let index = 0; index < 8; index += 1) entries[`data/part-${index}.bin`] = [randomBytes(1024 * 1024), { level: 1 }];
    await ui.choose([await archive('large.zip', entries)]);
    // Its store is leased (named and locked) as it is chosen, not after the click.
    const heldLocks = () =>
      ui.page.evaluate(async () =>
        ((await navigator.locks.query()).held ?? [])
          .map((lock) => lock.name ?? '')
          .filter((name) => name.startsWith('archive-opener-output:')),
      );
    await expect.poll(heldLocks).toHaveLength(1);
    const [leased] = await heldLocks();
    await ui.extract();
    await ui.waitForCompletion(9);
    const stores = () => outputStores(ui.page);
    expect(Object.keys(await stores())).toEqual([leased?.slice('archive-opener-output:'.length)]);
    const stored = Object.values(await stores());
    expect(stored).toHaveLength(1);
    expect(stored[0]).toBeGreaterThan(16 * 1024 * 1024);

    await ui.reveal('big.bin');
    const [download] = await Promise.all([
      ui.page.waitForEvent('download'),
      ui.page.getByRole('button', { name: 'Download big.bin', exact: true }).click(),
    ]);
    const saved = await readFile((await download.path()) ?? '');
    expect(createHash('sha256').update(saved).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));

    // Dismissed: the store is deleted.
    await ui.page.getByRole('button', { name: 'Remove large.zip' }).click();
    await expect.poll(stores, { timeout: 30_000 }).toEqual({});
  });

  it('extracts a large zip in two workers, each into a store of its own: every file whole, both stores let go', async () => {
    // A device of 256 MB: 16 MiB held in memory (8 MiB each), the rest in the two stores.
    const ui = await pages.open([() => Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 0.25 })]);
    const engineWorkers: string[] = [];
    ui.page.on('worker', (worker) => {
      if (worker.url().includes('engine.worker')) engineWorkers.push(worker.url());
    });
    // Over 48 MiB of output (SHARED_MIN_BYTES): six parts of 9 MiB, in folders both shares make.
    const parts = Array.from({ length: 6 }, () => randomBytes(9 * 1024 * 1024));
    const entries: Zippable = {};
    parts.forEach((bytes, index) => (entries[`data/${index % 2 ? 'odd' : 'even'}/part-${index}.bin`] = [bytes, { level: 1 }]));
    entries['data/notes.txt'] = text('both workers make data/');
    await ui.choose([await archive('shared.zip', entries)]);
    await ui.extract();
    await ui.waitForCompletion(7);
    const stores = async () => Object.keys(await outputStores(ui.page)).sort();
    const [first, second] = await stores();
    expect(second).toBe(`${first}.1`);
    // The listing's worker, then the two that shared the extraction.
    expect(engineWorkers.length).toBeGreaterThanOrEqual(3);
    const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    for (const index of [0, 5]) expect(await ui.sha256Of(`part-${index}.bin`)).toBe(sha(parts[index] ?? new Uint8Array()));

    await ui.page.getByRole('button', { name: 'Remove shared.zip' }).click();
    await expect.poll(stores, { timeout: 30_000 }).toEqual([]);
  });

  it.each([
    { kind: 'several solid blocks', blocks: ['-ms=1f'] },
    // One block whose LZMA2 stream resets its dictionary every MiB: cut there (block-cut.ts).
    { kind: 'one solid block, cut where LZMA2 resets', blocks: ['-ms=on', '-m0=LZMA2:d=256k:c=1m'] },
  ])('extracts a large 7z of $kind in two workers, a 7-Zip instance each: every file whole', async ({ blocks }) => {
    // A device of 256 MB: 8 MiB held in memory a share, the rest in each share's store.
    const ui = await pages.open([() => Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 0.25 })]);
    const engineWorkers: string[] = [];
    ui.page.on('worker', (worker) => {
      if (worker.url().includes('engine.worker')) engineWorkers.push(worker.url());
    });
    // Over 48 MiB of output (SHARED_MIN_BYTES): the shares split the blocks, or the one block.
    const parts = Array.from({ length: 6 }, (_, index) => stampedBytes(9 * 1024 * 1024, `part-${index}`));
    const files: Record<string, Uint8Array> = { 'data/notes.txt': text('the first share makes the folders') };
    parts.forEach((bytes, index) => (files[`data/${index % 2 ? 'odd' : 'even'}/part-${index}.bin`] = bytes));
    await ui.choose([await sevenZipArchive(pages.folder, 'blocks.7z', files, blocks)]);
    // The page shares a 7z only once its listing says it splits in two.
    await ui.page.locator('[data-listed="7"]').waitFor();
    await ui.extract();
    await ui.waitForCompletion(7);
    const [first, second, ...more] = await ui.page.evaluate(async () => {
      const stores: { name: string; size: number }[] = [];
      type Listed = { keys(): AsyncIterable<string> };
      const root = await navigator.storage.getDirectory();
      const dir = await root.getDirectoryHandle('extracted-output', { create: true });
      for await (const name of (dir as unknown as Listed).keys())
        stores.push({ name, size: (await (await dir.getFileHandle(name)).getFile()).size });
      return stores.sort((a, b) => a.name.localeCompare(b.name));
    });
    // Each share's store: had a share failed, one worker would have extracted it all into one;
    // had the archive not split, the second would hold nothing.
    expect(second?.name).toBe(`${first?.name ?? ''}.1`);
    expect(second?.size).toBeGreaterThan(8 * 1024 * 1024);
    expect(more).toEqual([]);
    expect(engineWorkers.length).toBeGreaterThanOrEqual(3);
    const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    for (const [index, bytes] of parts.entries()) expect(await ui.sha256Of(`part-${index}.bin`)).toBe(sha(bytes));
    expect(await ui.sha256Of('notes.txt')).toBe(sha(files['data/notes.txt'] ?? new Uint8Array()));
  });

  it('refuses an archive the site storage cannot hold, saying how much is needed and available', async () => {
    const ui = await pages.open([
      () => {
        StorageManager.prototype.estimate = async () => ({ quota: 2048, usage: 1024 });
      },
    ]);
    const path = await archive('needs-room.zip', { 'noise.bin': [randomBytes(4096), { level: 0 }] });
    await ui.choose([path]);
    await ui.toast('Not enough storage');
    await ui.toast('needs-room.zip: This archive needs at least 4.1 KB; this browser can store only 1.0 KB more for this site.');
  });
});
