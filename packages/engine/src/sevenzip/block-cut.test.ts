import { crc32 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { nodeSevenZipFactory } from '../host-node/sevenzip-node.js';
import { memorySource, sha256 } from '../testing/memory-io.js';
import { concat } from '../tar/tar-writer.js';
import { cutInsideBlock } from './block-cut.js';
import { cutPlace, type CutPlace } from './cut-place.js';
import { cutInsideFile } from './file-cut.js';
import { fileTimeOf, parseSltListing, type SltListing } from './slt-listing.js';
import { cutArchiveFrame, type CutFolder } from './cut-archive.js';
import { lzma2DictionaryOf, lzma2DictionaryProperty, lzma2Resets, type Lzma2Reset } from './lzma2-resets.js';
import type { ArchiveSource } from '../core/types.js';

// The pieces of a cut inside a 7z's solid block (docs/decisions/043-sevenzip-cut-inside-a-block.md),
// on LZMA2 streams made here of stored chunks (valid LZMA2 that needs no encoder): 7-Zip itself
// reads the archives written around them.

/** An LZMA2 stored chunk of `bytes` (at most 64 KiB): control 1 resets the dictionary, 2 does not. */
function storedChunk(bytes: Uint8Array, resets: boolean): Uint8Array {
  const chunk = new Uint8Array(3 + bytes.length);
  chunk[0] = resets ? 0x01 : 0x02;
  chunk[1] = (bytes.length - 1) >> 8;
  chunk[2] = (bytes.length - 1) & 0xff;
  chunk.set(bytes, 3);
  return chunk;
}

const text = (length: number, seed: number): Uint8Array => new Uint8Array(length).map((_, i) => 97 + ((i * 7 + seed) % 26));

/** `data` as stored chunks of `size` bytes, the dictionary reset every `every`-th, then the stream's end. */
function lzma2Stream(data: Uint8Array, every: number, size = 1000): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i * size < data.length; i += 1)
    chunks.push(storedChunk(data.subarray(i * size, (i + 1) * size), i % every === 0));
  return concat(...chunks, new Uint8Array([0]));
}

/** The resets `lzma2Resets` hands over, or null where it refuses the stream. */
async function resetsOf(source: ArchiveSource, start: number, packed: number, unpacked: number, until = Infinity) {
  const resets: Lzma2Reset[] = [];
  return (await lzma2Resets(source, start, packed, unpacked, until, (reset) => resets.push(reset))) ? resets : null;
}

describe('dictionary resets of an LZMA2 stream', () => {
  it('finds each reset by its chunk headers, and stops at the first past the point asked for', async () => {
    const stream = lzma2Stream(text(20_000, 1), 5);
    const all = await resetsOf(memorySource(concat(new Uint8Array(7), stream)), 7, stream.length, 20_000);
    expect(all?.map((reset) => reset.unpacked)).toEqual([0, 5000, 10_000, 15_000]);
    expect(all?.[1]?.packed).toBe(5 * 1003);
    const some = await resetsOf(memorySource(concat(new Uint8Array(7), stream)), 7, stream.length, 20_000, 6000);
    expect(some?.map((reset) => reset.unpacked)).toEqual([0, 5000, 10_000]);
  });

  it('reads a stream of many tiny chunks a window at a time, headers across windows included', async () => {
    // 300,000 chunks of one byte (4 bytes each), a reset every 7th: 1.2 MB, past one window.
    const stream = new Uint8Array(300_000 * 4 + 1);
    for (let i = 0; i < 300_000; i += 1) stream.set(storedChunk(new Uint8Array([i & 0xff]), i % 7 === 0), i * 4);
    const source = memorySource(concat(new Uint8Array(3), stream));
    const resets = await resetsOf(source, 3, stream.length, 300_000);
    expect(resets?.length).toBe(Math.ceil(300_000 / 7));
    expect(resets?.at(-1)).toEqual({ packed: 299_999 * 4 - (299_999 % 7) * 4, unpacked: 299_999 - (299_999 % 7) });
    // Each byte once, but for a header cut by a window's end, read again with the next window.
    expect(source.bytesRead).toBeGreaterThanOrEqual(stream.length);
    expect(source.bytesRead).toBeLessThan(stream.length + 16);
  });

  it("reads as far as the point asked for at once, where the stream's average ratio puts it", async () => {
    // 6 MB of stored chunks, a reset every 600 KB: the walk to 2 MB ends at the reset at 2.4 MB.
    const stream = lzma2Stream(text(6_000_000, 4), 10, 60_000);
    const source = memorySource(stream);
    const reads: number[] = [];
    const counted: ArchiveSource = {
      ...source,
      read: (offset, length) => {
        reads.push(length);
        return source.read(offset, length);
      },
    };
    const resets = await resetsOf(counted, 0, stream.length, 6_000_000, 2_000_000);
    expect(resets?.map((reset) => reset.unpacked)).toEqual([0, 600_000, 1_200_000, 1_800_000, 2_400_000]);
    // One read: up to 2 MB as the ratio puts it, and a window more (1 MiB windows would be three).
    expect(reads).toHaveLength(1);
  });

  it('gives no resets for what is not a whole LZMA2 stream of the sizes the listing says', async () => {
    const stream = lzma2Stream(text(5000, 2), 2);
    const at = (bytes: Uint8Array, unpacked = 5000) => resetsOf(memorySource(bytes), 0, bytes.length, unpacked);
    expect(await at(stream, 4999)).toBeNull();
    expect(await at(stream.subarray(0, -1))).toBeNull();
    expect(await at(concat(storedChunk(text(10, 3), false), new Uint8Array([0])), 10)).toBeNull();
    expect(await at(new Uint8Array([0x03, 0, 0, 0]), 1)).toBeNull();
  });

  it('reads the dictionary of a plain LZMA2 method, and nothing else', () => {
    expect(lzma2DictionaryOf('LZMA2:18')).toBe(2 ** 18);
    expect(lzma2DictionaryOf('LZMA2:1536k')).toBe(1536 * 1024);
    expect(lzma2DictionaryOf('BCJ LZMA2:24')).toBeNull();
    expect(lzma2DictionaryOf('LZMA2:24 7zAES:19')).toBeNull();
    expect(lzma2DictionaryProperty(2 ** 18)).toBe(12);
    expect(lzma2DictionaryProperty(3 * 2 ** 19)).toBe(17);
  });
});

