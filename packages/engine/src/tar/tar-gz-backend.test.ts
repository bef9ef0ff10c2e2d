import { readFileSync } from 'node:fs';
import { SERVER_LIMITS, type ExtractionLimits } from '@archive-opener/shared';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import type { ExtractResult, Progress } from '../core/types.js';
import { extractTarGz, listTarGz, TarGzFallback } from './tar-gz-backend.js';
import { concat, end, file, header, pax } from './tar-writer.js';
import { fileSource, MemorySink, memorySource, sha256 } from '../testing/memory-io.js';
import { CORPUS_DIR, loadManifest, type ManifestEntry } from '@archive-opener/test-support/corpus';

const CORPUS = `${CORPUS_DIR}/`;

const manifest = loadManifest();
const tarGzCases = manifest.filter((c) => c.format === 'tar.gz' || c.path.endsWith('.tgz'));

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await new Response(
      new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip')),
    ).arrayBuffer(),
  );
}

async function failure(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => expect.unreachable('should have failed'),
    (error: unknown) => error,
  );
}

function expectMatchesManifest(entries: ManifestEntry[], result: ExtractResult, sink: MemorySink): void {
  for (const expected of entries) {
    const got = result.entries.find((e) => e.path === expected.name);
    expect(got?.type, expected.name).toBe(expected.type);
    if (expected.type === 'file') {
      expect(sha256(sink.files.get(expected.name) ?? new Uint8Array()), expected.name).toBe(expected.sha256);
      expect(got?.size).toBe(expected.size);
    }
    if (expected.type === 'dir') expect(sink.dirs.has(expected.name), expected.name).toBe(true);
  }
  const expectedFiles = entries.filter((e) => e.type === 'file').map((e) => e.name);
  expect([...sink.files.keys()].sort()).toEqual(expectedFiles.sort());
}

describe('extractTarGz on the corpus', () => {
  it('covers the gzip-compressed tar cases', () => {
    expect(tarGzCases.map((c) => c.path).sort()).toEqual([
      'commons-compress/COMPRESS-245.tar.gz',
      'commons-compress/COMPRESS-666/compress-666.tar.gz',
      'commons-compress/bla.tgz',
      'libarchive/test_compat_gzip_1.tgz',
      'libarchive/test_compat_gzip_2.tgz',
      'libarchive/test_write_disk_mac_metadata.tar.gz',
    ]);
  });

  for (const testCase of tarGzCases) {
    it(`extracts ${testCase.path}`, async () => {
      const sink = new MemorySink();
      const result = await extractTarGz(await fileSource(CORPUS + testCase.path), sink, SERVER_LIMITS, {});
      expect(result.format).toBe('tar.gz');
      expectMatchesManifest(testCase.entries ?? [], result, sink);
      expect(sink.discards).toBe(0);
    });

    it(`lists ${testCase.path}`, async () => {
      const listing = await listTarGz(await fileSource(CORPUS + testCase.path), {});
      expect(listing).toMatchObject({ format: 'tar.gz', encryptedHeaders: false });
      const files = listing.entries.filter((e) => e.type === 'file');
      const expected = (testCase.entries ?? []).filter((e) => e.type === 'file');
      expect(files.map((e) => [e.name.replace(/^\.\//, ''), e.size]).sort()).toEqual(
        expected.map((e) => [e.name, e.size]).sort(),
      );
    });
  }
});

describe('extractTarGz hands over or refuses', () => {
  it('falls back to 7-Zip for a gzip file that is not a tar, writing nothing', async () => {
    const sink = new MemorySink();
    const source = await fileSource(`${CORPUS}commons-compress/lorem-ipsum.txt.gz`);
    expect(await failure(extractTarGz(source, sink, SERVER_LIMITS, {}))).toBeInstanceOf(TarGzFallback);
    expect(await failure(listTarGz(source, {}))).toBeInstanceOf(TarGzFallback);
    expect(sink.files.size + sink.dirs.size + sink.discards).toBe(0);
  });

  it('falls back when gzip fails before a tar header could be read (expect: error case)', async () => {
    const testCase = manifest.find((c) => c.path === 'libarchive/test_read_filter_gzip_recursive.gz');
    expect(testCase?.expect).toBe('error');
    const sink = new MemorySink();
    const error = await failure(extractTarGz(await fileSource(`${CORPUS}${testCase?.path}`), sink, SERVER_LIMITS, {}));
    expect(error).toBeInstanceOf(TarGzFallback);
  });

  it('reports a truncated archive and discards what was written', async () => {
    const whole = readFileSync(`${CORPUS}commons-compress/COMPRESS-245.tar.gz`);
    const sink = new MemorySink();
    const error = await failure(extractTarGz(memorySource(whole.subarray(0, 150_000)), sink, SERVER_LIMITS, {}));
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'CORRUPT_ARCHIVE', details: { kind: 'truncated' } });
    expect(sink.discards).toBe(1);
    expect(await failure(listTarGz(memorySource(whole.subarray(0, 150_000)), {}))).toMatchObject({ code: 'CORRUPT_ARCHIVE' });
  });

  it('reports a CRC error found after the files were written', async () => {
    const bytes = new Uint8Array(readFileSync(`${CORPUS}commons-compress/COMPRESS-245.tar.gz`));
    bytes[bytes.length - 6] = (bytes[bytes.length - 6] ?? 0) ^ 0xff;
    const sink = new MemorySink();
    const error = await failure(extractTarGz(memorySource(bytes), sink, SERVER_LIMITS, {}));
    expect(error).toMatchObject({ code: 'CORRUPT_ARCHIVE' });
    expect(sink.discards).toBe(1);
    expect(sink.files.size).toBe(0);
  });

  it('stops at the byte limit with LIMIT_EXCEEDED', async () => {
    const limits: ExtractionLimits = { ...SERVER_LIMITS, maxTotalBytes: 100_000 };
    const sink = new MemorySink();
    const error = await failure(
      extractTarGz(await fileSource(`${CORPUS}commons-compress/COMPRESS-245.tar.gz`), sink, limits, {}),
    );
    expect(error).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'totalBytes' } });
    expect(sink.discards).toBe(1);
  });

  it('stops at the entry limit with LIMIT_EXCEEDED', async () => {
    const limits: ExtractionLimits = { ...SERVER_LIMITS, maxEntries: 5 };
    const error = await failure(
      extractTarGz(await fileSource(`${CORPUS}commons-compress/COMPRESS-245.tar.gz`), new MemorySink(), limits, {}),
    );
    expect(error).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'entryCount' } });
  });
});

