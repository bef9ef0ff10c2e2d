import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { recordShown } from './shown.js';

/**
 * How long one wait in a page may take. Generous: a test must not fail because the machine was
 * slow, and CI shares two cores between two test files, a browser and a server.
 */
export const PAGE_WAIT_MS = 60_000;

/**
 * A visitor's browser window: desktop size, patient waits, and toasts and dialogs noted as they appear.
 * It asks for reduced motion, as many visitors do: the page then scrolls instantly and does not
 * animate. With motion, a click on a button below the fold is a race on a busy machine: Playwright
 * checks what is under the point mid-scroll, the smooth scroll moves on, and the click lands
 * elsewhere (a download that never starts, a dialog that never opens).
 * The site's service worker is blocked unless a test allows it (`serviceWorkers: 'allow'`, as
 * e2e/offline-app.test.ts does): each test then sees the network as the page asks for it, and no
 * window spends the machine's time precaching the whole site in the background.
 */
export async function newBrowserContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    ...options,
  });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  await context.addInitScript(recordShown);
  await context.addInitScript(withoutSavePicker);
  return context;
}

/**
 * Headless Chromium has `showSaveFilePicker` but closes it at once, as a visitor cancelling
 * would: without it the page downloads a ZIP as browsers without the picker do, which the tests
 * can watch. browser-output.test.ts puts a stand-in back where it tests the picker's path.
 */
function withoutSavePicker(): void {
  delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  delete (Window.prototype as { showSaveFilePicker?: unknown }).showSaveFilePicker;
}
