import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, LARGE_JS, SITE_FILES, WASM_BYTES } from '../testing/helper.js';

describe('compression', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app.close());

  it('prefers brotli', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(LARGE_JS.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(LARGE_JS);
  });

  it('falls back to gzip', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(LARGE_JS);
  });

  it('sends identity when the client accepts no supported encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }]) {
      const res = await app.inject({ url: '/assets/app-abc123.js', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(LARGE_JS);
    }
  });

  it('compresses 7zz.wasm too', async () => {
    const res = await app.inject({ url: '/7zz.wasm', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).equals(WASM_BYTES)).toBe(true);
  });

  it('leaves small buffered responses alone (threshold 1 KB)', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('compressed copies written by the web build (apps/web/scripts/precompress-assets.ts)', () => {
  // At the highest quality, as the build writes them: not the bytes a per-request compression makes.
  const BR = brotliCompressSync(LARGE_JS, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
  const GZ = gzipSync(LARGE_JS, { level: constants.Z_BEST_COMPRESSION });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build({ files: { ...SITE_FILES, 'assets/app-abc123.js.br': BR, 'assets/app-abc123.js.gz': GZ } });
  });
  afterAll(() => app.close());

  it('are sent as they are, with the type and caching of the file they stand for', async () => {
    for (const [encoding, bytes] of [
      ['br', BR],
      ['gzip', GZ],
    ] as const) {
      const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('leave a client that accepts neither the file itself', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(LARGE_JS);
  });

  it('leave a file without copies compressed on the fly', async () => {
    const res = await app.inject({ url: '/7zz.wasm', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).equals(WASM_BYTES)).toBe(true);
  });
});
