import { describe, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { newBrowserContext } from './support/browser-context.js';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { ExtractorPage } from './support/extractor-page.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

const env = useSiteAndBrowser();

describe('accessibility (axe-core) of the home page', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`has no violations before and after an extraction (${theme} theme)`, async () => {
      const context = await newBrowserContext(env.browser);
      try {
        const page = await context.newPage();
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
        const ui = new ExtractorPage(page);
        await ui.open(env.site.url);
        // The lazily loaded sections are part of the page a visitor reads.
        await page.getByRole('heading', { level: 2, name: /questions/i }).waitFor();
        await expectNoAxeViolations(page);

        const zip = corpusCase('libarchive/test_compat_zip_5.zip');
        await ui.extractCase(zip);
        await ui.reveal('Job_PT.xml');
        await page.getByRole('button', { name: 'Preview Job_PT.xml' }).click();
        // The checksum fills in by itself, without a click.
        await page.getByRole('button', { name: 'Copy SHA-256 checksum of Job_PT.xml' }).waitFor();
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });
  }
});
