import { SERVER_LIMITS } from '@archive-opener/shared';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { zlibCodec } from '../host-node/zlib-codec.js';
import { MemorySink, memorySource } from '../testing/memory-io.js';
import { extractZip } from './zip-backend.js';
import { METHOD_DEFLATE, METHOD_STORE } from './zip-codes.js';
import { shareLimits, shareOwners, type ShareWeight } from './zip-share.js';

const file = (size: number, deflated = true, packed = size / 4): ShareWeight => ({
  type: 'file',
  size,
  central: { compressionMethod: deflated ? METHOD_DEFLATE : METHOD_STORE, compressedSize: packed },
});

describe('shareOwners', () => {
  it('cuts the entries into runs of about equal work, in order', () => {
    const items = [file(100), file(100), file(100), file(100)];
    expect(shareOwners(items, 2)).toEqual([0, 0, 1, 1]);
  });

  it('weighs a stored entry below a deflated one of the same size', () => {
    // Stored: read and checked, no inflating; the deflated one is the work.
    const items = [file(400, false, 400), file(100), file(100), file(400, false, 400)];
    expect(shareOwners(items, 2)).toEqual([0, 0, 1, 1]);
    expect(shareOwners([file(1000), file(10, false, 10), file(10, false, 10)], 2)).toEqual([0, 1, 1]);
  });

  it('gives everything to the first share when nothing costs anything', () => {
    const folder: ShareWeight = { ...file(0), type: 'dir' };
    expect(shareOwners([folder, folder], 2)).toEqual([0, 0]);
  });
});

describe('shareLimits', () => {
  const items = [file(300), file(100), file(100)];
  const owners = [0, 1, 1];
  const limits = { ...SERVER_LIMITS, maxTotalBytes: 1000, maxEntries: 9, ratioGraceBytes: 0, maxExpansionRatio: 100 };
  const cuts = [0, 1].map((index) => shareLimits(limits, items, owners, { index, count: 2 }, 1_000_000));

  it('cuts each limit so that the shares together stay within it', () => {
    expect(cuts[0]?.maxTotalBytes).toBe(600);
    expect(cuts[1]?.maxTotalBytes).toBe(400);
    expect((cuts[0]?.maxEntries ?? 0) + (cuts[1]?.maxEntries ?? 0)).toBeLessThanOrEqual(9);
  });

  it('holds the expansion ratio as a byte cap when that is the tighter limit', () => {
    // 1000 bytes of archive at most 100x: 100,000 bytes; the total limit is looser.
    const loose = { ...limits, maxTotalBytes: 10_000_000 };
    const [first, second] = [0, 1].map((index) => shareLimits(loose, items, owners, { index, count: 2 }, 1000));
    expect((first?.maxTotalBytes ?? 0) + (second?.maxTotalBytes ?? 0)).toBeLessThanOrEqual(100_000);
    expect(first?.maxExpansionRatio).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('extractZip with a share', () => {
  const text = (seed: number) => new TextEncoder().encode(`line ${seed} of some text to deflate\n`.repeat(2000 + seed * 500));
  const contents: Record<string, Uint8Array> = {
    'a/one.txt': text(1),
    'a/two.txt': text(2),
    'b/three.txt': text(3),
    'b/four.txt': text(4),
  };
  const zip = zipSync(contents);
  const run = async (index: number, limits = SERVER_LIMITS) => {
    const sink = new MemorySink({ writeBytes: true });
    const result = await extractZip([memorySource(zip, 'set.zip')], sink, limits, {}, zlibCodec, { index, count: 2 });
    return { sink, result };
  };

  it('writes each entry in exactly one share, with the bytes and names of the whole', async () => {
    const shares = [await run(0), await run(1)];
    const written = shares.flatMap(({ sink }) => [...sink.files.keys()]);
    expect(written.sort()).toEqual(Object.keys(contents).sort());
    for (const { sink } of shares) {
      expect(sink.files.size).toBeGreaterThan(0);
      for (const [path, bytes] of sink.files) expect(new Uint8Array(bytes)).toEqual(contents[path]);
    }
  });

  it('refuses, in every share, an archive whose whole declared output passes a limit', async () => {
    const whole = Object.values(contents).reduce((sum, bytes) => sum + bytes.length, 0);
    // The second share's own entries are well within it: the whole is not.
    const error = await run(1, { ...SERVER_LIMITS, maxTotalBytes: whole - 1 }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('LIMIT_EXCEEDED');
  });
});
