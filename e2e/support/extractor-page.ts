import type { Page, Request } from 'playwright-core';
import type { CorpusCase } from './corpus.js';

/** Drives the home page's extractor the way a visitor does. */
export class ExtractorPage {
  readonly requests: Request[] = [];

  constructor(readonly page: Page) {
    page.on('request', (request) => this.requests.push(request));
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.getByRole('button', { name: 'Select Archive File' }).waitFor();
    // Enabled once the prerendered page is hydrated: files set before that would be ignored.
    await this.page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
  }

  /** Chooses files through the drop zone's file input (what the file chooser fills). */
  async choose(paths: string[]): Promise<void> {
    await this.page.locator('input[type=file]').setInputFiles(paths);
  }

  async extract(password?: string): Promise<void> {
    const field = this.page.getByLabel('Password (only if the archive has one)');
    await field.fill(password ?? '');
    await this.page.getByRole('button', { name: 'Extract Files Now' }).click();
  }

  /** Waits for the completion dialog and lets it close itself. */
  async waitForCompletion(count: number): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: 'Extraction Complete!' });
    await dialog.waitFor();
    await this.page.getByText(`Successfully extracted ${count} file`, { exact: false }).first().waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  }

  /** The whole happy path: choose the archive, extract it (with its password), wait for its files. */
  async extractCase(archive: CorpusCase): Promise<void> {
    await this.choose(archive.parts);
    await this.extract(archive.password ?? undefined);
    await this.waitForCompletion(archive.files.size);
  }

  fileManagerTitle() {
    return this.page.getByRole('heading', { name: /^Extracted Files \(/ });
  }

  async sha256Of(name: string): Promise<string> {
    await this.page.getByRole('button', { name: `Show SHA-256 of ${name}`, exact: true }).click();
    const copy = this.page.getByRole('button', { name: `Copy SHA-256 checksum of ${name}`, exact: true });
    await copy.waitFor();
    const line = this.page.locator('li, [role=treeitem], article').filter({ has: copy }).first();
    const text = (await line.innerText()).match(/[0-9a-f]{64}/);
    if (!text) throw new Error(`no SHA-256 shown for ${name}`);
    return text[0];
  }

  async toast(text: string | RegExp): Promise<void> {
    await this.page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
  }
}
