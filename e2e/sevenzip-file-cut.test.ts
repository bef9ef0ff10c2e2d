import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEES_TWO_CORES, useExtractorPages } from './support/extractor-pages.js';
import { joinedFileMarks, sharedRunMarks } from './support/run-marks.js';
import { sevenZipArchive } from './support/seven-zip-archive.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

// A 7z that is mostly one large file (a disk image, a dump) is cut inside that file between the
// page's two workers; the page joins the parts and checks the whole file's CRC-32
// (docs/decisions/053-browser-file-cut.md). A damaged one is extracted again in one worker.

const env = useSiteAndBrowser();
const pages = useExtractorPages(env, 'ao-e2e-file-cut-');

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const openOnTwoCores = () => pages.open([SEES_TWO_CORES]);

/**
 * A 50 MiB image between two small files, over SHARED_MIN_BYTES: 40 MiB of text, which 7-Zip's
 * WebAssembly build packs quickly, then 10 MiB of noise, stored as it is (packing 50 MiB of noise
 * took it ~30 s). One solid block whose stream resets every MiB.
 */
function diskImage(): Uint8Array {
  const MiB = 1024 * 1024;
  const image = new Uint8Array(50 * MiB);
  const line = (n: number) => `sector ${n} of the disk image, as a dump would hold it\n`;
  const text = new TextEncoder().encode(Array.from({ length: 800_000 }, (_, n) => line(n)).join(''));
  image.set(text.subarray(0, 40 * MiB));
  image.set(randomBytes(10 * MiB), 40 * MiB);
  return image;
}
const FILES: Record<string, Uint8Array> = {
  'image/before.txt': new TextEncoder().encode('the file before\n'),
  'image/disk.img': diskImage(),
  'image/after.txt': new TextEncoder().encode('the file after\n'),
};
const SWITCHES = ['-ms=on', '-m0=LZMA2:d=1m:c=1m'];

describe('A 7z of one large file in two workers', () => {
  let whole = '';
  let damaged = '';
  // Made once: packing 50 MiB in 7-Zip's WebAssembly build takes seconds.
  beforeAll(async () => {
    whole = await sevenZipArchive(pages.folder, 'disk.7z', FILES, SWITCHES);
    // A byte of the large file's noise, in its second half and stored as it is: only the whole
    // file's CRC-32 tells (the noise is most of the archive's end).
    const bytes = await readFile(whole);
    const at = Math.floor(bytes.length * 0.8);
    bytes[at] = (bytes[at] ?? 0) ^ 0x40;
    damaged = join(pages.folder, 'damaged.7z');
    await writeFile(damaged, bytes);
  });

  it('cuts the large file between the workers and joins it: every file whole, one card for it', async () => {
    const ui = await openOnTwoCores();
    await ui.choose([whole]);
    await ui.page.locator('[data-listed="3"]').waitFor();
    await ui.extract();
    await ui.waitForCompletion(3);
    expect(await sharedRunMarks(ui.page)).toEqual({ shared: [2], fellBack: [] });
    expect(await joinedFileMarks(ui.page)).toEqual(['image/disk.img']);
    for (const [path, bytes] of Object.entries(FILES)) expect(await ui.sha256Of(path.split('/').at(-1) ?? '')).toBe(sha(bytes));
    // The rest's own name never reaches the visitor.
    expect(await ui.page.locator('[data-file-name="~rest"]').count()).toBe(0);
  });

  it('extracts a damaged one again in one worker, which says it is damaged', async () => {
    const ui = await openOnTwoCores();
    await ui.choose([damaged]);
    await ui.page.locator('[data-listed="3"]').waitFor();
    await ui.extract();
    await ui.toast('Archive is damaged');
    expect(await sharedRunMarks(ui.page)).toEqual({ shared: [2], fellBack: ['CORRUPT_ARCHIVE'] });
  });
});
