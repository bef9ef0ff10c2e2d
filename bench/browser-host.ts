import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { bundleWorker, launchChromium, serveFiles } from '../packages/engine/test/browser/harness.js';
import { median } from './measure.js';
import { CHROMIUM, type Format } from './native-tools.js';

export const PAGE = fileURLToPath(new URL('./browser/page.html', import.meta.url));

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
}

/** One extraction by the bench page (timed inside the page, not over CDP). */
export function benchExtract(page: Page, url: string, name: string, workerUrl: string, mode: WorkerMode): Promise<BrowserRun> {
  return page.evaluate(
    ([u, n, w, m]) =>
      (
        window as unknown as { benchExtract(url: string, name: string, worker: string, mode: string): Promise<BrowserRun> }
      ).benchExtract(u, n, w, m),
    [url, name, workerUrl, mode] as const,
  );
}

export interface BrowserBench {
  extract(format: Format, mode: WorkerMode): Promise<BrowserRun>;
  /** Median seconds to fetch and compile 7zz.wasm on the page: what a fresh worker's run includes. */
  compileSeconds: number;
  close(): Promise<void>;
}

/** Headless Chromium on the bench page, serving the engine's worker and the archives. */
export async function openBrowserBench(workDir: string, archives: Partial<Record<Format, string>>): Promise<BrowserBench> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found (Debian package chromium)`);
  const bundle = await bundleWorker(join(workDir, 'browser'));
  const routes = new Map<string, string>([
    ['/', PAGE],
    ['/worker.js', bundle.worker],
    ['/7zz.wasm', bundle.wasm],
  ]);
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
      async extract(format, mode) {
        const path = archives[format];
        if (!path) throw new Error(`no ${format} archive was given to the browser`);
        const name = basename(path);
        try {
          return await benchExtract(page, `/archives/${name}`, name, 'worker.js', mode);
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
