import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { zipWithLegacyNames } from '@archive-opener/test-support/legacy-names';
import { useExtractorTab } from './support/extractor-tab.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

const env = useSiteAndBrowser();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ao-e2e-encoding-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
const tab = useExtractorTab(env);

describe('names in any encoding, in a real browser', () => {
  it('reads a Shift-JIS zip wrong in CP866, right in Shift-JIS, and downloads under the chosen names', async () => {
    const zip = corpusCase('libarchive/test_read_format_zip_filename_cp932.zip');
    await tab.ui.extractCase(zip);
    await expect(tab.ui.cardNames()).resolves.toEqual(['一覧表.txt', '漢字.txt']);
    await tab.ui.namesEncodingPicker().selectOption('cp866');
    await tab.ui.page.locator('article[data-file-name="一覧表.txt"]').waitFor({ state: 'detached' });
    const wrong = await tab.ui.cardNames();
    expect(wrong).not.toContain('一覧表.txt');
    expect(wrong).toHaveLength(2);
    await tab.ui.namesEncodingPicker().selectOption('shift_jis');
    await tab.ui.page.locator('article[data-file-name="一覧表.txt"]').waitFor();
    await expect(tab.ui.cardNames()).resolves.toEqual(['一覧表.txt', '漢字.txt']);
    const [one] = await Promise.all([
      tab.ui.page.waitForEvent('download'),
      tab.ui.page.getByRole('button', { name: 'Download 一覧表.txt', exact: true }).click(),
    ]);
    expect(one.suggestedFilename()).toBe('一覧表.txt');
  });

  it('fixes a windows-1251 zip the guess got wrong: one choice names the cards and the ZIP', async () => {
    const archive = join(dir, 'otchety.zip');
    await writeFile(archive, await zipWithLegacyNames('windows-1251', ['Отчёты/Январь.txt', 'Отчёты/Февраль.txt']));
    await tab.ui.choose([archive]);
    await tab.ui.extract();
    await tab.ui.waitForCompletion(2);
    expect(await tab.ui.cardNames()).not.toContain('Январь.txt');
    await tab.ui.namesEncodingPicker().selectOption('windows-1251');
    await tab.ui.page.locator('article[data-file-name="Январь.txt"]').waitFor();
    await expect(tab.ui.cardNames()).resolves.toEqual(['Февраль.txt', 'Январь.txt']);
    const [zipped] = await Promise.all([
      tab.ui.page.waitForEvent('download'),
      tab.ui.page.getByRole('button', { name: 'Download as ZIP' }).click(),
    ]);
    const entries = unzipSync(new Uint8Array(await readFile((await zipped.path()) ?? '')));
    expect(
      Object.keys(entries)
        .filter((name) => !name.endsWith('/'))
        .sort(),
    ).toEqual(['Отчёты/Февраль.txt', 'Отчёты/Январь.txt']);
  });
});
