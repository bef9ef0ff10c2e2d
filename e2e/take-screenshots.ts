// Screenshots of the home page before and after an extraction, and of the admin dashboard, desktop
// and a 390 px phone, for a person to look at (`npm run screenshots`, written to .screenshots/).
// Not a test.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { ExtractorPage } from './support/extractor-page.js';
import { ROOT, startSite } from '@archive-opener/test-support/site';

const OUT = join(ROOT, '.screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900, isMobile: false },
  { name: 'phone', width: 390, height: 844, isMobile: true },
];

const ADMIN_PASSWORD = 'screenshots admin password';
const dataDir = await mkdtemp(join(tmpdir(), 'ao-screenshots-'));
const site = await startSite({ DATA_DIR: dataDir, ADMIN_PASSWORD });
const browser = await launchChromium();

const contextFor = (viewport: Viewport) =>
  browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    deviceScaleFactor: 1,
  });

type Viewport = (typeof VIEWPORTS)[number];

/** Runs `shoot` once per theme and width, on a fresh page that starts in that theme. */
async function everyThemeAndWidth(shoot: (page: Page, prefix: string) => Promise<void>): Promise<void> {
  for (const theme of ['dark', 'light']) {
    for (const viewport of VIEWPORTS) {
      const context = await contextFor(viewport);
      const page = await context.newPage();
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      await shoot(page, `${viewport.name}-${theme}`);
      await context.close();
    }
  }
}

/** /ar with an extracted archive: the right-to-left layout as an Arabic reader sees it. */
async function arabicShots() {
  const extractor = JSON.parse(await readFile(join(ROOT, 'apps/web/src/i18n/locales/ar/extractor.json'), 'utf8')) as {
    extractButton: string;
  };
  for (const viewport of VIEWPORTS) {
    const context = await contextFor(viewport);
    const page = await context.newPage();
    await page.goto(`${site.url}/ar`);
    await page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
    await page.locator('input[type=file]').setInputFiles(corpusCase('commons-compress/COMPRESS-245.tar.gz').parts);
    await page.getByRole('button', { name: extractor.extractButton }).click();
    await page.locator('[data-file-name]').first().waitFor();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: join(OUT, `${viewport.name}-ar-after.png`), fullPage: true });
    await context.close();
  }
}

/** Gives the dashboard something to show: a server extraction, a failed one, messages, file checks. */
async function adminData() {
  for (const path of ['libarchive/test_compat_zip_5.zip', 'py7zr/encrypted_3.7z']) {
    const [part = ''] = corpusCase(path).parts;
    const form = new FormData();
    form.append('file', new Blob([await readFile(part)]), basename(part));
    await fetch(`${site.url}/api/extractions`, { method: 'POST', body: form });
  }
  const messages = [
    {
      name: 'Ana López',
      email: 'ana@example.com',
      message: 'The RAR from my camera opens fine now.\nCould you add a dark print style?',
    },
    { name: 'Bot', email: 'bot@example.com', message: 'Visit <script>alert(document.cookie)</script> now' },
  ];
  for (const message of messages)
    await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
}

/** The admin dashboard after logging in, both themes and widths. */
async function adminShots() {
  await adminData();
  await everyThemeAndWidth(async (page, prefix) => {
    await page.goto(`${site.url}/admin-summer`);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    await page.getByText('Bot', { exact: true }).waitFor();
    // Past the login toast, its exit animation included.
    await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), undefined, { timeout: 15_000 });
    await page.screenshot({ path: join(OUT, `${prefix}-admin.png`), fullPage: true });
  });
}

try {
  await mkdir(OUT, { recursive: true });
  await adminShots();
  await everyThemeAndWidth(async (page, prefix) => {
    const ui = new ExtractorPage(page);
    await ui.open(site.url);
    await page.getByRole('heading', { level: 2, name: /questions/i }).waitFor();
    await page.screenshot({ path: join(OUT, `${prefix}-before.png`), fullPage: true });
    await page.screenshot({ path: join(OUT, `${prefix}-first-screen.png`) });
    const archive = corpusCase('commons-compress/COMPRESS-245.tar.gz');
    await ui.extractCase(archive);
    await page.getByRole('button', { name: 'Preview mpl-v11.txt' }).click();
    await page.screenshot({ path: join(OUT, `${prefix}-after.png`), fullPage: true });
    // What a visitor sees first once the files are ready: the top of the file manager.
    await ui.fileManagerTitle().evaluate((title) => title.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await page.screenshot({ path: join(OUT, `${prefix}-files.png`) });
  });
  await arabicShots();
  console.log(`Screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await site.stop();
  await rm(dataDir, { recursive: true, force: true });
}
