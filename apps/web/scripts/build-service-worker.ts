// Builds dist/sw.js: bundles service-worker/sw.ts (esbuild) and fills in its precache list with
// Workbox's injectManifest. Runs last in the build, after the prerender, because the list holds
// the prerendered pages, each under the URL the server answers it at (`/`, `/de`, `/de/about`),
// with a revision made from the page's bytes. Why Workbox and what is cached:
// docs/decisions/033-installable-offline-app.md.
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, localizedPath, prerenderedPageFile, SITE_PAGES } from '@archive-opener/shared';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const bundled = fileURLToPath(new URL('../dist-ssr/sw.bundle.js', import.meta.url));
const source = fileURLToPath(new URL('../service-worker/sw.ts', import.meta.url));

/** Every page a visitor can reach from the home page, in every language (about 2.3 MB, 0.4 MB compressed). */
async function pageEntries(): Promise<{ url: string; revision: string }[]> {
  const entries = [];
  for (const language of LANGUAGES) {
    for (const page of SITE_PAGES) {
      const html = await readFile(`${distDir}${prerenderedPageFile(language.code, page.id)}`);
      entries.push({
        url: localizedPath(page.path, language.code),
        revision: createHash('sha256').update(html).digest('hex').slice(0, 16),
      });
    }
  }
  return entries;
}

await build({
  entryPoints: [source],
  outfile: bundled,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  // Workbox logs every request in development builds.
  define: { 'process.env.NODE_ENV': '"production"' },
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: `${distDir}sw.js`,
  globDirectory: distDir,
  // The app shell and every chunk, the engine's worker and 7zz.wasm included; not source maps, the
  // raw prerendered files (served only through their page URLs, added below) or the social image.
  globPatterns: [
    'assets/**/*.{js,mjs,css,wasm,json,woff2,svg,png}',
    'theme-init.js',
    'favicon.svg',
    'icons/*.png',
    'manifests/*.webmanifest',
  ],
  globIgnores: ['**/*.map'],
  additionalManifestEntries: await pageEntries(),
  // Hashed file names need no revision of their own.
  dontCacheBustURLsMatching: /^assets\//,
  // 7zz.wasm (1.6 MB) and PDF.js's worker (1.2 MB) are the largest files.
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
});
await rm(bundled);
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached (${(size / 1024 / 1024).toFixed(1)} MB)`);
