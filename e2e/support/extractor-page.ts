import type { Page, Request } from 'playwright-core';
import type { CorpusCase } from '@archive-opener/test-support/corpus';
import { shownCount, shownSince, waitUntilShown } from './shown.js';

/**
 * Drives the home page's extractor the way a visitor does. Its page must come from
 * `newBrowserContext`, which notes toasts and dialogs as they appear (see shown.ts).
 */
export class ExtractorPage {
  readonly requests: Request[] = [];
  private readonly console: string[] = [];
  /** The toasts and dialogs noted before the last action: what the next wait looks after. */
  private since = 0;

  constructor(readonly page: Page) {
    page.on('request', (request) => this.requests.push(request));
    page.on('console', (message) => this.console.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => this.console.push(`pageerror: ${error.message}`));
  }

  async open(url: string): Promise<void> {
    this.since = 0;
    await this.page.goto(url);
    await this.page.getByRole('button', { name: 'Select Archive File' }).waitFor();
    // Enabled once the prerendered page is hydrated: files set before that would be ignored.
    await this.page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
  }

  /** Chooses files through the drop zone's file input (what the file chooser fills). */
  async choose(paths: string[]): Promise<void> {
    this.since = await shownCount(this.page);
    await this.page.locator('input[type=file]').setInputFiles(paths);
    // As a visitor sees their files listed before reaching for "Extract": the list is a chunk of
    // its own, and on a busy CI machine a click made before it showed landed where the button had
    // been (the list moved it down) and nothing started.
    await this.page.locator('[data-selected]').waitFor();
  }

  async extract(password?: string): Promise<void> {
    await this.startWith('Extract Files Now', password);
  }

  /** As `extract`, with "Extract Straight to a Folder…" (a picker stand-in must be installed). */
  async extractIntoFolder(password?: string): Promise<void> {
    await this.startWith('Extract Straight to a Folder…', password);
  }

  private async startWith(button: string, password?: string): Promise<void> {
    const field = this.page.getByLabel('Password (only if the archive has one)');
    await field.fill(password ?? '');
    this.since = await shownCount(this.page);
    // The listing decides how the archive is extracted (in one worker or two): waiting for its end
    // makes a run the same on a busy machine. (A listing that ended just as the button was clicked
    // once moved it from under the click; ListingSummary.tsx now keeps its height.)
    await this.page.locator('[data-listing="reading"]').first().waitFor({ state: 'detached' });
    await this.page.getByRole('button', { name: button }).click();
  }

  /** Waits for the completion dialog (with its count) and lets it close itself. */
  async waitForCompletion(count: number): Promise<void> {
    await this.explained(waitUntilShown(this.page, ['Extraction Complete!', `Successfully extracted ${count} file`], this.since));
    await this.page.getByRole('dialog', { name: 'Extraction Complete!' }).waitFor({ state: 'detached' });
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

  /**
   * Scrolls the page until the card of `name` is rendered: the file manager renders only the rows
   * near the viewport, so a file far down the list is in the page only once scrolled to.
   */
  async reveal(name: string): Promise<void> {
    const card = this.page.locator(`article[data-file-name="${name.replace(/"/g, '\\"')}"]`);
    // `instant`: the page scrolls smoothly by default (CSS), which would make each step lag.
    await this.page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    for (;;) {
      if ((await card.count()) > 0) return card.first().scrollIntoViewIfNeeded();
      const moved = await this.page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy({ top: innerHeight / 2, behavior: 'instant' });
        return window.scrollY > before;
      });
      if (!moved) return card.first().waitFor();
      // The rows for the new position render on the next frames.
      await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
  }

  /** The names on the file cards now in the document, sorted (a long list is virtualised: see `reveal`). */
  cardNames(): Promise<(string | null)[]> {
    return this.page
      .locator('article[data-file-name]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-file-name')).sort());
  }

  /** The file manager's "Names encoding" picker (shown when some stored name is not ASCII). */
  namesEncodingPicker() {
    return this.page.getByLabel('Names encoding');
  }

  /** The SHA-256 a card shows, computed in the background without a click (waits until it is there). */
  async sha256Of(name: string): Promise<string> {
    await this.reveal(name);
    const copy = this.page.getByRole('button', { name: `Copy SHA-256 checksum of ${name}`, exact: true });
    await copy.waitFor();
    const line = this.page.locator('li, [role=treeitem], article').filter({ has: copy }).first();
    const text = (await line.innerText()).match(/[0-9a-f]{64}/);
    if (!text) throw new Error(`no SHA-256 shown for ${name}`);
    return text[0];
  }

  /** Waits for a toast holding `text`, shown since the last choice or extraction. */
  async toast(text: string): Promise<void> {
    await this.explained(waitUntilShown(this.page, [text], this.since));
  }

  /** A wait that timed out says what the visitor saw instead: the extractor, its toasts and dialogs, the console. */
  private async explained(wait: Promise<void>): Promise<void> {
    try {
      await wait;
    } catch (error) {
      const text = async (selector: string) =>
        (
          await this.page
            .locator(selector)
            .allInnerTexts()
            .catch(() => [])
        )
          .map((t) => t.replace(/\s+/g, ' ').trim())
          .join(' | ');
      const seen = [
        `Extractor: ${await text('section[aria-labelledby=extractor-title]')}`,
        `Toasts and dialogs since the last action: ${(await shownSince(this.page, this.since)).join(' | ') || 'none'}`,
        `Console: ${this.console.slice(-20).join(' | ') || 'nothing'}`,
      ];
      throw new Error([error instanceof Error ? error.message : String(error), ...seen].join('\n'), { cause: error });
    }
  }
}
