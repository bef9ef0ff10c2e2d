import { SERVER_LIMITS, type ExtractionLimits } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import type { Progress } from '../core/types.js';
import { extractTarStream, listTarStream, TarFallback, type TarStreamInfo } from './tar-backend.js';
import { concat, end, file, header, pax, streamOf } from './tar-writer.js';
import { MemorySink } from '../testing/memory-io.js';

/** Every header's time in these archives (tar-writer.ts' default), as entries report it. */
const WRITTEN = 1_700_000_000_000;

const info = (bytes: Uint8Array): TarStreamInfo => ({ format: 'tar', archiveBytes: bytes.length, bytesTotal: bytes.length });
const extract = (
  bytes: Uint8Array,
  sink: MemorySink,
  limits: ExtractionLimits = SERVER_LIMITS,
  onProgress?: (p: Progress) => void,
) => extractTarStream(streamOf(bytes, 777).stream, sink, limits, onProgress ? { onProgress } : {}, info(bytes));
const failure = (run: Promise<unknown>) =>
  run.then(
    () => expect.unreachable('should have failed'),
    (error: unknown) => error,
  );
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

const sample = concat(
  header({ name: 'dir/', typeflag: '5' }),
  file('dir/a.txt', 'hello'),
  header({ name: 'dir/link', typeflag: '2', linkName: '../etc/passwd' }),
  header({ name: 'hard', typeflag: '1', linkName: 'dir/a.txt' }),
  header({ name: 'dev', typeflag: '3' }),
  file('acl', 'user::rw-', { typeflag: 'A' }),
  file('deep/er/b.bin', new Uint8Array(300_000).fill(1)),
  file('DIR/A.txt', 'abc'),
  file('dir/a.txt', 'again'),
  file('../../escape.txt', 'out'),
  end(),
);

