import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBrowserContext } from './support/browser-context.js';
import { ExtractorPage } from './support/extractor-page.js';
import { makeManyFilesZip, manyFileName } from './support/many-files-zip.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

const env = useSiteAndBrowser();
/** Large enough that rendering every card would take the page seconds and 100,000s of DOM nodes. */
const COUNT = 20_000;
let dir: string;
let zipPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ao-many-files-'));
  zipPath = join(dir, 'many-files.zip');
  await writeFile(zipPath, makeManyFilesZip(COUNT));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the file manager with a large archive', () => {
  it('renders a few rows of 20,000 files, scrolls to the last one, and opens the tree collapsed', async () => {
    const context = await newBrowserContext(env.browser);
    try {
      const page = await context.newPage();
      const ui = new ExtractorPage(page);
      await ui.open(env.site.url);
      await ui.choose([zipPath]);
      await ui.extract();
      await ui.waitForCompletion(COUNT);
      await page.getByRole('heading', { name: 'Extracted Files (20,000)' }).waitFor();

      const cards = page.locator('article[data-file-name]');
      expect(await cards.count()).toBeLessThan(60);
      expect(await page.getByRole('button', { name: /Show more/ }).count()).toBe(0);
      await page.locator(`article[data-file-name="${manyFileName(0)}"]`).waitFor();

      // Scrolling the page reaches the end of the list, whose last card is rendered then.
      const last = page.locator(`article[data-file-name="${manyFileName(COUNT - 1)}"]`);
      for (let step = 0; step < 20 && (await last.count()) === 0; step += 1) {
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
        await page.waitForFunction(() => window.scrollY + innerHeight >= document.documentElement.scrollHeight - 2);
      }
      await last.waitFor();
      expect(await cards.count()).toBeLessThan(60);
      const item = page.locator('li', { has: last });
      expect(await item.getAttribute('aria-posinset')).toBe(String(COUNT));
      expect(await item.getAttribute('aria-setsize')).toBe(String(COUNT));

      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.getByRole('button', { name: 'Tree view' }).click();
      const tree = page.getByRole('list', { name: 'Files by folder' });
      const folders = tree.getByRole('button', { expanded: false });
      await folders.first().waitFor();
      expect(await tree.getByRole('listitem').count()).toBe(10);
      expect(await cards.count()).toBe(0);
      await tree.getByRole('button', { name: /^d0 / }).click();
      await tree.getByRole('button', { name: /^s0 / }).click();
      await page.locator(`article[data-file-name="${manyFileName(0)}"]`).waitFor();
      expect(await cards.count()).toBeLessThan(60);
    } finally {
      await context.close();
    }
  });
});
