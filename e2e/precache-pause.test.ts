// A first visit's precache (the service worker's install, ~260 files) waits while the page lists
// and extracts an archive, then finishes (docs/decisions/041-precache-waits-for-archive-work.md).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBrowserContext } from './support/browser-context.js';
import { ExtractorPage } from './support/extractor-page.js';
import { useSiteAndBrowser } from './support/site-and-browser.js';

const env = useSiteAndBrowser();
let context: BrowserContext | undefined;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ao-precache-pause-'));
});
afterAll(async () => {
  await context?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** What the page says on the channel, heard by a second channel in the page (archive-work-contract.ts). */
const LISTEN = `(() => {
  const heard = (window.__archiveWork = []);
  const channel = new BroadcastChannel('archive-opener:archive-work');
  channel.onmessage = (event) => heard.push({ kind: event.data.kind, at: Date.now() });
})()`;

/** From each 'busy' after an 'idle' (or the first) to the next 'idle': when the page was busy. */
function busySpans(heard: { kind: string; at: number }[]): { from: number; to: number }[] {
  const spans: { from: number; to: number }[] = [];
  let from: number | null = null;
  for (const { kind, at } of heard) {
    if (kind === 'busy' && from === null) from = at;
    if (kind === 'idle' && from !== null) {
      spans.push({ from, to: at });
      from = null;
    }
  }
  return spans;
}

describe('the service worker precache, in Chromium, against the production server', () => {
  it('waits while an archive is listed and extracted on the first visit, then finishes', async () => {
    const zip = join(workDir, 'random.zip');
    const random = new Uint8Array(8 * 1024 * 1024);
    for (let i = 0; i < random.length; i += 65_536) crypto.getRandomValues(random.subarray(i, i + 65_536));
    await writeFile(zip, zipSync({ 'big/random.bin': random, 'big/readme.txt': new TextEncoder().encode('hello\n') }));

    context = await newBrowserContext(env.browser, { serviceWorkers: 'allow' });
    // The install's requests are the worker's own; a page's request the worker passes on is left out.
    const fromWorker: { url: string; at: () => number }[] = [];
    const fromPage = new Set<string>();
    context.on('request', (request) => {
      const heardAt = Date.now();
      // When the browser began it (its own clock, as the page's `at` below), once it has ended;
      // the moment this process hears of it can lag seconds behind on a busy machine.
      const at = () => (request.timing().startTime > 0 ? request.timing().startTime : heardAt);
      if (request.serviceWorker()) fromWorker.push({ url: request.url(), at });
      else fromPage.add(request.url());
    });
    const ui = new ExtractorPage(await context.newPage());
    await ui.open(env.site.url);
    await ui.page.evaluate(LISTEN);
    // The install under way: the precache has begun and has far to go.
    await ui.page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.installing != null);
    await expect.poll(() => fromWorker.length).toBeGreaterThanOrEqual(3);

    await ui.choose([zip]);
    await ui.extract();
    await ui.waitForCompletion(2);
    await ui.page.waitForFunction(() => {
      const heard = (window as unknown as { __archiveWork: { kind: string }[] }).__archiveWork;
      return heard.at(-1)?.kind === 'idle';
    });
    // The install then finishes: the worker is active.
    await ui.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    const heard = await ui.page.evaluate(
      () => (window as unknown as { __archiveWork: { kind: string; at: number }[] }).__archiveWork,
    );
    const spans = busySpans(heard);
    expect(spans.length).toBeGreaterThan(0);
    const install = fromWorker.filter(({ url }) => !fromPage.has(url)).map(({ url, at }) => ({ url, at: at() }));
    // A request the worker had begun when the page said "busy", or heard it a moment later, may end.
    const whileBusy = install.filter(({ at }) => spans.some(({ from, to }) => at > from + 300 && at < to));
    expect(whileBusy.map(({ url }) => url)).toEqual([]);
    const last = spans.at(-1)?.to ?? Number.POSITIVE_INFINITY;
    expect(install.filter(({ at }) => at >= last).length).toBeGreaterThan(0);
    console.log(
      `precache: ${install.length} requests of the install, ${install.filter(({ at }) => at >= last).length} after the page was idle; busy ${spans
        .map(({ from, to }) => `${to - from} ms`)
        .join(', ')}`,
    );
  });
});
