import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useExtractorTab } from './support/extractor-tab.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

const env = useSiteAndBrowser();
let dir: string;
let archive: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ao-e2e-names-'));
  archive = join(dir, 'invoices.zip');
  // U+202E shows the rest of a name backwards: "invoice\u202Efdp.exe" reads "invoiceexe.pdf".
  await writeFile(archive, zipSync({ 'invoice\u202efdp.exe': strToU8('MZ'), 'readme.txt': strToU8('hello') }));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
const tab = useExtractorTab(env);

describe('a name made to read backwards, in a real browser', () => {
  it('is shown without its direction control, with a visible marker and a warning', async () => {
    await tab.ui.choose([archive]);
    await tab.ui.extract();
    await tab.ui.waitForCompletion(2);
    const card = tab.ui.page.locator('article[data-file-name="invoice_fdp.exe"]');
    await card.waitFor();
    await expect(card.locator('[data-name-warning-marker]').innerText()).resolves.toBe('Renamed');
    await expect(card.locator('[data-name-warning]').innerText()).resolves.toMatch(/hidden characters that reverse/);
    // The warning is the card's description for screen readers too (with the one that says it is a program).
    const describedBy = ((await card.getAttribute('aria-describedby')) ?? '').split(' ');
    expect(describedBy).toContain(await card.locator('[data-name-warning]').getAttribute('id'));
    expect(describedBy).toContain(await card.locator('[data-risk-warning]').getAttribute('id'));
    await expect(card.locator('[data-risk-marker]').innerText()).resolves.toBe('Program');

    const plain = tab.ui.page.locator('article[data-file-name="readme.txt"]');
    await expect(plain.locator('[data-name-warning-marker]').count()).resolves.toBe(0);
    // No name on the page holds the control any more.
    const names = await tab.ui.page.locator('[data-file-name]').evaluateAll((cards) => cards.map((c) => c.textContent ?? ''));
    expect(names.some((text) => text.includes('\u202e'))).toBe(false);
  });
});
