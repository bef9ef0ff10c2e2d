import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pattern } from '../testing/memfs-writes.js';
import { openIn } from '../testing/open-files.js';
import { RING_BYTES, spoolWriter, type SpoolWriter } from './spool-writer.js';

const failureOf = (call: () => void): NodeJS.ErrnoException => {
  try {
    call();
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
  throw new Error('no failure');
};

describe('spoolWriter', () => {
  let dir: string;
  let writer: SpoolWriter;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ao-writer-'));
    writer = spoolWriter(dir);
  });

  afterEach(() => {
    writer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the numbered files and writes, patches and cuts them in the order queued', () => {
    writer.write(1, 0, pattern(1000, 1));
    writer.write(2, 0, pattern(10, 2));
    // A header patched after the body, then a cut and more bytes after it.
    writer.write(1, 10, new Uint8Array([9, 9, 9]));
    writer.truncate(1, 600);
    writer.write(1, 600, new Uint8Array([7]));
    writer.drain();
    const expected = new Uint8Array(601);
    expected.set(pattern(1000, 1).subarray(0, 600));
    expected.set([9, 9, 9], 10);
    expected[600] = 7;
    expect(new Uint8Array(readFileSync(join(dir, '1')))).toEqual(expected);
    expect(new Uint8Array(readFileSync(join(dir, '2')))).toEqual(pattern(10, 2));
    expect(readdirSync(dir).sort()).toEqual(['1', '2']);
  });

  it('copies the bytes when queued: the caller may reuse its buffer at once', () => {
    const buffer = pattern(5000, 3);
    writer.write(1, 0, buffer);
    buffer.fill(0);
    writer.drain();
    expect(new Uint8Array(readFileSync(join(dir, '1')))).toEqual(pattern(5000, 3));
  });

  it('takes writes larger than its queue, and many that wrap around it, whole and in order', () => {
    // Three times the ring in one write: queued in pieces, each waiting for room.
    const big = pattern(3 * RING_BYTES + 12_345, 4);
    writer.write(1, 0, big);
    // Odd sizes, so that records end anywhere and wrap markers are needed.
    const pieces: Uint8Array[] = [];
    let position = 0;
    for (let i = 0; position < 2 * RING_BYTES; i += 1) {
      const piece = pattern(100_003 + i * 17, i);
      writer.write(2, position, piece);
      pieces.push(piece);
      position += piece.length;
    }
    writer.drain();
    expect(Buffer.compare(readFileSync(join(dir, '1')), Buffer.from(big))).toBe(0);
    expect(Buffer.compare(readFileSync(join(dir, '2')), Buffer.concat(pieces))).toBe(0);
  });

  it('reports a failing disk at the next call, and drops the rest without waiting for room', () => {
    rmSync(dir, { recursive: true, force: true });
    // Twice the ring: after its first record fails, the thread must still take the others.
    const failure = failureOf(() => {
      writer.write(1, 0, pattern(2 * RING_BYTES, 5));
      writer.drain();
    });
    expect(failure.code).toBe('ENOENT');
    expect(failure.message).toContain('ENOENT');
    expect(failureOf(() => writer.write(2, 0, pattern(10, 6))).code).toBe('ENOENT');
  });

  it('reports a failure whose message quotes a path longer than any', () => {
    writer.stop();
    // A path past PATH_MAX: the system's message quotes it whole, more than 4 KiB.
    writer = spoolWriter(join(dir, 'deep/'.repeat(1000)));
    const failure = failureOf(() => {
      writer.write(1, 0, pattern(10, 8));
      writer.drain();
    });
    expect(failure.code).toBe('ENAMETOOLONG');
    expect(failure.message.startsWith(`ENAMETOOLONG: name too long, open '${dir}/deep/deep/`)).toBe(true);
    expect(failure.message.length).toBeLessThanOrEqual(2000);
  });

  it('never creates a file through a link put in its place', () => {
    const outside = join(mkdtempSync(join(tmpdir(), 'ao-outside-')), 'victim');
    writeFileSync(outside, 'keep');
    symlinkSync(outside, join(dir, '1'));
    writer.write(1, 0, pattern(10, 7));
    expect(failureOf(() => writer.drain()).code).toBe('EEXIST');
    expect(readFileSync(outside, 'utf8')).toBe('keep');
    rmSync(dirname(outside), { recursive: true });
  });

  it('keeps few files open, and closes them all when stopped', () => {
    for (let id = 1; id <= 40; id += 1) writer.write(id, 0, pattern(100, id));
    for (let id = 1; id <= 40; id += 1) writer.write(id, 100, pattern(100, id + 1));
    writer.drain();
    expect(openIn(dir)).toBeGreaterThan(0);
    expect(openIn(dir)).toBeLessThanOrEqual(16);
    for (let id = 1; id <= 40; id += 1) {
      expect([...readFileSync(join(dir, String(id)))]).toEqual([...pattern(100, id), ...pattern(100, id + 1)]);
    }
    writer.stop();
    expect(openIn(dir)).toBe(0);
    expect(() => writer.write(41, 0, pattern(1, 1))).toThrow(/stopped/);
  });

  it('writes nothing more once stopped, even before its thread has started', async () => {
    for (let id = 1; id <= 20; id += 1) writer.write(id, 0, pattern(100_000, id));
    writer.stop();
    const atStop = readdirSync(dir).sort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(dir).sort()).toEqual(atStop);
    expect(openIn(dir)).toBe(0);
  });
});
