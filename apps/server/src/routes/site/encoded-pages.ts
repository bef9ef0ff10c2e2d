// The prerendered pages compressed once each, not on every request: brotli of the 64 KB home page
// took ~5 ms of the main thread per view, which under load was most of a page's cost. Each page
// is compressed the first time it is asked for in an encoding (on libuv's threads, at the highest
// quality, since it is done once) and kept: 70 pages, two encodings, ~15 KB each.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { PrerenderedPage } from './prerendered-pages.js';

export type PageEncoding = 'br' | 'gzip';

// No cache of answers: the header is the client's to vary, and a cache would grow with it.
const negotiator = new Negotiator<PageEncoding>({ supportedValues: ['br', 'gzip'] });
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const encoded = new WeakMap<PrerenderedPage, Map<PageEncoding, Promise<Buffer>>>();

/** The encoding to answer `accept-encoding` with, or null for the page as it is. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  return acceptEncoding ? (negotiator.negotiate(acceptEncoding) ?? null) : null;
}

/** The page's strong ETag for one representation: each encoding's bytes differ, so must its tag. */
export function encodedEtag(page: PrerenderedPage, encoding: PageEncoding | null): string {
  return encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
}

export function encodedPage(page: PrerenderedPage, encoding: PageEncoding): Promise<Buffer> {
  let byEncoding = encoded.get(page);
  if (!byEncoding) encoded.set(page, (byEncoding = new Map<PageEncoding, Promise<Buffer>>()));
  let bytes = byEncoding.get(encoding);
  if (!bytes) {
    const html = Buffer.from(page.html);
    bytes =
      encoding === 'br'
        ? brotli(html, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
            },
          })
        : gzipped(html, { level: constants.Z_BEST_COMPRESSION });
    // A failure is not kept: the next request tries again.
    bytes.catch(() => byEncoding.delete(encoding));
    byEncoding.set(encoding, bytes);
  }
  return bytes;
}
