import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { constants, gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { zlibStream } from '../host-node/zlib-stream.js';
import { gunzip, GzipFailure, type GzipInfo } from './gzip-reader.js';
import { memorySource } from '../testing/memory-io.js';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';

const CORPUS = `${CORPUS_DIR}/`;

/**
 * 'spec': DecompressionStream is replaced by one that follows the Compression Streams spec.
 * 'host': Node's zlib, as the Node host lends it (its input is not cut at member signatures).
 */
let decoder: 'platform' | 'spec' | 'host' = 'platform';
/** Chunks of the archive's stream; the host's decoder is fed pieces of up to 1 MiB of them. */
let streamChunkBytes = 50_001;

async function decode(bytes: Uint8Array): Promise<{ hash: string; length: number; info: GzipInfo }> {
  if (decoder === 'spec') vi.stubGlobal('DecompressionStream', specDecompressionStream(bytes));
  const { stream, info } = gunzip(
    memorySource(bytes, 'test.gz', streamChunkBytes),
    decoder === 'host' ? () => zlibStream('gzip') : undefined,
  );
  const hash = createHash('sha256');
  let length = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    length += chunk.length;
  }
  return { hash: hash.digest('hex'), length, info };
}

const digest = (bytes: Uint8Array) => ({ hash: createHash('sha256').update(bytes).digest('hex'), length: bytes.length });

