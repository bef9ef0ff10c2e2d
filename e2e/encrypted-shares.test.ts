import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SEES_TWO_CORES, useExtractorPages } from './support/extractor-pages.js';
import { sharedRunMarks } from './support/run-marks.js';
import { sevenZipArchive } from './support/seven-zip-archive.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

// An encrypted zip or 7z, its password given, is extracted by two workers as a plain one is
// (apps/web's shared-extraction.ts); a wrong password is said from the shares, without extracting
// the archive again in one worker first.

const env = useSiteAndBrowser();
const pages = useExtractorPages(env, 'ao-e2e-encrypted-shares-');

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const openOnTwoCores = () => pages.open([SEES_TWO_CORES]);

/** Over 48 MiB of output (SHARED_MIN_BYTES): six parts of 9 MiB in two folders, and a note. */
function largeFiles(): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = { 'data/notes.txt': new TextEncoder().encode('encrypted, in two workers') };
  for (let index = 0; index < 6; index += 1)
    files[`data/${index % 2 ? 'odd' : 'even'}/part-${index}.bin`] = randomBytes(9 * 1024 * 1024);
  return files;
}

describe('Encrypted archives in two workers', () => {
  it.each([
    { name: 'secret.zip', switches: ['-mx=0', '-mem=AES256', '-psecret'] },
    { name: 'secret.7z', switches: ['-mx=0', '-ms=1f', '-psecret'] },
  ])('extracts $name with its password in two workers: every file whole', async ({ name, switches }) => {
    const ui = await openOnTwoCores();
    const files = largeFiles();
    await ui.choose([await sevenZipArchive(pages.folder, name, files, switches)]);
    // The page shares a 7z only once its listing says it splits in two.
    await ui.page.locator('[data-listed="7"]').waitFor();
    await ui.extract('secret');
    await ui.waitForCompletion(7);
    expect(await sharedRunMarks(ui.page)).toEqual({ shared: [2], fellBack: [] });
    for (const [path, bytes] of Object.entries(files)) expect(await ui.sha256Of(path.split('/').at(-1) ?? '')).toBe(sha(bytes));
  });

  it('says a wrong password from the shares, without a second run in one worker, then opens the zip', async () => {
    const ui = await openOnTwoCores();
    const files = largeFiles();
    await ui.choose([await sevenZipArchive(pages.folder, 'secret.zip', files, ['-mx=0', '-mem=AES256', '-psecret'])]);
    await ui.page.locator('[data-listed="7"]').waitFor();
    await ui.extract('not the password');
    await ui.toast('Wrong password');
    expect(await sharedRunMarks(ui.page)).toEqual({ shared: [2], fellBack: [] });

    await ui.extract('secret');
    await ui.waitForCompletion(7);
    expect(await ui.sha256Of('part-5.bin')).toBe(sha(files['data/odd/part-5.bin'] ?? new Uint8Array()));
  });
});
