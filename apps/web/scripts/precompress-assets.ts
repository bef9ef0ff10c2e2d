// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of the built site's
// assets/, once, at build time, at the highest quality; the server sends them as they are
// (@fastify/static `preCompressed`, apps/server/src/plugins/static-site.ts). Before,
// @fastify/compress compressed every asset on every request: a first visit's precache is 5.3 MB
// of them, and any client could make the server compress 7zz.wasm (1.6 MB) again and again.
// Only assets/: each name there holds a hash of its content, so a copy can never be older than
// the file it stands for. A file kept under one name across releases (sw.js, the manifests) can
// be replaced on its own, and is small: it is compressed per request as before. Prerendered pages
// are compressed once each by their routes (apps/server/src/routes/site/encoded-pages.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const assetsDir = fileURLToPath(new URL('../dist/assets/', import.meta.url));
/** What the server would compress (mime-db's compressible types among the assets). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.wasm', '.json', '.svg']);
/** Below this the saving does not pay for a second file (the server's own threshold). */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function* compressibleFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* compressibleFiles(path);
    else if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name))) yield path;
  }
}

async function precompress(path: string): Promise<{ bytes: number; br: number }> {
  const bytes = await readFile(path);
  if (bytes.length < MIN_BYTES) return { bytes: 0, br: 0 };
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file would only cost the visitor a decoding.
  if (br.length < bytes.length) await writeFile(`${path}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${path}.gz`, gz);
  return { bytes: bytes.length, br: Math.min(br.length, bytes.length) };
}

const started = performance.now();
const paths: string[] = [];
for await (const path of compressibleFiles(assetsDir)) paths.push(path);
// libuv's threads compress four at a time; more in flight would only hold more files in memory.
const results: { bytes: number; br: number }[] = [];
for (let at = 0; at < paths.length; at += 4) results.push(...(await Promise.all(paths.slice(at, at + 4).map(precompress))));
const total = results.reduce((sum, { bytes }) => sum + bytes, 0);
const br = results.reduce((sum, { br: size }) => sum + size, 0);
const count = results.filter(({ bytes }) => bytes > 0).length;
console.log(
  `precompressed ${count} files of ${relative(process.cwd(), assetsDir) || '.'}: ${(total / 1e6).toFixed(1)} MB, ` +
    `${(br / 1e6).toFixed(1)} MB as brotli, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
