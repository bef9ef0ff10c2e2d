import { describe, expect, it } from 'vitest';
import { newBrowserContext } from './support/browser-context.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

const env = useSiteAndBrowser();

/** Every CSP violation the page reports, as `directive blocked-uri source:line`. */
function recordViolations(): void {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
  );
}

describe('the Content-Security-Policy', () => {
  // The pages that load the API's schemas (zod) once idle, for the robots.txt / sitemap.xml
  // report; zod's JIT probes `new Function('')`, which the CSP blocks and reports. The home and
  // about pages also carry JSON-LD: a data block, which the CSP's script-src does not govern.
  for (const path of ['/', '/about', '/de', '/admin-summer']) {
    it(`is not violated on ${path} once the API chunk ran`, async () => {
      const context = await newBrowserContext(env.browser);
      try {
        const page = await context.newPage();
        await page.addInitScript(recordViolations);
        const console: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') console.push(message.text());
        });
        // The report is posted once the schemas' chunk has run and checked the robots.txt result.
        const reported = page.waitForRequest((request) => request.url().endsWith('/api/monitor-static-files'));
        await page.goto(`${env.site.url}${path}`);
        await reported;
        expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
        if (path !== '/admin-summer') expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);
        expect(console.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
