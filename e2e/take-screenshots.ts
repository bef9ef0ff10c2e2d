// Screenshots of the home page before and after an extraction, desktop and a 390 px phone, for a
// person to look at (`npm run screenshots`, written to .screenshots/). Not a test.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium } from './support/chromium.js';
import { corpusCase } from './support/corpus.js';
import { ExtractorPage } from './support/extractor-page.js';
import { ROOT, startSite } from './support/site.js';

const OUT = join(ROOT, '.screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900, isMobile: false },
  { name: 'phone', width: 390, height: 844, isMobile: true },
];

const site = await startSite();
const browser = await launchChromium();

const contextFor = (viewport: (typeof VIEWPORTS)[number]) =>
  browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    deviceScaleFactor: 1,
  });

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
try {
  await mkdir(OUT, { recursive: true });
  for (const theme of ['dark', 'light']) {
    for (const viewport of VIEWPORTS) {
      const context = await contextFor(viewport);
      const page = await context.newPage();
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      const ui = new ExtractorPage(page);
      await ui.open(site.url);
      await page.getByRole('heading', { level: 2, name: /questions/i }).waitFor();
      await page.screenshot({ path: join(OUT, `${viewport.name}-${theme}-before.png`), fullPage: true });
      await page.screenshot({ path: join(OUT, `${viewport.name}-${theme}-first-screen.png`) });
      const archive = corpusCase('commons-compress/COMPRESS-245.tar.gz');
      await ui.extractCase(archive);
      await page.getByRole('button', { name: 'Preview mpl-v11.txt' }).click();
      await page.screenshot({ path: join(OUT, `${viewport.name}-${theme}-after.png`), fullPage: true });
      // What a visitor sees first once the files are ready: the top of the file manager.
      await ui.fileManagerTitle().evaluate((title) => title.scrollIntoView({ block: 'start', behavior: 'instant' }));
      await page.screenshot({ path: join(OUT, `${viewport.name}-${theme}-files.png`) });
      await context.close();
    }
  }
  await arabicShots();
  console.log(`Screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await site.stop();
}
