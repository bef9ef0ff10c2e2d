// Response compression (brotli preferred, then gzip) for every compressible type in mime-db:
// HTML, JS, CSS, JSON, SVG and also application/wasm (7zz.wasm shrinks from ~1.6 MB to well under half).
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function compression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // Below 1 KB the saving does not pay for the work. @fastify/compress applies this to buffered
    // responses (JSON, HTML sent as a string); files streamed from disk are compressed whatever their size.
    threshold: 1024,
    // The library's default brotli quality (4) suits on-the-fly compression; kept on purpose.
  });
}
