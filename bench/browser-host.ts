import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { bundleWorker, launchChromium, serveFiles } from '../packages/engine/test/browser/harness.js';
import { median, timeRuns } from './measure.js';
import { CHROMIUM, type Format } from './native-tools.js';

const PAGE = fileURLToPath(new URL('./browser/page.html', import.meta.url));

export interface BrowserResults {
  formats: Partial<Record<Format, BrowserTiming | Error>>;
  /** Median seconds to fetch and compile 7zz.wasm, a cost every run includes. */
  compileSeconds: number;
}

export interface BrowserTiming {
  seconds: number[];
  /** What the worker returned on the last run: files, their bytes, progress messages seen. */
  output: { files: number; bytes: number; format: string; progress: number };
}

interface RunResult {
  seconds: number;
  files: number;
  bytes: number;
  format: string;
  progress: number;
}

async function extractOnce(page: Page, url: string, name: string): Promise<RunResult> {
  return page.evaluate(
    ([u, n]) => (window as unknown as { benchExtract(url: string, name: string): Promise<RunResult> }).benchExtract(u, n),
    [url, name] as const,
  );
}

/**
 * Times each archive in headless Chromium: warm-up + timed runs, a fresh worker each time.
 * Returns per-format results or the error that format hit, so one failure spares the others.
 */
export async function timeBrowser(workDir: string, archives: Partial<Record<Format, string>>): Promise<BrowserResults> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found (Debian package chromium)`);
  const outDir = join(workDir, 'browser');
  const bundle = await bundleWorker(outDir);
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

    const results: Partial<Record<Format, BrowserTiming | Error>> = {};
    for (const [format, path] of Object.entries(archives) as [Format, string][]) {
      const name = basename(path);
      // A holder rather than a `let`: TypeScript does not see assignments made inside callbacks.
      const seen: { last?: RunResult } = {};
      try {
        const seconds = await timeRuns(
          async () => undefined,
          async () => {
            seen.last = await extractOnce(page, `/archives/${name}`, name);
            return seen.last.seconds;
          },
        );
        const { files, bytes, format: detected, progress } = seen.last ?? { files: 0, bytes: 0, format: '?', progress: 0 };
        results[format] = { seconds, output: { files, bytes, format: detected, progress } };
      } catch (error) {
        const detail = pageErrors.length > 0 ? ` (page: ${pageErrors.slice(-3).join(' | ')})` : '';
        results[format] = new Error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}${detail}`);
      }
    }
    return { formats: results, compileSeconds: median(compiles) };
  } finally {
    await browser?.close();
    server.close();
  }
}
