import { SERVER_LIMITS } from '@archive-opener/shared';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ArchiveSource, Progress } from '../core/types.js';
import { zlibCodec } from '../host-node/zlib-codec.js';
import { engineFailure } from '../testing/engine-failure.js';
import { MemorySink, memorySource, sha256 } from '../testing/memory-io.js';
import { withWrongCrc } from '../testing/zip-bytes.js';
import { extractZip } from './zip-backend.js';

// Past NATIVE_ENTRY_MAX_BYTES a stored entry is read and summed by the engine (stored-entry.ts):
// kept as a range of the archive where the sink can, else written as it is read.
const data = new Uint8Array(17 * 1024 * 1024).map((_, i) => (i * 2654435761) >>> 24);
const zip = zipSync({ 'big.bin': [data, { level: 0 }], 'small.txt': new TextEncoder().encode('hello') });

/** A sink that keeps ranges of the archive, as the browser's does with the visitor's File; `refuse` makes it decline. */
class RangeSink extends MemorySink {
  readonly ranges: { path: string; source: ArchiveSource; offset: number; size: number }[] = [];
  refuse = false;
  referToSource = (path: string, source: ArchiveSource, offset: number, size: number): boolean => {
    if (this.refuse) return false;
    this.ranges.push({ path, source, offset, size });
    return true;
  };
}

const extract = (bytes: Uint8Array, sink: MemorySink, onProgress?: (progress: Progress) => void) =>
  extractZip([memorySource(bytes, 'stored.zip')], sink, SERVER_LIMITS, onProgress ? { onProgress } : {}, zlibCodec);

describe('a stored entry too large to hold in one piece', () => {
  it('is kept as its range of the archive, once summed, where the sink can', async () => {
    const sink = new RangeSink();
    const events: Progress[] = [];
    await extract(zip, sink, (progress) => events.push(progress));
    const [range] = sink.ranges.filter((kept) => kept.path === 'big.bin');
    expect(range?.size).toBe(data.length);
    expect(sha256(await (range as { source: ArchiveSource }).source.read(range?.offset ?? 0, data.length))).toBe(sha256(data));
    expect(sink.calls).not.toContain('stream big.bin');
    expect(events.at(-1)).toMatchObject({ bytesDone: data.length + 5 });
  });

  it('is written as it is read where the sink cannot keep it, counted once', async () => {
    const sink = new RangeSink();
    sink.refuse = true;
    const events: Progress[] = [];
    const result = await extract(zip, sink, (progress) => events.push(progress));
    expect(sha256(sink.files.get('big.bin') ?? new Uint8Array())).toBe(sha256(data));
    expect(result.entries.find((entry) => entry.path === 'big.bin')?.size).toBe(data.length);
    expect(events.at(-1)).toMatchObject({ bytesDone: data.length + 5 });
    const plain = new MemorySink();
    await extract(zip, plain);
    expect(plain.calls).toContain('stream big.bin');
    expect(sha256(plain.files.get('big.bin') ?? new Uint8Array())).toBe(sha256(data));
  });

  it('reports a CRC-32 mismatch as CORRUPT_ARCHIVE, and keeps nothing of it', async () => {
    const sink = new RangeSink();
    const kept = await engineFailure(extract(withWrongCrc(zip), sink));
    expect(kept).toMatchObject({ code: 'CORRUPT_ARCHIVE', details: { entry: 'big.bin' } });
    expect(sink.ranges.map((range) => range.path)).not.toContain('big.bin');
    expect((await engineFailure(extract(withWrongCrc(zip), new MemorySink()))).code).toBe('CORRUPT_ARCHIVE');
  });
});
