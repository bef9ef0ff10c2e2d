import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zlibCodec } from './zlib-codec.js';

const text = (length: number) => new Uint8Array(Buffer.from('entry header volume '.repeat(length / 20 + 1)).subarray(0, length));

describe('zlibCodec', () => {
  it.each([0, 1, 100_000])('inflates %i bytes in one piece', (length) => {
    const data = text(length);
    const out = zlibCodec.inflateRaw(deflateRawSync(data), length);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(new Uint8Array(out as Uint8Array)).toEqual(data);
  });

  it('refuses output past the declared size', () => {
    expect(() => zlibCodec.inflateRaw(deflateRawSync(text(5000)), 4999)).toThrow();
  });

  it('computes the CRC-32 of pieces as of the whole', () => {
    const data = text(70_000);
    expect(zlibCodec.crc32([data.subarray(0, 3), data.subarray(3, 50_000), data.subarray(50_000)])).toBe(crc32(data));
  });
});
