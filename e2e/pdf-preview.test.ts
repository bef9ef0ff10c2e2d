import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { newBrowserContext } from './support/browser-context.js';
import { ExtractorPage } from './support/extractor-page.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

/**
 * A PDF whose OpenAction runs JavaScript (app.alert, app.response: dialogs that would look like
 * the site's own and read what the visitor types), previewed from inside a zip, in browser and in
 * server mode: the page is drawn (PDF.js, on a canvas, with its text layer) and no dialog opens.
 */

/** A one-page PDF, written byte by byte: a blue bar, a line of text, and a script run on opening. */
function scriptedPdf(): Uint8Array {
  const content = '0 0.4 0.8 rg 20 20 260 50 re f\nBT /F1 20 Tf 20 120 Td (Hello from a PDF) Tj ET\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> /AA << /O 5 0 R >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    '<< /Type /Action /S /JavaScript /JS (app.alert\\("Your session expired"\\); var typed = app.response\\("Password?"\\);) >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

const env = useSiteAndBrowser();
let dir: string;
let archive: string;
let context: BrowserContext;
let ui: ExtractorPage;
let dialogs: string[];
let refusals: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ao-e2e-pdf-'));
  archive = join(dir, 'letters.zip');
  await writeFile(archive, zipSync({ 'letters/invoice.pdf': scriptedPdf() }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  dialogs = [];
  refusals = [];
  context = await newBrowserContext(env.browser);
  const page = await context.newPage();
  // PDF.js must work within the site's CSP (no eval, workers from the site only).
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  ui = new ExtractorPage(page);
  await ui.open(env.site.url);
});
afterEach(async () => {
  await context?.close();
});

/** Whether the page's canvas holds anything but white or transparent pixels. */
function canvasIsDrawn(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-pdf-page="1"] canvas');
    const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!pixels || pixels.length === 0) return false;
    for (let i = 0; i < pixels.length; i += 4) {
      if ((pixels[i + 3] ?? 0) > 0 && ((pixels[i] ?? 255) < 200 || (pixels[i + 1] ?? 255) < 200)) return true;
    }
    return false;
  });
}

async function previewThePdf(): Promise<void> {
  const { page } = ui;
  await ui.choose([archive]);
  await ui.extract();
  await ui.waitForCompletion(1);
  await page.getByRole('button', { name: 'Preview invoice.pdf' }).click();
  // The viewer names the file (not a blob's UUID) and counts its pages.
  const toolbar = page.getByRole('toolbar', { name: 'PDF preview of invoice.pdf' });
  await toolbar.getByText('Page 1 of 1').waitFor();
  await expect(toolbar.innerText()).resolves.toContain('invoice.pdf');
  // PDF.js's text layer holds the page's text, selectable; the canvas shows the blue bar.
  await page.locator('[data-pdf-page="1"] .textLayer').getByText('Hello from a PDF').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-pdf-page="1"] canvas') !== null);
  await expect.poll(() => canvasIsDrawn(page), { timeout: 60_000 }).toBe(true);
  // The browser's own PDF viewer (which runs the script) is never used.
  await expect(page.locator('object, embed, iframe[src^="blob:"]').count()).resolves.toBe(0);
  // Zoom works on the drawn page: a step in makes the canvas wider.
  const width = async () => page.locator('[data-pdf-page="1"] canvas').evaluate((canvas) => canvas.clientWidth);
  const before = await width();
  await toolbar.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(width, { timeout: 60_000 }).toBeGreaterThan(before);
}

describe('a PDF with scripts, previewed', () => {
  it('is drawn by PDF.js in browser mode, and its script never runs', async () => {
    await previewThePdf();
    expect(dialogs).toEqual([]);
    expect(refusals).toEqual([]);
    // The viewer's toolbar and page pass axe like the rest of the file manager.
    await expectNoAxeViolations(ui.page);
  });

  it('is drawn by PDF.js in server mode too, and its script never runs', async () => {
    await ui.page.getByRole('switch', { name: 'Extract on our server' }).check();
    await previewThePdf();
    expect(dialogs).toEqual([]);
    expect(refusals).toEqual([]);
  });
});