describe('extractTarStream', () => {
  for (const bytesCalls of [true, false]) {
    it(`writes files, makes parents, reports links, skips the rest, renames repeats (writeBytes: ${bytesCalls})`, async () => {
      const sink = new MemorySink({ writeBytes: bytesCalls });
      const result = await extract(sample, sink);
      expect(result).toEqual({
        format: 'tar',
        entries: [
          { path: 'dir', type: 'dir', size: 0, modified: WRITTEN },
          { path: 'dir/a.txt', type: 'file', size: 5, modified: WRITTEN },
          { path: 'dir/link', type: 'symlink', size: 0, linkTarget: '../etc/passwd', modified: WRITTEN },
          { path: 'hard', type: 'symlink', size: 0, linkTarget: 'dir/a.txt', modified: WRITTEN },
          { path: 'deep', type: 'dir', size: 0 },
          { path: 'deep/er', type: 'dir', size: 0 },
          { path: 'deep/er/b.bin', type: 'file', size: 300_000, modified: WRITTEN },
          { path: 'dir/A (2).txt', originalName: 'DIR/A.txt', type: 'file', size: 3, modified: WRITTEN },
          { path: 'dir/a (3).txt', originalName: 'dir/a.txt', type: 'file', size: 5, modified: WRITTEN },
          { path: 'escape.txt', originalName: '../../escape.txt', type: 'file', size: 3, modified: WRITTEN },
        ],
      });
      expect(text(sink.files.get('dir/a (3).txt'))).toBe('again');
      expect(sink.files.get('deep/er/b.bin')?.length).toBe(300_000);
      expect([...sink.dirs].sort()).toEqual(['deep', 'deep/er', 'dir']);
      // Small files go to writeBytes when the sink has it; big ones always stream.
      expect(sink.calls.filter((c) => c.startsWith('bytes')).length).toBe(bytesCalls ? 4 : 0);
      expect(sink.calls).toContain('stream deep/er/b.bin');
    });
  }

  it('hands a non-tar, or input with no header, to 7-Zip without touching the sink', async () => {
    for (const bytes of [new Uint8Array(2000).fill(42), end(4), new Uint8Array(0)]) {
      const sink = new MemorySink({ writeBytes: true });
      expect(await failure(extract(bytes, sink))).toBeInstanceOf(TarFallback);
      expect(sink.calls.length + sink.dirs.size + sink.discards).toBe(0);
    }
  });

  it('reports damage found after a write as CORRUPT_ARCHIVE and discards the output', async () => {
    for (const bytesCalls of [true, false]) {
      const sink = new MemorySink({ writeBytes: bytesCalls });
      const damaged = concat(file('a.txt', 'x'.repeat(300_000)), file('b.txt', 'y', { checksum: 'bad' }), end());
      expect(await failure(extract(damaged, sink))).toMatchObject({ code: 'CORRUPT_ARCHIVE', details: { kind: 'corrupt' } });
      expect(sink.discards).toBe(1);
      const cut = concat(file('a.txt', 'x'.repeat(300_000))).subarray(0, 200_000);
      expect(await failure(extract(cut, sink))).toMatchObject({ code: 'CORRUPT_ARCHIVE', details: { kind: 'truncated' } });
      expect(sink.files.size).toBe(0);
    }
  });

  it("passes a sink's own failure on as it is", async () => {
    for (const [bytesCalls, path] of [
      [true, 'dir/a.txt'],
      [false, 'deep/er/b.bin'],
    ] as const) {
      const sink = new MemorySink({ writeBytes: bytesCalls });
      sink.failOn = path;
      const error = await failure(extract(sample, sink));
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(EngineError);
      expect((error as Error).message).toBe('disk full');
      expect(sink.discards).toBe(1);
    }
  });

  it('counts every byte, sparse holes included, against the limits', async () => {
    const sparse = concat(
      pax({ 'GNU.sparse.size': String(2 ** 40), 'GNU.sparse.map': `0,1,${2 ** 40 - 1},1` }),
      file('huge', 'ab'),
      end(),
    );
    const limits = { ...SERVER_LIMITS, maxTotalBytes: 10 << 20 };
    const sink = new MemorySink({ writeBytes: true });
    expect(await failure(extract(sparse, sink, limits))).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      details: { limit: 'totalBytes', declared: 2 ** 40 },
    });
    // Its header says how big it is: refused before its first byte, nothing to take back.
    expect(sink.calls).toEqual([]);
    const few = { ...SERVER_LIMITS, maxEntries: 3 };
    expect(await failure(extract(sample, new MemorySink({ writeBytes: true }), few))).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      details: { limit: 'entryCount' },
    });
  });

  it('reports progress against the expected total', async () => {
    const progress: Progress[] = [];
    await extract(sample, new MemorySink({ writeBytes: false }), SERVER_LIMITS, (p) => progress.push(p));
    expect(progress.every((p) => p.phase === 'extracting' && p.bytesTotal === sample.length)).toBe(true);
    expect(progress.at(-1)).toEqual({ phase: 'extracting', bytesDone: 300_016, bytesTotal: sample.length, entriesDone: 10 });
  });

  it("maps a failing input: 7-Zip's turn before any write, damage (of the kind the caller says) after", async () => {
    const failing = (bytes: Uint8Array) => {
      let sent = false;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) throw new Error('decoder failed');
          sent = true;
          controller.enqueue(bytes);
        },
      });
    };
    const sink = new MemorySink({ writeBytes: true });
    const early = extractTarStream(failing(new Uint8Array(0)), sink, SERVER_LIMITS, {}, info(sample));
    expect(await failure(early)).toBeInstanceOf(TarFallback);
    const late = extractTarStream(
      failing(sample.subarray(0, 2048)),
      sink,
      SERVER_LIMITS,
      {},
      {
        ...info(sample),
        inputFailureKind: () => 'truncated',
      },
    );
    expect(await failure(late)).toMatchObject({
      code: 'CORRUPT_ARCHIVE',
      details: { kind: 'truncated', cause: 'decoder failed' },
    });
    expect(sink.discards).toBe(1);
  });
});

describe('listTarStream', () => {
  it('lists entries as stored, with real sizes, link targets and times', async () => {
    const listing = await listTarStream(streamOf(sample).stream, {}, info(sample));
    expect(listing.format).toBe('tar');
    expect(listing.entries.map((e) => [e.name, e.type, e.size, e.linkTarget])).toEqual([
      ['dir/', 'dir', 0, undefined],
      ['dir/a.txt', 'file', 5, undefined],
      ['dir/link', 'symlink', 0, '../etc/passwd'],
      ['hard', 'symlink', 0, 'dir/a.txt'],
      ['deep/er/b.bin', 'file', 300_000, undefined],
      ['DIR/A.txt', 'file', 3, undefined],
      ['dir/a.txt', 'file', 5, undefined],
      ['../../escape.txt', 'file', 3, undefined],
    ]);
    expect(listing.entries[0]?.modified).toBe(new Date(1_700_000_000_000).toISOString());
  });

  it('refuses a damaged or cut archive, and hands a non-tar to 7-Zip', async () => {
    const cut = sample.subarray(0, 5000);
    expect(await failure(listTarStream(streamOf(cut).stream, {}, info(cut)))).toMatchObject({ code: 'CORRUPT_ARCHIVE' });
    const junk = new Uint8Array(1024).fill(1);
    expect(await failure(listTarStream(streamOf(junk).stream, {}, info(junk)))).toBeInstanceOf(TarFallback);
  });
});
