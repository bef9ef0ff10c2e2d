// Serves the engine's real browser worker to a blank page: the browser-host tests and the
// benchmarks run it in Chromium as a web app would.
import { copyFile, mkdir } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './repo-root.js';

/**
 * Bundles the engine's real worker entry as a web app's bundler would, with 7zz.wasm beside it.
 * 7z-wasm's ES build has a guarded `await import("module")` for Node that never runs in a
 * browser, so it stays external instead of being resolved. `root`: another checkout's engine
 * (bench/compare.ts bundles an earlier commit's beside this one's).
 */
export async function bundleWorker(outDir: string, root = ROOT): Promise<{ worker: string; wasm: string }> {
  await mkdir(outDir, { recursive: true });
  const worker = join(outDir, 'worker.js');
  const wasm = join(outDir, '7zz.wasm');
  await build({
    entryPoints: [join(root, 'packages/engine/src/host-browser/worker.ts')],
    outfile: worker,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['module'],
    logLevel: 'error',
  });
  await copyFile(join(root, 'node_modules/7z-wasm/7zz.wasm'), wasm);
  return { worker, wasm };
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
