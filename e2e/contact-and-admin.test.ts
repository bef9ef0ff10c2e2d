import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { newBrowserContext } from './support/browser-context.js';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { ExtractorPage } from './support/extractor-page.js';
import { waitUntilShown } from './support/shown.js';
import { ROOT, startSite, type RunningSite } from '@archive-opener/test-support/site';
import { newDataDir } from '@archive-opener/test-support/pglite-template';

// A visitor writes from the Spanish footer; the operator reads it on the admin page, where the
// statistics count the visitor's browser extraction. One real server (its own data folder) and
// one Chromium for the whole story, in order.
const ADMIN_PASSWORD = 'an e2e admin password';
const MESSAGE = 'Hola: el RAR de mi cámara se abre perfectamente. ¡Gracias!';

const spanish = async <T>(file: string) =>
  JSON.parse(await readFile(join(ROOT, 'apps/web/src/i18n/locales/es', file), 'utf8')) as T;
const esCommon = await spanish<{ footer: { contact: string } }>('common.json');
const esContact = await spanish<{
  dialog: { title: string };
  fields: { name: string; email: string; message: string };
  submit: string;
  toast: { emptyText: string; sentTitle: string };
}>('contact.json');

let site: RunningSite;
let browser: Browser;
let dataDir: string;
let visitor: BrowserContext;
let operator: BrowserContext;

beforeAll(async () => {
  dataDir = await newDataDir('ao-e2e-admin-');
  [site, browser] = await Promise.all([startSite({ DATA_DIR: dataDir, ADMIN_PASSWORD }), launchChromium()]);
  visitor = await newBrowserContext(browser);
  operator = await newBrowserContext(browser);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Toasts leave after a few seconds: the page notes each one (see support/shown.ts). */
const toast = (page: Page, text: string) => waitUntilShown(page, [text]);

describe('contact message and admin page', () => {
  it('extracts an archive in the browser, which is reported as an anonymous event', async () => {
    const page = await visitor.newPage();
    const ui = new ExtractorPage(page);
    await ui.open(site.url);
    const event = page.waitForRequest((request) => request.url().endsWith('/api/events') && request.method() === 'POST');
    await ui.extractCase(corpusCase('libarchive/test_compat_zip_5.zip'));
    const body = JSON.parse((await event).postData() ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ mode: 'browser', format: 'zip', outcome: 'success', errorCode: null, sizeBucket: 'under-1mb' });
    // No name of the archive or of its files travels with it.
    expect(JSON.stringify(body)).not.toMatch(/test_compat|Job_PT/);
  });

  it('sends a contact message from the footer dialog in Spanish', async () => {
    const page = await visitor.newPage();
    await page.goto(`${site.url}/es`);
    await page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: esCommon.footer.contact }).click();
    const dialog = page.getByRole('dialog', { name: esContact.dialog.title });
    await dialog.waitFor();
    await expectNoAxeViolations(page);

    // Empty fields: the toast of docs/product.md#contact, nothing sent, the dialog stays.
    await dialog.getByRole('button', { name: esContact.submit }).click();
    await toast(page, esContact.toast.emptyText);
    expect(await dialog.getByLabel(esContact.fields.name).getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel(esContact.fields.name).fill('  Ana López ');
    await dialog.getByLabel(esContact.fields.email).fill('ana@example.com');
    await dialog.getByLabel(esContact.fields.message).fill(MESSAGE);
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await dialog.getByRole('button', { name: esContact.submit }).click();
    expect((await sent).status()).toBe(201);
    await toast(page, esContact.toast.sentTitle);
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the button that opened it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(esCommon.footer.contact);
  });

  it('logs in to the admin page, shows the message unread, marks it read, counts the extraction, logs out', async () => {
    const page = await operator.newPage();
    await page.goto(`${site.url}/admin-summer`);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not the password');
    await password.press('Enter');
    await toast(page, 'Incorrect password');

    await password.fill(ADMIN_PASSWORD);
    await password.press('Enter');
    await toast(page, 'Welcome to the admin panel');
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();

    const card = (name: string) =>
      page
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: name }) })
        .locator('dd');
    await expect.poll(() => card('Total extractions').textContent()).toBe('1');
    expect(await card("Today's extractions").textContent()).toBe('1');
    expect(await card('Success rate').textContent()).toMatch(/100/);
    expect(Number(await card('Visitors in the last 24 hours').textContent())).toBeGreaterThanOrEqual(1);
    const latest = page
      .getByRole('region', { name: /Recent extractions/ })
      .getByRole('row')
      .nth(1);
    expect(await latest.textContent()).toMatch(/Browser.*Success/);
    // On a phone the table scrolls sideways inside its region, a shadow on the edge hiding more columns.
    await page.setViewportSize({ width: 390, height: 844 });
    const activity = await page.getByRole('region', { name: /Recent extractions/ }).evaluate((region) => ({
      overflows: region.scrollWidth > region.clientWidth,
      cue: getComputedStyle(region).backgroundImage,
    }));
    expect(activity.overflows).toBe(true);
    expect(activity.cue).toMatch(/radial-gradient/);
    await page.setViewportSize({ width: 1280, height: 900 });

    const messages = page.getByRole('region', { name: /Contact messages, newest first/ });
    const message = messages.getByRole('article').filter({ hasText: MESSAGE });
    await message.waitFor();
    expect(await message.textContent()).toContain('Ana López');
    expect(await message.textContent()).toContain('New');
    await page.getByText('1 unread').waitFor();
    await expectNoAxeViolations(page);

    await message.getByRole('button', { name: 'Mark as read' }).click();
    await toast(page, 'Message marked as read');
    await expect.poll(() => message.textContent()).not.toContain('New');
    await page.getByText('1 unread').waitFor({ state: 'detached' });

    // A reload keeps the session (the cookie) and shows the message read.
    await page.reload();
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    const reloaded = messages.getByRole('article').filter({ hasText: MESSAGE });
    await reloaded.waitFor();
    expect(await reloaded.textContent()).not.toContain('New');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // The session is gone on the server too.
    const session = await page.evaluate(async () => (await fetch('/api/admin/session')).status);
    expect(session).toBe(401);
  });
});
