import { deflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { inflaterOf, type WasmInflate } from './wasm-inflate.js';
import { zipWasmForTests } from '../testing/zip-wasm.js';

/** Text of `length` bytes, different for each seed. */
function text(length: number, seed: number): Uint8Array {
  let state = seed;
  const line = () => `${(state = (state * 1_103_515_245 + 12_345) % 2 ** 31)} event ${state % 97} ok\n`;
  let out = '';
  while (out.length < length) out += line();
  return new TextEncoder().encode(out.slice(0, length));
}

describe('the WebAssembly inflater (zip.js zlib)', () => {
  let inflate: WasmInflate;
  /** The module's memory now: it grows to the largest entry's needs, and no further. */
  let heapBytes: () => number;

  beforeAll(async () => {
    const module = await zipWasmForTests();
    inflate = inflaterOf(module);
    heapBytes = () => module.memory.buffer.byteLength;
  });

  it('inflates entries of every small size to their bytes', () => {
    for (const [index, length] of [0, 1, 100, 4096, 20_000, 32 * 1024 - 1].entries()) {
      const plain = text(length, index + 1);
      expect(Buffer.from(inflate(deflateRawSync(plain), length)).equals(Buffer.from(plain))).toBe(true);
    }
  });

  it('stops one byte past a size that lies, however much the data holds', () => {
    const bomb = deflateRawSync(new Uint8Array(64 * 1024 * 1024));
    const started = performance.now();
    expect(inflate(bomb, 1000).length).toBe(1001);
    // zlib stops when its output is full, long before the 64 MiB.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses damaged and cut deflate data, and ignores bytes after its end as native tools do', () => {
    const plain = text(10_000, 7);
    const packed = deflateRawSync(plain);
    const damaged = Uint8Array.from(packed);
    damaged[0] = 0xff;
    expect(() => inflate(damaged, plain.length)).toThrow(/deflate data/);
    expect(() => inflate(packed.subarray(0, packed.length - 10), plain.length)).toThrow(/deflate data/);
    const trailing = new Uint8Array([...packed, 1, 2, 3]);
    expect(Buffer.from(inflate(trailing, plain.length)).equals(Buffer.from(plain))).toBe(true);
  });

  it('gives back its memory: 5,000 entries leave the module no larger than a few did', () => {
    const packed = deflateRawSync(text(30_000, 3));
    for (let i = 0; i < 10; i += 1) inflate(packed, 30_000);
    const before = heapBytes();
    // Kept, each would hold ~70 KB (its output, zlib's state and window): 350 MB.
    for (let i = 0; i < 5_000; i += 1) inflate(packed, 30_000);
    expect(heapBytes()).toBe(before);
  });
});
