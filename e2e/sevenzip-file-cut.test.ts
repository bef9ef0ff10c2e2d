import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
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

/** 60 MiB in one file between two small ones, over SHARED_MIN_BYTES; one solid block resetting every MiB. */
function oneLargeFile(): Record<string, Uint8Array> {
  return {
    'image/before.txt': new TextEncoder().encode('the file before\n'),
    'image/disk.img': randomBytes(60 * 1024 * 1024),
    'image/after.txt': new TextEncoder().encode('the file after\n'),
  };
}
const SWITCHES = ['-ms=on', '-m0=LZMA2:d=1m:c=1m'];

describe('A 7z of one large file in two workers', () => {
  it('cuts the large file between the workers and joins it: every file whole, one card for it', async () => {
    const ui = await openOnTwoCores();
    const files = oneLargeFile();
    await ui.choose([await sevenZipArchive(pages.folder, 'disk.7z', files, SWITCHES)]);
    await ui.page.locator('[data-listed="3"]').waitFor();
    await ui.extract();
    await ui.waitForCompletion(3);
    expect(await sharedRunMarks(ui.page)).toEqual({ shared: [2], fellBack: [] });
    expect(await joinedFileMarks(ui.page)).toEqual(['image/disk.img']);
    for (const [path, bytes] of Object.entries(files)) expect(await ui.sha256Of(path.split('/').at(-1) ?? '')).toBe(sha(bytes));
    // The rest's own name never reaches the visitor.
    expect(await ui.page.locator('[data-file-name="~rest"]').count()).toBe(0);
  });

  it('extracts a damaged one again in one worker, which says it is damaged', async () => {
    const ui = await openOnTwoCores();
    const path = await sevenZipArchive(pages.folder, 'damaged.7z', oneLargeFile(), SWITCHES);
    // A byte of the large file's second half, stored as it is (noise does not compress): only the
    // whole file's CRC-32 tells.
    const bytes = await readFile(path);
    const at = Math.floor(bytes.length * 0.8);
    bytes[at] = (bytes[at] ?? 0) ^ 0x40;
    await writeFile(path, bytes);
    await ui.choose([path]);
    await ui.page.locator('[data-listed="3"]').waitFor();
    await ui.extract();
    await ui.toast('Archive is damaged');
    expect(await sharedRunMarks(ui.page)).toEqual({ shared: [2], fellBack: ['CORRUPT_ARCHIVE'] });
  });
});
