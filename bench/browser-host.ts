import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { WarmUpReport } from '../packages/engine/src/host-browser/worker-protocol.js';
import { serveFiles, type WorkerBundle } from '@archive-opener/test-support/browser-harness';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { median } from './measure.js';
import type { Format } from './native-tools.js';

const PAGE = fileURLToPath(new URL('./browser/page.html', import.meta.url));

/**
 * 'prepared': as the site extracts, in a worker started and prepared while the visitor read the
 * listing (see page.html). 'fresh': a worker started for the run, every start-up cost timed.
 */
export type WorkerMode = 'prepared' | 'fresh';

export interface BrowserRun {
  seconds: number;
  /** What the worker returned: files, their bytes, the detected format, progress messages seen. */
  files: number;
  bytes: number;
  format: string;
  progress: number;
  /** A prepared worker's warm-up (before the timed request): null if it sent none. */
  warmUp: WarmUpReport | null;
}

export type { WorkerBundle } from '@archive-opener/test-support/browser-harness';

/** One extraction by the bench page (timed inside the page, not over CDP). */
function benchExtract(
  page: Page,
  url: string,
  name: string,
  workerUrl: string,
  mode: WorkerMode,
  warmUp: string[],
): Promise<BrowserRun> {
  return page.evaluate(
    ([u, n, w, m, k]) =>
      (
        window as unknown as {
          benchExtract(url: string, name: string, worker: string, mode: string, warmUp: string[]): Promise<BrowserRun>;
        }
      ).benchExtract(u, n, w, m, k),
    [url, name, workerUrl, mode, warmUp] as const,
  );
}

export interface BrowserBench {
  /** `worker`: which of the bundles the bench was opened with (the first by default). */
  extract(format: Format, mode: WorkerMode, worker?: string): Promise<BrowserRun>;
  /** Median seconds to fetch and compile 7zz.wasm on the page: what a fresh worker's run includes. */
  compileSeconds: number;
  close(): Promise<void>;
}

/**
 * Headless Chromium on the bench page, serving each named worker bundle (`/<name>.js`, one
 * 7zz.wasm for all: they load the same package) and the archives.
 */
export async function openBrowserBench(
  workers: Readonly<Record<string, WorkerBundle>>,
  archives: Partial<Record<Format, string>>,
): Promise<BrowserBench> {
  const names = Object.keys(workers);
  const first = names[0];
  if (first === undefined) throw new Error('no worker bundle to run');
  const routes = new Map<string, string>([
    ['/', PAGE],
    ['/7zz.wasm', workers[first]?.wasm ?? ''],
  ]);
  for (const name of names) {
    routes.set(`/${name}.js`, workers[name]?.worker ?? '');
    // The worker a .tar.gz's gzip is decoded in, found beside the engine's worker (bundleWorker).
    const gunzip = workers[name]?.gunzip;
    if (gunzip) routes.set(`/${name}-gunzip.js`, gunzip);
    const zipWasm = workers[name]?.zipWasm;
    if (zipWasm) routes.set(`/${name}-zip.wasm`, zipWasm);
  }
  for (const path of Object.values(archives)) routes.set(`/archives/${basename(path)}`, path);

  const { server, origin } = await serveFiles(routes);
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'benchExtract' in window);
    const compiles: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      compiles.push(await page.evaluate(() => (window as unknown as { benchCompile(): Promise<number> }).benchCompile()));
    }
    const opened = browser;
    return {
      compileSeconds: median(compiles),
      async extract(format, mode, worker = first) {
        const path = archives[format];
        if (!path) throw new Error(`no ${format} archive was given to the browser`);
        const name = basename(path);
        try {
          // As the site's spare after a listing: the pipeline of the listed format (warmUpKindFor),
          // which for the bench's three formats is the format itself.
          return await benchExtract(page, `/archives/${name}`, name, `/${worker}.js`, mode, [format]);
        } catch (error) {
          const detail = pageErrors.length > 0 ? ` (page: ${pageErrors.slice(-3).join(' | ')})` : '';
          throw new Error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}${detail}`, { cause: error });
        }
      },
      async close() {
        await opened.close();
        server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    server.close();
    throw error;
  }
}