/** Deterministic mixed data: text that compresses well, then noise that does not. */
function sample(size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let x = seed || 1;
  for (let i = 0; i < size; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = i % 100_000 < 60_000 ? 97 + (i % 7) + ((x >>> 3) % 2) : x & 0xff;
  }
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

function flipped(bytes: Uint8Array, at: number): Uint8Array {
  const copy = new Uint8Array(bytes);
  copy[at] = (copy[at] ?? 0) ^ 0xff;
  return copy;
}

const junk = new TextEncoder().encode('This is unrelated junk data at the end of the file.');
const first = sample(700_000, 7);
const second = sample(300_000, 11);
const third = sample(1_000, 13);
const members = concat(gzipSync(first), gzipSync(second), gzipSync(third));
const allThree = concat(first, second, third);

async function gzipFailure(bytes: Uint8Array): Promise<GzipFailure> {
  const error = await decode(bytes).then(
    () => expect.unreachable('should fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GzipFailure);
  return error as GzipFailure;
}

function sharedCases(): void {
  it('decodes one member', async () => {
    expect(await decode(gzipSync(first))).toMatchObject(digest(first));
  });

  it('decodes members one after another', async () => {
    expect(await decode(members)).toMatchObject(digest(allThree));
  });

  it('decodes the corpus multi-member files', async () => {
    for (const path of [
      'libarchive/test_compat_gzip_1.tgz',
      'commons-compress/multiple.gz',
      'commons-compress/org/apache/commons/compress/gzip/members.gz',
      'commons-compress/org/apache/commons/compress/gzip/members-size-0.gz',
    ]) {
      const bytes = readFileSync(CORPUS + path);
      expect(await decode(bytes), path).toMatchObject(digest(gunzipSync(bytes)));
    }
  });

  it('ignores junk after the last member, like gzip', async () => {
    const corpus = readFileSync(`${CORPUS}libarchive/test_compat_gzip_2.tgz`);
    const decoded = await decode(corpus);
    expect(decoded).toMatchObject({ length: 7168, info: { trailingBytes: 51 } });
    expect(await decode(concat(gzipSync(first), junk))).toMatchObject({ ...digest(first), info: { trailingBytes: junk.length } });
    expect(await decode(concat(gzipSync(first), new Uint8Array(10_000)))).toMatchObject(digest(first));
    expect(await decode(concat(gzipSync(first), junk, sample(200_000, 3)))).toMatchObject(digest(first));
  });

  it('ignores junk after several members', async () => {
    expect(await decode(concat(members, junk))).toMatchObject(digest(allThree));
  });

  it('finds a member whose signature straddles two pieces', async () => {
    // Level 0 stores the data: 65_512 bytes make a member of exactly 65_535 bytes.
    const stored = gzipSync(sample(65_512, 5), { level: 0 });
    expect(stored.length).toBe(65_535);
    const bytes = concat(stored, gzipSync(second), junk);
    expect(await decode(bytes)).toMatchObject(digest(concat(sample(65_512, 5), second)));
  });

  it('reports a stream that stops early as truncated', async () => {
    expect((await gzipFailure(members.subarray(0, members.length - 5_000))).kind).toBe('truncated');
    expect((await gzipFailure(gzipSync(first).subarray(0, 300_000))).kind).toBe('truncated');
  });

  it('never explains a damaged member away as junk', async () => {
    const one = gzipSync(first);
    expect((await gzipFailure(flipped(one, one.length - 6))).kind).toBe('corrupt'); // CRC
    expect((await gzipFailure(concat(flipped(one, one.length - 6), junk))).kind).toBe('corrupt');
    expect((await gzipFailure(concat(flipped(one, one.length - 2), junk))).kind).toBe('corrupt'); // ISIZE
    expect((await gzipFailure(flipped(members, 200_000))).kind).toBe('corrupt');
  });
}

describe('gunzip on the platform DecompressionStream (Node 20 reads every member)', () => {
  sharedCases();
});

describe("gunzip on the Node host's zlib decoder, fed uncut", () => {
  beforeEach(() => {
    decoder = 'host';
  });
  afterEach(() => {
    decoder = 'platform';
  });
  sharedCases();
});

describe("gunzip on the Node host's zlib decoder, fed 1 MiB pieces", () => {
  beforeEach(() => {
    decoder = 'host';
    streamChunkBytes = 4 << 20;
  });
  afterEach(() => {
    decoder = 'platform';
    streamChunkBytes = 50_001;
  });
  sharedCases();

  it('does not decode a bomb ahead of its reader, whatever one piece holds', async () => {
    // 64 members of 16 MiB of zeros: 1 GiB from ~1 MB, all in the first piece.
    const member = gzipSync(new Uint8Array(16 << 20), { level: 9 });
    const bomb = concat(...Array.from({ length: 64 }, () => member));
    expect(bomb.length).toBeLessThan(1 << 20);
    const before = process.memoryUsage().arrayBuffers;
    const reader = gunzip(memorySource(bomb, 'bomb.gz', streamChunkBytes), () => zlibStream('gzip')).stream.getReader();
    expect((await reader.read()).value?.length).toBeGreaterThan(0);
    // Time for a decoder that ignores its reader to fill memory (it never can fail this test).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 << 20);
    await reader.cancel();
  });
});

describe('gunzip on a DecompressionStream that follows the spec (browsers: one member)', () => {
  beforeEach(() => {
    decoder = 'spec';
  });
  afterEach(() => {
    decoder = 'platform';
    vi.unstubAllGlobals();
  });

  it('uses a decoder that stops after one member', async () => {
    vi.stubGlobal('DecompressionStream', specDecompressionStream(members));
    const output = new Blob([members as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
    await expect(new Response(output).arrayBuffer()).rejects.toThrow(/Junk found/);
  });
  sharedCases();
});

interface Member {
  start: number;
  /** End of the member's trailer; past the file's end when the file is cut. */
  end: number;
  output: Uint8Array;
  /** Where the decoder fails (damaged data or checksum), relative to `start`. */
  failsAt: number | null;
}

function headerLength(member: Uint8Array): number {
  const flags = member[3] ?? 0;
  let at = 10;
  if (flags & 4) at += 2 + ((member[10] ?? 0) | ((member[11] ?? 0) << 8));
  if (flags & 8) at = member.indexOf(0, at) + 1;
  if (flags & 16) at = member.indexOf(0, at) + 1;
  return flags & 2 ? at + 2 : at;
}

/** The members of `file` as a real decoder sees them, found with node:zlib. */
function membersOf(file: Uint8Array): Member[] {
  const found: Member[] = [];
  for (let start = 0; file[start] === 0x1f && file[start + 1] === 0x8b;) {
    const member = file.subarray(start);
    const header = headerLength(member);
    try {
      const { engine } = inflateRawSync(member.subarray(header), { info: true }) as unknown as {
        engine: { bytesWritten: number };
      };
      const length = header + engine.bytesWritten + 8;
      let failsAt: number | null = null;
      try {
        gunzipSync(member.subarray(0, length));
      } catch (error) {
        failsAt = length - (/data check/.test((error as Error).message) ? 5 : 1);
      }
      found.push({ start, end: start + length, output: inflateRawSync(member.subarray(header)), failsAt });
      start += length;
    } catch (error) {
      const cut = /unexpected end/.test((error as Error).message);
      let good = header; // the longest prefix that still decodes
      for (let step = 1 << 24; step >= 1; step >>= 1) {
        if (good + step > member.length) continue;
        try {
          inflateRawSync(member.subarray(header, good + step), { finishFlush: constants.Z_SYNC_FLUSH });
          good += step;
        } catch {
          // fails within this step
        }
      }
      const output = inflateRawSync(member.subarray(header, good), { finishFlush: constants.Z_SYNC_FLUSH });
      found.push({ start, end: cut ? Number.MAX_SAFE_INTEGER : start + good, output, failsAt: cut ? null : good });
      break;
    }
  }
  return found;
}

/**
 * A DecompressionStream for `file` that behaves like Chromium's: one member only; bytes after it
 * are "junk", an error raised after the member's last output was enqueued (the stream then drops
 * what was not read yet); a cut stream fails on close. Output is released in proportion to input.
 */
function specDecompressionStream(file: Uint8Array) {
  const layout = membersOf(file);
  return class SpecDecompressionStream extends TransformStream<Uint8Array, Uint8Array> {
    constructor() {
      let head: Uint8Array = new Uint8Array(0); // the first 64 bytes, enough to tell the members apart
      let received = 0;
      let member: Member | undefined;
      let emitted = 0;
      let ended = false;
      const emit = (controller: TransformStreamDefaultController<Uint8Array>, upTo: number) => {
        for (; emitted < upTo; emitted = Math.min(upTo, emitted + 16_384))
          controller.enqueue(member?.output.slice(emitted, Math.min(upTo, emitted + 16_384)));
      };
      super({
        transform(chunk, controller) {
          if (ended) throw new TypeError('Junk found after end of compressed data.');
          if (head.length < 64) head = concat(head, chunk.subarray(0, 64 - head.length));
          received += chunk.length;
          const matching = layout.filter((m) => head.every((byte, i) => file[m.start + i] === byte));
          if (matching.length === 0) throw new TypeError('The compressed data was not valid.');
          const candidate = matching[0];
          const ambiguous = matching.some(
            (m) => m.end - m.start !== (candidate?.end ?? 0) - (candidate?.start ?? 0) || m.failsAt !== candidate?.failsAt,
          );
          if (!candidate || (ambiguous && received < 64)) return;
          member = candidate;
          const length = member.end - member.start;
          if (member.failsAt !== null && received > member.failsAt) throw new TypeError('The compressed data was not valid.');
          if (received < length) return emit(controller, Math.floor((member.output.length * received) / (length + 1)));
          emit(controller, member.output.length);
          ended = true;
          if (received > length) throw new TypeError('Junk found after end of compressed data.');
        },
        flush() {
          if (!ended) throw new TypeError('Compressed input was truncated.');
        },
      });
    }
  };
}
