import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { recordShown } from './shown.js';

/**
 * How long one wait in a page may take. Generous: a test must not fail because the machine was
 * slow, and CI shares two cores between two test files, a browser and a server.
 */
export const PAGE_WAIT_MS = 60_000;

/** A visitor's browser window: desktop size, patient waits, and toasts and dialogs noted as they appear. */
export async function newBrowserContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  await context.addInitScript(recordShown);
  return context;
}
