import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusCase, loadManifest } from '@archive-opener/test-support/corpus';
import { zipWithLegacyNames } from '@archive-opener/test-support/legacy-names';
import { useExtractorTab } from './support/extractor-tab.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

// The names encoding picker in server mode (docs/decisions/034-names-in-any-encoding.md): the
// server extracts and names the files; a code page chosen in the page names them again, and what
// the server would name otherwise (a file's download, the job's ZIP) is saved by the page.
const env = useSiteAndBrowser();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ao-e2e-encoding-server-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
const tab = useExtractorTab(env, async (ui) => {
  await ui.page.getByRole('switch', { name: 'Extract on our server' }).check();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function downloadOf(button: string): Promise<Download> {
  const [download] = await Promise.all([
    tab.ui.page.waitForEvent('download'),
    tab.ui.page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return download;
}

/** The ZIP's files, by name, as the SHA-256 of their bytes. */
async function zipped(download: Download): Promise<Map<string, string>> {
  const entries = unzipSync(new Uint8Array(await readFile((await download.path()) ?? '')));
  return new Map(
    Object.entries(entries)
      .filter(([name]) => !name.endsWith('/'))
      .map(([name, bytes]) => [name, sha256(bytes)]),
  );
}

/** A corpus case's files by their stored names read in `encoding`, as the SHA-256 of their bytes. */
function filesNamedIn(path: string, encoding: string): Map<string, string> {
  const decoder = new TextDecoder(encoding);
  const entries = loadManifest().find((candidate) => candidate.path === path)?.entries ?? [];
  return new Map(
    entries
      .filter((entry) => entry.type === 'file' && entry.nameHex && entry.sha256)
      .map((entry) => [decoder.decode(Buffer.from(entry.nameHex ?? '', 'hex')), entry.sha256 ?? '']),
  );
}

const fromServer = (download: Download) => expect(download.url()).toMatch(/^http:.*\/api\/extractions\//);
const fromPage = (download: Download) => expect(download.url()).toMatch(/^blob:/);

describe('names in any encoding, in server mode', () => {
  it('names a Shift-JIS zip again in CP866 and back: the page saves what the server would name otherwise', async () => {
    const path = 'libarchive/test_read_format_zip_filename_cp932.zip';
    await tab.ui.extractCase(corpusCase(path));
    await expect(tab.ui.cardNames()).resolves.toEqual(['一覧表.txt', '漢字.txt']);
    const expected = filesNamedIn(path, 'shift_jis');
    expect([...expected.keys()].sort()).toEqual(['表だよ/一覧表.txt', '表だよ/漢字.txt']);

    // A wrong code page: new names at once, saved by the page (the server says "一覧表.txt").
    await tab.ui.namesEncodingPicker().selectOption('cp866');
    await tab.ui.page.locator('article[data-file-name="一覧表.txt"]').waitFor({ state: 'detached' });
    const wrong = await tab.ui.cardNames();
    expect(wrong).toHaveLength(2);
    expect(wrong).not.toContain('一覧表.txt');
    // 表 is 0x95 0x5C in Shift-JIS, and 0x5C a backslash in CP866: one name becomes a folder and
    // ".txt" (which Chromium would save as "txt.txt"); the other is saved as shown.
    const other = wrong.find((name) => !name?.startsWith('.'));
    const one = await downloadOf(`Download ${other}`);
    fromPage(one);
    expect(one.suggestedFilename()).toBe(other);
    const pageZip = await downloadOf('Download as ZIP');
    fromPage(pageZip);
    const pageEntries = await zipped(pageZip);
    expect([...pageEntries.keys()].map((path) => path.slice(path.lastIndexOf('/') + 1)).sort()).toEqual(wrong);
    expect([...pageEntries.values()].sort()).toEqual([...expected.values()].sort());

    // Shift-JIS names every file as the server did: its URLs and its ZIP again.
    await tab.ui.namesEncodingPicker().selectOption('shift_jis');
    await tab.ui.page.locator('article[data-file-name="一覧表.txt"]').waitFor();
    await expect(tab.ui.cardNames()).resolves.toEqual(['一覧表.txt', '漢字.txt']);
    const right = await downloadOf('Download 一覧表.txt');
    fromServer(right);
    expect(right.suggestedFilename()).toBe('一覧表.txt');
    expect(sha256(await readFile((await right.path()) ?? ''))).toBe(expected.get('表だよ/一覧表.txt'));
    const serverZip = await downloadOf('Download as ZIP');
    fromServer(serverZip);
    await expect(zipped(serverZip)).resolves.toEqual(expected);
  });

  it('fixes a windows-1251 zip the server guessed wrong: the file and the ZIP are saved under the chosen names', async () => {
    const archive = join(dir, 'otchety.zip');
    await writeFile(archive, await zipWithLegacyNames('windows-1251', ['Отчёты/Январь.txt', 'Отчёты/Февраль.txt']));
    await tab.ui.choose([archive]);
    await tab.ui.extract();
    await tab.ui.waitForCompletion(2);
    expect(await tab.ui.cardNames()).not.toContain('Январь.txt');
    await tab.ui.namesEncodingPicker().selectOption('windows-1251');
    await tab.ui.page.locator('article[data-file-name="Январь.txt"]').waitFor();
    await expect(tab.ui.cardNames()).resolves.toEqual(['Февраль.txt', 'Январь.txt']);

    const one = await downloadOf('Download Январь.txt');
    fromPage(one);
    expect(one.suggestedFilename()).toBe('Январь.txt');
    const zip = await downloadOf('Download as ZIP');
    fromPage(zip);
    expect(zip.suggestedFilename()).toBe('otchety-extracted.zip');
    expect([...(await zipped(zip)).keys()].sort()).toEqual(['Отчёты/Февраль.txt', 'Отчёты/Январь.txt']);
  });
});
