// Bundles what each Node thread of the engine loads at start into one module per thread, after
// `tsc -b` compiled dist/: the CLI's main thread (`cli.js`), the engine worker (`worker-entry.js`),
// the disk spool's writer thread (`spool-writer-thread.js`) and a 7z's second 7-Zip instance
// (`sevenzip-helper-thread.js`), in dist/bundle/. Loading ~100 compiled modules (and the CommonJS
// lexer over dependencies) cost each thread more than most jobs take; see the addendum "Start-up" of docs/decisions/031-node-speed-at-scale.md.
// Code the engine imports only on demand (zip.js, fast-xml-parser, hash-wasm, …) stays in chunks of
// its own, loaded when first needed. Run by `npm run build`; `host-node/bundle-path.ts` uses the
// bundle only when it is newer than the last compile, so a `tsc -b` alone never runs an old one.
import { readdir, rm, utimes } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const engine = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${engine}dist/bundle`;

// Dependencies written as CommonJS (iconv-lite, hash-wasm, 7-Zip's glue) call `require` and read
// `__dirname`, which an ES module lacks: each bundled file gets them for its own location.
const commonJsGlobals = [
  "import { createRequire as __bundleRequire } from 'node:module';",
  "import { dirname as __bundleDirname } from 'node:path';",
  "import { fileURLToPath as __bundleFilePath } from 'node:url';",
  'const require = __bundleRequire(import.meta.url);',
  'const __filename = __bundleFilePath(import.meta.url);',
  'const __dirname = __bundleDirname(__filename);',
].join('\n');

const entryPoints = {
  cli: 'dist/cli/main.js',
  'worker-entry': 'dist/host-node/worker-entry.js',
  'spool-writer-thread': 'dist/host-node/spool-writer-thread.js',
  // A 7z's second 7-Zip instance (docs/decisions/038-sevenzip-on-both-cores.md).
  'sevenzip-helper-thread': 'dist/host-node/sevenzip-helper-thread.js',
};
const { metafile } = await build({
  absWorkingDir: engine,
  entryPoints,
  outdir,
  // Every file in one folder: a thread's module finds another thread's by name beside its own
  // (`host-node/bundle-path.ts`), and chunks import each other by relative name.
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  banner: { js: commonJsGlobals },
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});

// Chunks of an earlier build are removed only now, never leaving the folder empty under a process
// running from it; a chunk of unchanged content keeps its name.
const written = new Set(Object.keys(metafile.outputs).map((path) => basename(path)));
const stale = (await readdir(outdir).catch(() => [])).filter((name) => !written.has(name));
await Promise.all(stale.map((name) => rm(`${outdir}/${name}`, { force: true })));

// bundle-path.ts trusts an entry only if it is newer than the compile: stamp them now, written or
// not (a bundler may leave a file of unchanged content alone).
const now = new Date();
await Promise.all(Object.keys(entryPoints).map((name) => utimes(`${outdir}/${name}.js`, now, now)));
