import { createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Decoded } from '../core/native-codec.js';
import { asGzipMember } from '../zip/gzip-member.js';
import { browserCodec } from './browser-codec.js';

/** The decoder's output as one array, however many pieces it came in. */
const joined = (data: Decoded): Uint8Array => (data instanceof Uint8Array ? data : new Uint8Array(Buffer.concat(data)));

/** Text-like bytes: compressible, and different all the way through. */
function sample(length: number): Uint8Array {
  const lines: string[] = [];
  for (let n = 0, size = 0; size < length; n += 1) {
    const line = `${n} ${createHash('sha256').update(String(n)).digest('hex').slice(0, 12)} entry header volume\n`;
    lines.push(line);
    size += line.length;
  }
  return new Uint8Array(Buffer.from(lines.join('')).subarray(0, length));
}

// Node has the same DecompressionStream API as the browsers (backed by zlib, though far slower:
// sizes stay small), so both paths of the codec run here; the browser suite runs it in Chromium.
describe('browserCodec', () => {
  it.each([
    ['a small entry (fflate)', 1000],
    ['a large entry (DecompressionStream)', 200_000],
  ])('inflates %s to the original bytes', async (_, length) => {
    const codec = await browserCodec();
    const data = sample(length);
    expect(joined(await codec.inflateRaw(deflateRawSync(data), length))).toEqual(data);
  });

  it.each([1000, 200_000])('refuses output past the declared size (%i bytes declared)', async (declared) => {
    const codec = await browserCodec();
    const packed = deflateRawSync(new Uint8Array(declared * 4));
    await expect(async () => codec.inflateRaw(packed, declared)).rejects.toThrow();
  });

  it('ignores bytes after the end of the deflate data, as native tools do', async () => {
    const codec = await browserCodec();
    const data = sample(200_000);
    const packed = Buffer.concat([deflateRawSync(data), Buffer.from('trailing bytes')]);
    expect(joined(await codec.inflateRaw(packed, data.length))).toEqual(data);
  });

  it('rejects data that is not deflate', async () => {
    const codec = await browserCodec();
    await expect(async () => codec.inflateRaw(new Uint8Array(64 * 1024).fill(0xff), 1_000_000)).rejects.toThrow();
  });

  it('computes the same CRC-32 as zlib', async () => {
    const codec = await browserCodec();
    const data = sample(100_000);
    expect(codec.crc32(data)).toBe(crc32(data));
    // Over a decoder's pieces as over the whole.
    expect(codec.crc32([data.subarray(0, 1), data.subarray(1, 70_000), data.subarray(70_000)])).toBe(crc32(data));
  });

  describe('inflateRawChecked (zlib checks size and CRC-32 while inflating)', () => {
    // The fast path itself: were the member malformed, inflateRawChecked would still be right
    // (it falls back to inflating and summing), only slower.
    it('wraps raw deflate data as a gzip member that zlib decodes and checks', async () => {
      const data = sample(100_000);
      const gunzip = (parts: Uint8Array[]) =>
        new Response(new Blob(parts as BlobPart[]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
      const packed = deflateRawSync(data);
      expect(new Uint8Array(await gunzip(asGzipMember(packed, data.length, crc32(data))))).toEqual(data);
      await expect(gunzip(asGzipMember(packed, data.length, (crc32(data) ^ 1) >>> 0))).rejects.toThrow();
      await expect(gunzip(asGzipMember(packed, data.length + 1, crc32(data)))).rejects.toThrow();
    });

    it('gives the bytes of an intact large entry, and leaves small ones to the engine', async () => {
      const codec = await browserCodec();
      const data = sample(200_000);
      expect(joined((await codec.inflateRawChecked!(deflateRawSync(data), data.length, crc32(data)))!)).toEqual(data);
      const small = sample(1000);
      expect(await codec.inflateRawChecked!(deflateRawSync(small), small.length, crc32(small))).toBeNull();
    });

    it('never gives the bytes of an entry whose CRC-32 or size does not match: the engine decides', async () => {
      const codec = await browserCodec();
      const data = sample(200_000);
      const packed = deflateRawSync(data);
      expect(await codec.inflateRawChecked!(packed, data.length, (crc32(data) ^ 1) >>> 0)).toBeNull();
      expect(await codec.inflateRawChecked!(packed, data.length + 1, crc32(data))).toBeNull();
    });

    it('stops data longer than its declared size', async () => {
      const codec = await browserCodec();
      const data = sample(200_000);
      await expect(codec.inflateRawChecked!(deflateRawSync(data), data.length - 1, crc32(data))).rejects.toThrow(/declared size/);
    });

    it('leaves an entry with bytes after its deflate data to the engine, which ignores them', async () => {
      const codec = await browserCodec();
      const data = sample(200_000);
      const packed = Buffer.concat([deflateRawSync(data), Buffer.from('trailing bytes')]);
      expect(await codec.inflateRawChecked!(packed, data.length, crc32(data))).toBeNull();
    });
  });
});

describe.each([
  ['browser', browserCodec],
  ['Node zlib', async () => (await import('../host-node/zlib-codec.js')).zlibCodec],
])("the %s codec's running CRC-32", (_, codec) => {
  it('sums pieces as one, each sum of its own', async () => {
    const data = new Uint8Array(300_000).map((_, i) => (i * 31) & 0xff);
    const lent = await codec();
    if (!lent.crc32Running) throw new Error('the codec lends a running CRC-32');
    const [first, second] = [await lent.crc32Running(), await lent.crc32Running()];
    for (let at = 0; at < data.length; at += 65_536) first.update(data.subarray(at, at + 65_536));
    second.update(data.subarray(0, 10));
    expect(first.digest()).toBe(crc32(data));
    expect(second.digest()).toBe(crc32(data.subarray(0, 10)));
  });
});
