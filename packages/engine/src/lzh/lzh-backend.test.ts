import { readFileSync } from 'node:fs';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { extractLzhStream, LzhFallback } from './lzh-backend.js';
import { MemorySink, memorySource } from '../testing/memory-io.js';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';

/** Damage and edge cases made from corpus archives: what each must be reported as. */

const corpus = (path: string) => new Uint8Array(readFileSync(`${CORPUS_DIR}/${path}`));
const LH5 = 'commons-compress/test-macos-l0-lh5.lha';
const LH0 = 'libarchive/test_read_format_lha_lh0.lzh';

async function failureOf(bytes: Uint8Array): Promise<unknown> {
  const sink = new MemorySink({ writeBytes: true });
  const info = { format: 'lzh', archiveBytes: bytes.length, bytesTotal: null };
  return extractLzhStream(memorySource(bytes, 'a.lzh', 97).stream(), sink, SERVER_LIMITS, {}, info).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('extractLzhStream on damaged input', () => {
  it('finds the first header after leading junk (a self-extractor stub)', async () => {
    const junk = new TextEncoder().encode('MZ stub -lh5- not a header '.repeat(400));
    const bytes = new Uint8Array([...junk, ...corpus(LH0)]);
    const sink = new MemorySink({ writeBytes: true });
    const result = await extractLzhStream(
      memorySource(bytes).stream(),
      sink,
      SERVER_LIMITS,
      {},
      { format: 'lzh', archiveBytes: 0, bytesTotal: null },
    );
    expect(result.entries.map((e) => e.path).sort()).toEqual(['dir', 'dir2', 'dir2/symlink1', 'dir2/symlink2', 'file1', 'file2']);
  });

  it('hands input that is not LHA to 7-Zip', async () => {
    expect(await failureOf(new TextEncoder().encode('just some text, no archive here'))).toBeInstanceOf(LzhFallback);
  });

  it('refuses a file whose content fails its CRC', async () => {
    const bytes = corpus(LH5);
    bytes[bytes.length - 200] = (bytes[bytes.length - 200] as number) ^ 0x55;
    const error = await failureOf(bytes);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('CORRUPT_ARCHIVE');
  });

  it('reports an archive cut short as truncated', async () => {
    const error = await failureOf(corpus(LH5).subarray(0, 20000));
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).details.kind).toBe('truncated');
  });

  it('refuses methods it does not decode as unsupported', async () => {
    const bytes = corpus(LH5);
    bytes.set(new TextEncoder().encode('-lh1-'), 2);
    let sum = 0; // keep the level-0 header checksum valid
    for (let i = 2; i < (bytes[0] as number) + 2; i += 1) sum += bytes[i] as number;
    bytes[1] = sum & 0xff;
    const error = await failureOf(bytes);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('UNSUPPORTED_FORMAT');
  });

  it('refuses a header whose checksum is wrong', async () => {
    const bytes = corpus(LH0);
    bytes[1] = (bytes[1] as number) ^ 1;
    const error = await failureOf(bytes);
    expect(error instanceof EngineError || error instanceof LzhFallback).toBe(true);
  });
});