describe('a 7z written around packed bytes', () => {
  const first = text(3000, 4);
  const second = text(2500, 5);
  const packed = lzma2Stream(concat(first, second), 1);
  const crcOf = async (bytes: Uint8Array) => Number.parseInt(await crc32(bytes), 16);

  /** Tests (7-Zip `t`) and extracts the archive; its console and the files' bytes. */
  async function open(folder: CutFolder) {
    const frame = await cutArchiveFrame([folder]);
    const lines: string[] = [];
    const sz = await nodeSevenZipFactory({ print: (line) => lines.push(line), printErr: (line) => lines.push(line) });
    sz.FS.writeFile('/cut.7z', concat(frame.head, packed, frame.tail));
    sz.callMain(['x', '-o/out', '-y', '/cut.7z']);
    const read = (name: string): Uint8Array | null => {
      try {
        return sz.FS.readFile(`/out/${name}`);
      } catch {
        return null;
      }
    };
    return { console: lines.join('\n'), first: read('a/first.txt'), second: read('second.txt'), sz };
  }

  const folder = async (secondCrc?: number): Promise<CutFolder> => ({
    dictionaryProperty: 12,
    packedSize: packed.length,
    unpackedSize: first.length + second.length,
    streams: [
      { name: 'a/first.txt', size: first.length, crc: await crcOf(first), modified: fileTimeOf('2020-02-03 04:05:06.1234567') },
      { name: 'second.txt', size: second.length, crc: secondCrc ?? (await crcOf(second)), modified: null },
    ],
  });

  it('opens in 7-Zip with every file, its bytes and its modification time', async () => {
    const opened = await open(await folder());
    expect(opened.console).toContain('Everything is Ok');
    expect(opened.first).toEqual(first);
    expect(opened.second).toEqual(second);
    const modified: Date = opened.sz.FS.stat('/out/a/first.txt').mtime;
    expect(modified.getTime()).toBe(new Date(2020, 1, 3, 4, 5, 6, 123).getTime());
  });

  it('carries the CRCs: 7-Zip refuses a file whose bytes do not match', async () => {
    const opened = await open(await folder(0x1234_5678));
    expect(opened.console).toMatch(/CRC Failed/);
  });
});

describe("7-Zip's printed times", () => {
  it('read back as FILETIMEs, to the 100 ns', () => {
    const at = new Date(2026, 10, 26, 23, 41, 42).getTime();
    expect(fileTimeOf('2026-11-26 23:41:42.9407229')).toBe(116_444_736_000_000_000n + BigInt(at) * 10_000n + 9_407_229n);
    expect(fileTimeOf('2026-11-26 23:41:42')).toBe(116_444_736_000_000_000n + BigInt(at) * 10_000n);
    expect(fileTimeOf('yesterday')).toBeNull();
    expect(fileTimeOf(undefined)).toBeNull();
  });
});

/** Where a cut of `archive` falls, on two cores, this instance starting no earlier than the other. */
async function placed(listing: SltListing, archive: Uint8Array): Promise<CutPlace> {
  const place = await cutPlace(listing, memorySource(archive), 2, {}, 0);
  if (!place) throw new Error('no place for a cut');
  return place;
}

