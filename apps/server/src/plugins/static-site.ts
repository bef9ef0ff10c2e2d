// Serves the built website (WEB_ROOT) with @fastify/static: correct types, cache headers, and no
// way out of the root (@fastify/static refuses "..", encoded separators and non-canonical paths).
import { access } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { PRERENDERED_PAGES_DIR } from '@archive-opener/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

// Vite puts a content hash in every file name under assets/, so a given URL never changes content.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (index.html, favicon, theme-init.js, the web app manifests, sw.js) keeps its name
// across releases: browsers may store it but must revalidate (cheap, thanks to ETag/Last-Modified).
// For sw.js this is what lets a new version be found on the next visit
// (docs/decisions/033-installable-offline-app.md).
const REVALIDATE = 'no-cache';

export class WebRootError extends Error {
  override name = 'WebRootError';
}

/** Fails at start, not on the first visit, when the website has not been built. */
export async function assertWebRootBuilt(webRoot: string): Promise<void> {
  try {
    await access(join(webRoot, 'index.html'));
  } catch {
    throw new WebRootError(
      `No index.html in WEB_ROOT (${webRoot}). Build the website first: run \`npm run build\` at the repository root, ` +
        'or point WEB_ROOT at a folder that holds a built site.',
    );
  }
}

export async function staticSite(app: FastifyInstance, webRoot: string): Promise<void> {
  await assertWebRootBuilt(webRoot);
  const assetsDir = join(webRoot, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: webRoot,
    // Directories are never listed or mapped to an index file: page URLs are routes (see routes/site).
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    // Prerendered pages are served by their routes with the public address filled in, never raw.
    allowedPath: (pathname: string) => !pathname.startsWith(`/${PRERENDERED_PAGES_DIR}/`),
    cacheControl: false,
    // The .br and .gz copies the web build writes beside each compressible file of assets/
    // (apps/web/scripts/precompress-assets.ts): sent as they are, never compressed per request.
    // A file without them (sw.js, the manifests) is compressed on the fly (plugins/compression.ts).
    preCompressed: true,
    setHeaders(reply: FastifyReply, filePath: string) {
      const isAsset = filePath.startsWith(assetsDir) && !relative(assetsDir, filePath).startsWith('..');
      reply.header('cache-control', isAsset ? IMMUTABLE : REVALIDATE);
    },
  });
}
