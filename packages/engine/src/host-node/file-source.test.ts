import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fileSource, type FileSource } from './file-source.js';

const MiB = 1024 * 1024;

describe('fileSource', () => {
  let dir: string;
  let path: string;
  let bytes: Buffer;
  let source: FileSource;
  /** Every read that reached the file: the real FileHandle's, counted. */
  let fileReads: MockInstance<(...args: unknown[]) => unknown>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ao-file-source-'));
    path = join(dir, 'archive.bin');
    bytes = randomBytes(6 * MiB + 123);
    writeFileSync(path, bytes);
    const handle = await open(path, 'r');
    const prototype = Object.getPrototypeOf(handle) as { read: (...args: unknown[]) => unknown };
    await handle.close();
    fileReads = vi.spyOn(prototype, 'read');
  });

  afterEach(async () => {
    await source.close();
    fileReads.mockClear();
  });

  afterAll(() => {
    fileReads.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The bytes of each file read, as asked of the handle (length is its third argument). */
  const bytesAsked = () => fileReads.mock.calls.reduce((sum, call) => sum + Number(call[2]), 0);

  it('serves small reads in order from windows: one read of the file per MiB, not per read', async () => {
    source = await fileSource(path);
    // A zip of small entries: a header and a few KB of data each, one after the other.
    let reads = 0;
    for (let offset = 0; offset + 3000 <= bytes.length; offset += 1500) {
      expect(Buffer.from(await source.read(offset, 3000)).equals(bytes.subarray(offset, offset + 3000))).toBe(true);
      reads += 1;
    }
    expect(reads).toBeGreaterThan(4000);
    expect(fileReads.mock.calls.length).toBeLessThanOrEqual(8);
  });

  it('returns exactly the bytes asked for across a window end, at the end of the file and past it', async () => {
    source = await fileSource(path);
    const cases: [number, number][] = [
      [0, 10],
      [MiB - 5, 10],
      [MiB + 64 * 1024 - 1, 2],
      [bytes.length - 7, 100],
      [bytes.length, 10],
      // Past the end: a damaged header's offset.
      [bytes.length + 5000, 10],
      [3 * MiB, 0],
      [17, 64 * 1024 - 1],
      [5, 64 * 1024],
    ];
    for (const [offset, length] of cases) {
      const expected = bytes.subarray(offset, Math.min(bytes.length, offset + length));
      expect(Buffer.from(await source.read(offset, length)).equals(expected), `${offset}+${length}`).toBe(true);
    }
  });

  it('answers reads all over the file with small windows: little more is read than asked', async () => {
    source = await fileSource(path);
    // Local headers far apart, visited back and forth (a hostile central directory can order them so).
    const offsets = Array.from({ length: 200 }, (_, index) => ((index * 7919) % 97) * 64 * 1024);
    for (const offset of offsets) {
      expect(Buffer.from(await source.read(offset, 30)).equals(bytes.subarray(offset, offset + 30))).toBe(true);
    }
    expect(bytesAsked()).toBeLessThanOrEqual(offsets.length * 64 * 1024);
  });

  it('gives each read bytes of its own, which the next read does not see changed', async () => {
    source = await fileSource(path);
    const first = await source.read(100, 50);
    first.fill(0);
    expect(Buffer.from(await source.read(100, 50)).equals(bytes.subarray(100, 150))).toBe(true);
  });

  it('reads larger ranges into reusable memory, once each', async () => {
    source = await fileSource(path);
    const large = await source.read(MiB, 2 * MiB);
    expect(Buffer.from(large).equals(bytes.subarray(MiB, 3 * MiB))).toBe(true);
    source.release?.(large);
    const again = await source.read(2 * MiB, 2 * MiB);
    expect(Buffer.from(again).equals(bytes.subarray(2 * MiB, 4 * MiB))).toBe(true);
    expect(fileReads.mock.calls.length).toBe(2);
  });
});
