import { readFileSync } from 'node:fs';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { xxhash32 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../core/detect.js';
import { EngineError } from '../core/engine-error.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import { extractTarStream } from '../tar/tar-backend.js';
import { MemorySink, memorySource } from '../testing/memory-io.js';
import { CORPUS_DIR, loadManifest } from '@archive-opener/test-support/corpus';
import { decodeLz4 } from './lz4-frame.js';

const MiB = 1 << 20;
const corpusFile = (path: string) => new Uint8Array(readFileSync(`${CORPUS_DIR}/${path}`));
const BLA = 'commons-compress/bla.tar.lz4';

/** The error `decodeLz4` rejects with (fails the test if it resolves). */
async function failure(input: Uint8Array, maxOutput = MiB): Promise<EngineError> {
  const error: unknown = await decodeLz4(input, maxOutput).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

const le32 = (value: number) => [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * A standard frame built by hand: FLG as given, 64 KiB blocks, header checksum computed, block
 * checksums added when FLG asks for them. `stored` blocks get the high bit of their size.
 */
async function frame(flg: number, blocks: { bytes: number[]; stored?: boolean }[], extra: number[] = []): Promise<Uint8Array> {
  const descriptor = [flg, 0x40, ...extra];
  const header = (parseInt(await xxhash32(new Uint8Array(descriptor)), 16) >>> 8) & 0xff;
  const out = [...le32(0x184d2204), ...descriptor, header];
  for (const block of blocks) {
    out.push(...le32((block.bytes.length | (block.stored ? 0x80000000 : 0)) >>> 0), ...block.bytes);
    if (flg & 0x10) out.push(...le32(parseInt(await xxhash32(new Uint8Array(block.bytes)), 16)));
  }
  return new Uint8Array([...out, ...le32(0)]);
}

describe('decodeLz4 on the corpus', () => {
  const manifest = loadManifest();
  // _2 ends with junk after its frame; _3 is a legacy frame (old `lz4 -l`).
  const cases = [
    BLA,
    'libarchive/test_compat_lz4_1.tar.lz4',
    'libarchive/test_compat_lz4_2.tar.lz4',
    'libarchive/test_compat_lz4_3.tar.lz4',
  ];

  for (const path of cases) {
    it(`decodes ${path} to a tar that extracts as the reference tools did`, async () => {
      const tar = await decodeLz4(corpusFile(path), MiB);
      expect(detectFormat(tar)).toBe('tar');
      const sink = new MemorySink({ writeBytes: true });
      const info = { format: 'tar.lz4', archiveBytes: tar.length, bytesTotal: tar.length };
      const result = await extractTarStream(memorySource(tar, path, 1000).stream(), sink, SERVER_LIMITS, {}, info);
      const expected = manifest.find((c) => c.path === path)?.entries ?? [];
      expect(expected.length).toBeGreaterThan(0);
      for (const entry of expected) {
        const name = toSafeRelativePath(entry.name) ?? entry.name;
        const found = result.entries.find((e) => e.path === name);
        expect(found?.type, entry.name).toBe(entry.type);
        if (entry.type === 'file') expect(sink.sha256(name), entry.name).toBe(entry.sha256);
      }
    });
  }

  it('decodes concatenated frames, skipping skippable ones and ignoring trailing bytes', async () => {
    const skippable = [...le32(0x184d2a5f), ...le32(3), 1, 2, 3];
    const one = await decodeLz4(corpusFile(BLA), MiB);
    const two = await decodeLz4(corpusFile('libarchive/test_compat_lz4_3.tar.lz4'), MiB);
    const input = [...skippable, ...corpusFile(BLA), ...skippable, ...corpusFile('libarchive/test_compat_lz4_3.tar.lz4')];
    const decoded = await decodeLz4(new Uint8Array([...input, ...text('junk')]), MiB);
    expect(decoded).toEqual(new Uint8Array([...one, ...two]));
  });
});

describe('decodeLz4 on damaged input', () => {
  it('refuses a corrupted header checksum', async () => {
    const input = corpusFile(BLA);
    input[6] = input[6]! ^ 0xff; // FLG, BD, then the header checksum
    const error = await failure(input);
    expect(error.code).toBe('CORRUPT_ARCHIVE');
    expect(error.message).toMatch(/header checksum/);
  });

  it('refuses a truncated frame, wherever it is cut', async () => {
    const input = corpusFile(BLA);
    for (const length of [5, 7, 9, 100, input.length - 6, input.length - 1]) {
      const error = await failure(input.subarray(0, length));
      expect(error.code, `cut at ${length}`).toBe('CORRUPT_ARCHIVE');
      expect(error.details.kind, `cut at ${length}`).toBe('truncated');
    }
  });

  it('stops at maxOutput with LIMIT_EXCEEDED', async () => {
    const error = await failure(corpusFile(BLA), 4096);
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.details).toEqual({ limit: 'totalBytes', max: 4096 });
    // Exactly the content size is allowed.
    expect((await decodeLz4(corpusFile(BLA), 10_240)).length).toBe(10_240);
  });

  it('refuses content that does not match its checksum', async () => {
    const input = corpusFile(BLA);
    expect(input[12]).toBe(0x74); // after the block size and token, the first literal: the "t" of test1.xml, the tar's first file name
    input[12] = 0x54;
    const error = await failure(input);
    expect(error.code).toBe('CORRUPT_ARCHIVE');
    expect(error.message).toMatch(/content checksum/);
  });

  it('refuses a match offset reaching before the start of the output', async () => {
    // One literal "a", then a match 5 bytes back (only 1 exists), then the last literal "b".
    const bad = await frame(0x60, [{ bytes: [0x10, ...text('a'), 5, 0, 0x10, ...text('b')] }]);
    const error = await failure(bad);
    expect(error.code).toBe('CORRUPT_ARCHIVE');
    expect(error.message).toMatch(/offset/);
    // The same block with offset 1 is valid: an overlapping match repeats the "a".
    const good = await frame(0x60, [{ bytes: [0x10, ...text('a'), 1, 0, 0x10, ...text('b')] }]);
    expect(await decodeLz4(good, MiB)).toEqual(new Uint8Array(text('aaaaab')));
  });

  it('lets linked blocks, and only them, refer to the previous block', async () => {
    const blocks = [{ bytes: text('abcd'), stored: true }, { bytes: [0x00, 4, 0, 0x10, ...text('e')] }];
    // Linked (no independence flag), with block checksums.
    expect(await decodeLz4(await frame(0x50, blocks), MiB)).toEqual(new Uint8Array(text('abcdabcde')));
    const error = await failure(await frame(0x70, blocks));
    expect(error.message).toMatch(/offset/);
  });

  it('refuses a block checksum mismatch', async () => {
    const input = await frame(0x70, [{ bytes: text('abcd'), stored: true }]);
    input[input.length - 5] = input[input.length - 5]! ^ 1; // last byte of the block's checksum
    expect((await failure(input)).message).toMatch(/block checksum/);
  });

  it('refuses a frame that needs a dictionary as unsupported', async () => {
    const error = await failure(await frame(0x61, [], le32(1234)));
    expect(error.code).toBe('UNSUPPORTED_FORMAT');
    expect(error.details).toEqual({ dictId: 1234 });
  });

  it('refuses input that is not LZ4', async () => {
    expect((await failure(new Uint8Array(text('hello world')))).code).toBe('CORRUPT_ARCHIVE');
    expect((await failure(new Uint8Array())).code).toBe('CORRUPT_ARCHIVE');
  });
});
