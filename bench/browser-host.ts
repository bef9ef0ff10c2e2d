import { copyFile, mkdir } from 'node:fs/promises';
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { median, timeRuns } from './measure.js';
import { CHROMIUM, type Format } from './native-tools.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
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

/**
 * Bundles the engine's real worker entry, as the web app's bundler would. 7z-wasm's ES build
 * has a guarded `await import("module")` for Node that never runs in a browser, so it is left
 * external rather than resolved.
 */
async function bundleWorker(outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'packages/engine/src/host-browser/worker.ts')],
    outfile: join(outDir, 'worker.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['module'],
    logLevel: 'error',
  });
  await copyFile(join(ROOT, 'node_modules/7z-wasm/7zz.wasm'), join(outDir, '7zz.wasm'));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // compileStreaming refuses a response without this exact type.
  '.wasm': 'application/wasm',
};

/** Serves a fixed set of files only (no path handling, so nothing else on disk is reachable). */
function serve(routes: Map<string, string>): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = routes.get((req.url ?? '/').split('?')[0] ?? '/');
    if (!path) {
      res.writeHead(404).end();
      return;
    }
    const ext = Object.keys(TYPES).find((e) => path.endsWith(e));
    res.writeHead(200, { 'content-type': ext ? (TYPES[ext] ?? '') : 'application/octet-stream', 'cache-control': 'no-store' });
    // A missing or unreadable file must fail that request, not crash the bench.
    createReadStream(path)
      .on('error', () => res.destroy())
      .pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Port 0: the OS picks a free port; loopback only.
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
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
  await bundleWorker(outDir);
  const routes = new Map<string, string>([
    ['/', PAGE],
    ['/worker.js', join(outDir, 'worker.js')],
    ['/7zz.wasm', join(outDir, '7zz.wasm')],
  ]);
  for (const path of Object.values(archives)) routes.set(`/archives/${basename(path)}`, path);

  const { server, origin } = await serve(routes);
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
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
