// Serves the engine's real browser worker to a blank page: the browser-host tests and the
// benchmarks run it in Chromium as a web app would.
import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './repo-root.js';

/** A script's code: a file, or source text whose imports resolve from `resolveDir`. */
export type ScriptSource = { entry: string } | { contents: string; resolveDir: string };

/**
 * Bundles one script for Chromium as a web app's bundler would: an ES module for ES2022 with
 * everything it imports. 7z-wasm's ES build has a guarded `await import("module")` for Node that
 * never runs in a browser, so it stays external instead of being resolved.
 */
export async function bundleForBrowser(source: ScriptSource, outfile: string): Promise<void> {
  await build({
    ...('entry' in source
      ? { entryPoints: [source.entry] }
      : { stdin: { contents: source.contents, resolveDir: source.resolveDir, loader: 'ts' } }),
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['module'],
    logLevel: 'error',
  });
}

/**
 * Bundles the engine's real worker entry as a web app's bundler would, with 7zz.wasm beside it,
 * the worker a .tar.gz's gzip is decoded in (host-browser/gunzip-worker.ts), which the engine's
 * worker finds beside its own script as `<its name>-gunzip.js`, and zip.js' WebAssembly module, found as
 * `<its name>-zip.wasm` (the app's entry hands both URLs the same way:
 * apps/web/src/workers/engine.worker.ts). A checkout from before one of them existed goes without it.
 * `root`: another checkout's engine (bench/compare.ts bundles an earlier commit's beside this one's).
 */
export async function bundleWorker(outDir: string, root = ROOT): Promise<WorkerBundle> {
  await mkdir(outDir, { recursive: true });
  const worker = join(outDir, 'worker.js');
  const wasm = join(outDir, '7zz.wasm');
  const hostDir = join(root, 'packages/engine/src/host-browser');
  const gunzipEntry = join(hostDir, 'gunzip-worker.ts');
  const gunzip = existsSync(gunzipEntry) ? join(outDir, 'worker-gunzip.js') : undefined;
  const zipWasmSource = join(hostDir, 'zip-wasm.ts');
  const zipWasm = existsSync(zipWasmSource) ? join(outDir, 'worker-zip.wasm') : undefined;
  const besides = (name: string) => `import.meta.url.replace(/\\.js$/, ${JSON.stringify(name)})`;
  const workerEntry: ScriptSource = gunzip
    ? {
        contents: [
          `import { offloadGunzipTo } from ${JSON.stringify(join(hostDir, 'gunzip-offload.ts'))};`,
          ...(zipWasm ? [`import { zipWasmAt } from ${JSON.stringify(zipWasmSource)};`] : []),
          `import ${JSON.stringify(join(hostDir, 'worker.ts'))};`,
          `offloadGunzipTo(${besides('-gunzip.js')});`,
          ...(zipWasm ? [`zipWasmAt(${besides('-zip.wasm')});`] : []),
        ].join('\n'),
        resolveDir: hostDir,
      }
    : { entry: join(hostDir, 'worker.ts') };
  await bundleForBrowser(workerEntry, worker);
  if (gunzip) await bundleForBrowser({ entry: gunzipEntry }, gunzip);
  await copyFile(join(root, 'node_modules/7z-wasm/7zz.wasm'), wasm);
  if (zipWasm) await copyFile(join(root, 'node_modules/@zip.js/zip.js/dist/zip-module.wasm'), zipWasm);
  return { worker, wasm, ...(gunzip && { gunzip }), ...(zipWasm && { zipWasm }) };
}

/** A worker bundle: its script, the 7zz.wasm beside it, and its gzip worker and zip.js' module when it has them. */
export interface WorkerBundle {
  worker: string;
  wasm: string;
  /** Served as `<the worker's path without .js>-gunzip.js`. */
  gunzip?: string;
  /** zip.js' WebAssembly module, served as `<the worker's path without .js>-zip.wasm`. */
  zipWasm?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // compileStreaming refuses a response without this exact type.
  '.wasm': 'application/wasm',
};

/** Serves a fixed map of URL paths to files on 127.0.0.1 (nothing else on disk is reachable). */
export function serveFiles(routes: ReadonlyMap<string, string>): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = routes.get((req.url ?? '/').split('?')[0] ?? '/');
    if (!path) {
      res.writeHead(404).end();
      return;
    }
    const ext = Object.keys(TYPES).find((e) => path.endsWith(e));
    res.writeHead(200, { 'content-type': ext ? (TYPES[ext] ?? '') : 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(path).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}
