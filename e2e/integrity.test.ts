import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { configure, TextReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { useExtractorTab } from './support/extractor-tab.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

// The integrity and safety report (docs/decisions/035-integrity-and-safety-report.md) in a real
// browser, on archives made here at run time.
const run = promisify(execFile);
const env = useSiteAndBrowser();
let dir: string;

const PLAIN: Record<string, string> = { 'readme.txt': 'hello', 'docs/guide.md': '# Guide\n', 'docs/data.csv': 'a,b\n1,2\n' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function encryptedZip(name: string, password: string): Promise<string> {
  configure({ useWebWorkers: false });
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password, encryptionStrength: 3 });
  await writer.add(`${name}.txt`, new TextReader(`secret of ${name}`));
  const path = join(dir, `${name}.zip`);
  await writeFile(path, await writer.close());
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ao-e2e-integrity-'));
  await writeFile(join(dir, 'plain.zip'), zipSync(Object.fromEntries(Object.entries(PLAIN).map(([k, v]) => [k, strToU8(v)]))));
  // A tar with a name that climbs out, a symbolic link and a program dressed as a PDF. GNU tar
  // keeps `../` only with -P.
  const src = join(dir, 'src', 'inner');
  await mkdir(src, { recursive: true });
  await writeFile(join(dir, 'src', 'evil.txt'), 'evil');
  await writeFile(join(src, 'invoice.pdf.exe'), 'MZ');
  await symlink('/etc/passwd', join(src, 'passwords'));
  await run('tar', ['-cPf', join(dir, 'hostile.tar'), '../evil.txt', 'invoice.pdf.exe', 'passwords'], { cwd: src });
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
const tab = useExtractorTab(env);

describe('checksums without a click', () => {
  it('shows each card’s SHA-256 by itself, offers SHA256SUMS that sha256sum -c verifies, and no safety report for a plain archive', async () => {
    await tab.ui.choose([join(dir, 'plain.zip')]);
    await tab.ui.extract();
    await tab.ui.waitForCompletion(3);
    expect(await tab.ui.sha256Of('guide.md')).toBe(sha256(PLAIN['docs/guide.md'] ?? ''));
    await expect(tab.ui.page.getByRole('button', { name: /^Show SHA-256/ }).count()).resolves.toBe(0);
    await expect(tab.ui.page.locator('[data-safety-summary]').count()).resolves.toBe(0);

    const button = tab.ui.page.getByRole('button', { name: 'Download SHA256SUMS' });
    await button.waitFor();
    const [download] = await Promise.all([tab.ui.page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('SHA256SUMS');
    // The archive's own tree, and the sums checked in it by GNU sha256sum.
    const tree = join(dir, 'plain-tree');
    for (const [path, content] of Object.entries(PLAIN)) {
      await mkdir(join(tree, path, '..'), { recursive: true });
      await writeFile(join(tree, path), content);
    }
    await writeFile(join(tree, 'SHA256SUMS'), await readFile((await download.path()) ?? ''));
    const { stdout } = await run('sha256sum', ['-c', '--strict', 'SHA256SUMS'], { cwd: tree });
    expect(stdout.match(/: OK$/gm)).toHaveLength(3);
  });
});

/** A list's text without the isolates that keep each name's direction its own. */
const plainText = async (locator: { innerText(): Promise<string> }) =>
  (await locator.innerText()).replace(/[\u2066-\u2069]/g, '');

/** The report of hostile.tar, the same in either mode: the renamed name, the link, the disguised program. */
async function expectHostileReport() {
  const summary = tab.ui.page.locator('[data-safety-summary]');
  await summary.waitFor();
  await expect(summary.getByRole('heading', { name: 'Safety report' }).count()).resolves.toBe(1);
  await expect(plainText(summary.getByRole('list', { name: 'Names made safe (1)' }))).resolves.toMatch(
    /\.\.\/evil\.txt became evil\.txt \(pointed outside the folder\)/,
  );
  await expect(plainText(summary.getByRole('list', { name: 'Links not created (1)' }))).resolves.toBe(
    'passwords pointed to /etc/passwd',
  );
  await expect(plainText(summary.getByRole('list', { name: 'Programs and scripts (1)' }))).resolves.toBe(
    'invoice.pdf.exe: a program named to look like a .pdf file',
  );
  const card = tab.ui.page.locator('article[data-file-name="invoice.pdf.exe"]');
  await expect(card.locator('[data-risk-marker]').innerText()).resolves.toBe('Disguised');
  return summary;
}

describe('the safety report', () => {
  it('says which name was made safe, which link was not created and which program is disguised, on the cards too', async () => {
    await tab.ui.choose([join(dir, 'hostile.tar')]);
    await tab.ui.extract();
    await tab.ui.waitForCompletion(2);
    const summary = await expectHostileReport();
    await expectNoAxeViolations(tab.ui.page);
    // Folded by its heading's button.
    const toggle = summary.getByRole('button', { name: /Safety report/ });
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(summary.getByRole('list').count()).resolves.toBe(0);
  });

  it('says the same when the server extracts the archive', async () => {
    await tab.ui.page.getByRole('switch', { name: 'Extract on our server' }).check();
    const uploads: string[] = [];
    tab.ui.page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/extractions') uploads.push(request.url());
    });
    await tab.ui.choose([join(dir, 'hostile.tar')]);
    await tab.ui.extract();
    await tab.ui.waitForCompletion(2);
    await expectHostileReport();
    expect(uploads).toHaveLength(1);
  });
});

describe('one password for a batch', () => {
  it('asks once for two encrypted zips that share a password', async () => {
    const first = await encryptedZip('first', 'batch-secret');
    const second = await encryptedZip('second', 'batch-secret');
    await tab.ui.choose([first, second]);
    await tab.ui.extract();
    const prompt = tab.ui.page.getByRole('dialog', { name: /^Password for / });
    await prompt.waitFor();
    await prompt.getByLabel('Password', { exact: true }).fill('batch-secret');
    await prompt.getByRole('button', { name: 'Open' }).click();
    await tab.ui.waitForCompletion(2);
    // Both archives opened; the dialog was never shown again.
    await tab.ui.page.locator('article[data-file-name="first.txt"]').waitFor();
    await tab.ui.page.locator('article[data-file-name="second.txt"]').waitFor();
    const dialogs = await tab.ui.page.evaluate(() =>
      ((window as unknown as { __shown?: string[] }).__shown ?? []).filter((text) => text.startsWith('Password for')),
    );
    expect(dialogs).toHaveLength(1);
    await expect(prompt.count()).resolves.toBe(0);
  });
});
