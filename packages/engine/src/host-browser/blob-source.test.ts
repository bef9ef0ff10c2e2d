import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blobSource } from './blob-source.js';
import { browserInput } from './browser-input.js';

const MiB = 1024 * 1024;
const content = new Uint8Array(randomBytes(20 * MiB + 12_345));

/** Whether two byte arrays are equal (deep equality walks MiBs element by element, far too slowly). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

/** A real File whose slices are counted: each one is a round trip to the browser process. */
function countedFile(): { file: File; slices: [number, number][] } {
  const file = new File([content], 'data.zip');
  const slices: [number, number][] = [];
  const slice = file.slice.bind(file);
  file.slice = (start?: number, end?: number) => {
    slices.push([start ?? 0, end ?? file.size]);
    return slice(start, end);
  };
  return { file, slices };
}

describe('blobSource', () => {
  it('serves sequential small reads from a small window, then from 32 MiB windows fetched ahead', async () => {
    const { file, slices } = countedFile();
    const source = blobSource(file);
    for (let offset = 0; offset < 9 * MiB; offset += 100_000) {
      expect(same(await source.read(offset, 100_000), content.subarray(offset, offset + 100_000))).toBe(true);
    }
    // The first read's 1 MiB window, then (from the second read on) the rest of the file ahead.
    expect(slices).toEqual([
      [0, MiB],
      [MiB, content.length],
    ]);
  });

  it('fetches one small window for a lone read, and nothing ahead', async () => {
    const { file, slices } = countedFile();
    const source = blobSource(file);
    expect(same(await source.read(0, 64), content.subarray(0, 64))).toBe(true);
    expect(slices).toEqual([[0, MiB]]);
  });

  it('fetches nothing ahead when the same head is read again (a 7z: format check, then header check)', async () => {
    const { file, slices } = countedFile();
    const source = blobSource(file);
    for (let i = 0; i < 3; i += 1) expect(same(await source.read(0, 0x8006), content.subarray(0, 0x8006))).toBe(true);
    expect(slices).toEqual([[0, MiB]]);
    // Reading on past it is order again: the rest is fetched ahead.
    expect(same(await source.read(0x8006, 100), content.subarray(0x8006, 0x8006 + 100))).toBe(true);
    expect(slices).toEqual([
      [0, MiB],
      [MiB, content.length],
    ]);
  });

  it('joins a read that runs past its window with the start of the next one', async () => {
    const source = blobSource(countedFile().file);
    const offset = MiB - 10;
    expect(same(await source.read(0, 1), content.subarray(0, 1))).toBe(true);
    expect(same(await source.read(offset, 1000), content.subarray(offset, offset + 1000))).toBe(true);
  });

  it('gives every byte of a read that runs past its window into the whole window after it', async () => {
    // A 1 MiB first window, then a read of almost a whole window (the longest not read directly)
    // from inside it: it ends deep in the window fetched ahead, and must not be cut at that one's size.
    const source = blobSource(countedFile().file, { windowBytes: 8 * MiB });
    expect(same(await source.read(0, 1), content.subarray(0, 1))).toBe(true);
    const offset = MiB / 2;
    const length = 8 * MiB - 1;
    expect(same(await source.read(offset, length), content.subarray(offset, offset + length))).toBe(true);
    expect(same(await source.read(offset + length, 3 * MiB), content.subarray(offset + length, offset + length + 3 * MiB))).toBe(
      true,
    );
  });

  it('answers reads in any order, at the end, past the end and concurrently', async () => {
    const source = blobSource(countedFile().file);
    const reads: [number, number][] = [
      [content.length - 22, 22],
      [content.length - 5, 100],
      [3 * MiB, 7 * MiB],
      [12, 34],
      [8 * MiB - 1, 2],
      [17 * MiB, 3 * MiB],
      [100, 9 * MiB],
    ];
    const results = await Promise.all(reads.map(([offset, length]) => source.read(offset, length)));
    results.forEach((bytes, i) => {
      const [offset, length] = reads[i] as [number, number];
      expect(same(bytes, content.subarray(offset, Math.min(content.length, offset + length))), `read ${i}`).toBe(true);
    });
  });

  it('hands out views of its window, not copies (callers never change what they read)', async () => {
    const source = blobSource(countedFile().file);
    const first = await source.read(0, 16);
    const second = await source.read(16, 16);
    expect(first.buffer).toBe(second.buffer);
    expect(same(second, content.subarray(16, 32))).toBe(true);
  });
});

describe("the worker's sources (browser-input.ts)", () => {
  it('read an archive of many small entries through windows, not a slice a read', async () => {
    const { file, slices } = countedFile();
    const [source] = browserInput([file], '/7zz.wasm').sources;
    // A zip's entries read in order: a local header and a few KiB of data each.
    for (let offset = 0; offset < 4 * MiB; offset += 4_096) {
      expect(same(await source!.read(offset, 1_024 + 3_000), content.subarray(offset, offset + 4_024))).toBe(true);
    }
    expect(slices.length).toBeLessThanOrEqual(2);
  });
});
