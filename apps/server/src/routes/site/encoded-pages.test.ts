// Prerendered pages are compressed once and served from memory in the encoding the browser takes,
// each representation with its own ETag, so that a page view costs no compression work.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, PRERENDERED_MARKER } from '../../testing/helper.js';

describe('prerendered pages, compressed once', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app.close());

  const get = (headers: Record<string, string>) => app.inject({ url: '/es/about', headers });

  it('answers br, gzip or the page as it is, each the same page under its own ETag', async () => {
    const plain = await get({});
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gzip]) expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.body).toContain(PRERENDERED_MARKER);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
  });

  it('revalidates each representation with its own ETag, and keeps its bytes for the next view', async () => {
    const first = await get({ 'accept-encoding': 'br' });
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const plainTag = (await get({})).headers.etag;
    expect((await get({ 'accept-encoding': 'br', 'if-none-match': String(plainTag) })).statusCode).toBe(200);
    expect((await get({ 'accept-encoding': 'br' })).rawPayload.equals(first.rawPayload)).toBe(true);
  });
});