describe('a cut inside the one block of a 7z', () => {
  const MiB = 1024 * 1024;
  const files = [text(5 * MiB, 6), text(3 * MiB, 7), text(4 * MiB, 8)];
  const names = ['d/one.txt', 'd/two.txt', 'd/three.txt'];
  // Stored chunks of 50,000 bytes, the dictionary reset every 20th (every ~1 MB).
  const packed = lzma2Stream(concat(...files), 20, 50_000);

  /** A 7z of the three files in one block, and 7-Zip's listing of it. */
  async function original(stream = packed) {
    const streams = await Promise.all(
      files.map(async (bytes, i) => ({
        name: names[i] ?? '',
        size: bytes.length,
        crc: Number.parseInt(await crc32(bytes), 16),
        modified: null,
      })),
    );
    const total = files.reduce((sum, bytes) => sum + bytes.length, 0);
    const frame = await cutArchiveFrame([{ dictionaryProperty: 12, packedSize: stream.length, unpackedSize: total, streams }]);
    const archive = concat(frame.head, stream, frame.tail);
    const lines: string[] = [];
    const sz = await nodeSevenZipFactory({ print: (line) => lines.push(line), printErr: () => undefined });
    sz.FS.writeFile('/a.7z', archive);
    sz.callMain(['l', '-slt', '/a.7z']);
    return { archive, listing: parseSltListing(lines) };
  }

  it('gives the other instance the files from the first whole one past a reset near the middle', async () => {
    const { archive, listing } = await original();
    const split = await cutInsideBlock(listing, await placed(listing, archive), 0);
    expect(split?.helperNames).toEqual(['d/two.txt', 'd/three.txt']);
    // Resets every 1,000,000 bytes; two.txt starts at 5 MiB. The reset at 5,000,000 ends both
    // soonest: this instance decodes up to two.txt, the other from the reset (the rest skipped).
    expect(split?.unpacked).toEqual({ own: 5 * MiB, helper: 12 * MiB - 5_000_000 });
    expect(split?.view?.from).toBe(32 + 100 * 50_003);
    const view = split?.view;
    if (!view) throw new Error('no view');
    // The view opens in 7-Zip: the skipped stream first, then the other's files, whole.
    const sz = await nodeSevenZipFactory({ print: () => undefined, printErr: () => undefined });
    sz.FS.writeFile('/view.7z', concat(view.head, archive.subarray(view.from, view.to), view.tail));
    sz.callMain(['x', '-o/out', '-y', '/view.7z', 'd/two.txt', 'd/three.txt']);
    // By hash: comparing megabytes element by element takes the matcher tens of seconds.
    expect(sha256(sz.FS.readFile('/out/d/two.txt'))).toBe(sha256(files[1] ?? new Uint8Array()));
    expect(sha256(sz.FS.readFile('/out/d/three.txt'))).toBe(sha256(files[2] ?? new Uint8Array()));
  });

  it('makes no cut where a chunk header before the cut does not walk: the one walk for both cuts fails', async () => {
    const damaged = packed.slice();
    // The tenth chunk's control byte: neither a stored nor an LZMA chunk.
    damaged[10 * 50_003] = 0x05;
    const { archive, listing } = await original(damaged);
    expect(await cutPlace(listing, memorySource(archive), 2, {}, 0)).toBeNull();
    // The same chunks undamaged walk: the place, and both cuts, are there.
    const whole = await original();
    const place = await placed(whole.listing, whole.archive);
    expect(place.resets.lastUpToTarget).not.toBeNull();
    expect(await cutInsideBlock(whole.listing, place, 0)).not.toBeNull();
    expect(await cutInsideFile(whole.listing, place)).not.toBeNull();
  });

  it('cuts inside the file that spans the middle: the two views give its parts, joined the file', async () => {
    const { archive, listing } = await original();
    const split = await cutInsideFile(listing, await placed(listing, archive));
    // The middle (6 MiB) falls in two.txt (5 to 8 MiB); the last reset at or before it is at 6,000,000.
    expect(split?.helperNames).toEqual(['~rest', 'd/three.txt']);
    expect(split?.inFile).toMatchObject({ name: 'd/two.txt', partName: '~rest', ownNames: ['d/one.txt', 'd/two.txt'] });
    expect(split?.unpacked).toEqual({ own: 6_000_000, helper: 12 * MiB - 6_000_000 });
    const own = split?.inFile?.ownView;
    const helper = split?.view;
    if (!own || !helper) throw new Error('no views');
    const sz = await nodeSevenZipFactory({ print: () => undefined, printErr: () => undefined });
    sz.FS.writeFile('/own.7z', concat(own.head, archive.subarray(own.from, own.to), own.tail));
    sz.FS.writeFile('/rest.7z', concat(helper.head, archive.subarray(helper.from, helper.to), helper.tail));
    expect(sz.callMain(['x', '-o/own', '-y', '/own.7z'])).toBe(0);
    expect(sz.callMain(['x', '-o/rest', '-y', '/rest.7z'])).toBe(0);
    expect(sha256(sz.FS.readFile('/own/d/one.txt'))).toBe(sha256(files[0] ?? new Uint8Array()));
    const joined = concat(sz.FS.readFile('/own/d/two.txt'), sz.FS.readFile('/rest/~rest'));
    expect(sha256(joined)).toBe(sha256(files[1] ?? new Uint8Array()));
    expect(sha256(sz.FS.readFile('/rest/d/three.txt'))).toBe(sha256(files[2] ?? new Uint8Array()));
  });
});
