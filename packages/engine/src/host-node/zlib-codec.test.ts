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

describe('zlibCodec.inflateRawChecked', () => {
  const checked = (packed: Uint8Array, size: number, crc: number) => {
    if (!zlibCodec.inflateRawChecked) throw new Error('inflateRawChecked missing');
    return zlibCodec.inflateRawChecked(packed, size, crc);
  };

  it('inflates and checks size and CRC-32 in one go', async () => {
    const data = text(300_000);
    const out = await checked(deflateRawSync(data), data.length, crc32(data));
    expect(new Uint8Array(out as Uint8Array)).toEqual(data);
  });

  it('leaves a CRC-32 mismatch, a short output and bytes after the data to the caller', async () => {
    const data = text(10_000);
    const packed = deflateRawSync(data);
    await expect(checked(packed, data.length, crc32(data) ^ 1)).resolves.toBeNull();
    await expect(checked(packed, data.length + 1, crc32(data))).resolves.toBeNull();
    await expect(checked(Buffer.concat([packed, Buffer.from('tail')]), data.length, crc32(data))).resolves.toBeNull();
  });

  it('refuses output past the declared size and damaged data, and inflates the next entry after', async () => {
    const data = text(5000);
    await expect(checked(deflateRawSync(data), 4999, crc32(data))).rejects.toThrow();
    await expect(checked(new Uint8Array([0xff, 0xff, 0xff, 0xff]), 10, 0)).rejects.toThrow();
    const packed = deflateRawSync(data);
    // Cut short: zlib reports the early end, or the output is short (left to the caller).
    await expect(checked(packed.subarray(0, packed.length - 3), data.length, crc32(data)).catch(() => null)).resolves.toBeNull();
    const out = await checked(deflateRawSync(data), data.length, crc32(data));
    expect(new Uint8Array(out as Uint8Array)).toEqual(data);
  });

  it('reuses the memory of output given back', async () => {
    const first = text(200_000);
    const second = text(150_000).map((byte) => byte ^ 0x20);
    const a = (await checked(deflateRawSync(first), first.length, crc32(first))) as Uint8Array;
    zlibCodec.release?.(a);
    const b = (await checked(deflateRawSync(second), second.length, crc32(second))) as Uint8Array;
    expect(b.buffer).toBe(a.buffer);
    expect(new Uint8Array(b)).toEqual(second);
  });
});