describe('extractTarGz entries', () => {
  it('keeps traversal names inside the output', async () => {
    const tar = readFileSync(`${CORPUS}hostile/traversal.tar`);
    const sink = new MemorySink();
    const result = await extractTarGz(memorySource(await gzip(tar)), sink, SERVER_LIMITS, {});
    expect(new TextDecoder().decode(sink.files.get('good.txt'))).toBe('an ordinary file, safe to extract\n');
    for (const entry of result.entries) {
      expect(entry.path.split('/')).not.toContain('..');
      expect(entry.path).not.toMatch(/^[/\\]|^[a-zA-Z]:/);
    }
    const evil = result.entries.find((e) => e.originalName?.includes('..'));
    expect(evil).toMatchObject({ path: 'tmp/evil.txt', type: 'file' });
    const listed = await listTarGz(memorySource(await gzip(tar)), {});
    expect(listed.entries.map((e) => e.name)).toContain(evil?.originalName);
  });

  it('reports links without creating them, skips devices, renames duplicates', async () => {
    const tar = concat(
      header({ name: 'dir/', typeflag: '5' }),
      file('dir/a.txt', 'hello'),
      header({ name: 'dir/link', typeflag: '2', linkName: '../etc/passwd' }),
      header({ name: 'hard', typeflag: '1', linkName: 'dir/a.txt' }),
      header({ name: 'dev', typeflag: '3' }),
      file('DIR/A.txt', 'abc'),
      pax({ path: `long/${'x'.repeat(150)}/${'y'.repeat(120)}.txt` }),
      file('long-name', 'ok'),
      end(),
    );
    const sink = new MemorySink();
    const result = await extractTarGz(memorySource(await gzip(tar)), sink, SERVER_LIMITS, {});
    expect(result.entries).toEqual([
      // Each header's time (tar-writer.ts' default); the folders only implied by a path have none.
      { path: 'dir', type: 'dir', size: 0, modified: 1_700_000_000_000 },
      { path: 'dir/a.txt', type: 'file', size: 5, modified: 1_700_000_000_000 },
      { path: 'dir/link', type: 'symlink', size: 0, linkTarget: '../etc/passwd', modified: 1_700_000_000_000 },
      { path: 'hard', type: 'symlink', size: 0, linkTarget: 'dir/a.txt', modified: 1_700_000_000_000 },
      { path: 'dir/A (2).txt', originalName: 'DIR/A.txt', type: 'file', size: 3, modified: 1_700_000_000_000 },
      { path: 'long', type: 'dir', size: 0 },
      { path: `long/${'x'.repeat(150)}`, type: 'dir', size: 0 },
      { path: `long/${'x'.repeat(150)}/${'y'.repeat(120)}.txt`, type: 'file', size: 2, modified: 1_700_000_000_000 },
    ]);
    expect([...sink.files.keys()].sort()).toEqual([
      'dir/A (2).txt',
      'dir/a.txt',
      `long/${'x'.repeat(150)}/${'y'.repeat(120)}.txt`,
    ]);
  });

  it('reports progress while writing', async () => {
    const progress: Progress[] = [];
    await extractTarGz(await fileSource(`${CORPUS}commons-compress/COMPRESS-245.tar.gz`), new MemorySink(), SERVER_LIMITS, {
      onProgress: (p) => progress.push(p),
    });
    const last = progress.at(-1);
    expect(progress.every((p) => p.phase === 'extracting')).toBe(true);
    expect(last?.bytesDone).toBe(
      tarGzCases
        .find((c) => c.path === 'commons-compress/COMPRESS-245.tar.gz')
        ?.entries?.reduce((sum, e) => sum + (e.size ?? 0), 0),
    );
    expect(last?.entriesDone).toBe(31);
    expect(last?.bytesTotal).toBe(624640); // the tar's size, from the gzip trailer
  });

  it('rebuilds sparse files (PAX 0.0, 0.1 and 1.0) at their real size', async () => {
    const tar = readFileSync(`${CORPUS}commons-compress/pax_gnu_sparse.tar`);
    const expected = manifest.find((c) => c.path === 'commons-compress/pax_gnu_sparse.tar')?.entries ?? [];
    expect(expected).toHaveLength(3);
    const sink = new MemorySink();
    const result = await extractTarGz(memorySource(await gzip(tar)), sink, SERVER_LIMITS, {});
    expectMatchesManifest(expected, result, sink);
  });
});
