import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_LIMITS, type ExtractionLimits } from '@archive-opener/shared';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import type { ExtractResult, OperationOptions, Progress } from '../core/types.js';
import type { NativeCodec } from '../core/native-codec.js';
import { browserCodec } from '../host-browser/browser-codec.js';
import { zlibCodec } from '../host-node/zlib-codec.js';
import { extractZip, listZip, ZipFallback } from './zip-backend.js';
import { decodeCp437 } from './zip-names.js';
import { type CountingSource, MemorySink, memorySource, sha256 } from '../testing/memory-io.js';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';
import { withWrongCrc } from '../testing/zip-bytes.js';

interface ManifestEntry {
  name: string;
  type: 'file' | 'dir' | 'symlink';
  size: number | null;
  sha256: string | null;
  nameHex?: string;
}
interface ManifestCase {
  path: string;
  password: string | null;
  entries: ManifestEntry[] | null;
}

const manifest = JSON.parse(readFileSync(join(CORPUS_DIR, 'manifest.json'), 'utf8')) as ManifestCase[];

function caseOf(path: string): ManifestCase {
  const found = manifest.find((c) => c.path === path);
  if (!found) throw new Error(`${path} is not in the manifest`);
  return found;
}

const corpusSource = (path: string): CountingSource =>
  memorySource(readFileSync(join(CORPUS_DIR, path)), path.split('/').at(-1) ?? path);

async function extract(path: string, options: OperationOptions = {}, limits: ExtractionLimits = SERVER_LIMITS) {
  const sink = new MemorySink();
  const result = await extractZip([corpusSource(path)], sink, limits, options);
  return { sink, result };
}

async function failure(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

/** Checks every manifest entry was produced; legacy names (nameHex) are compared once decoded. */
function expectManifest(path: string, sink: MemorySink, result: ExtractResult, decode?: (raw: Uint8Array) => string) {
  const byPath = new Map(result.entries.map((e) => [e.path, e]));
  for (const expected of caseOf(path).entries ?? []) {
    const name = expected.nameHex && decode ? decode(Buffer.from(expected.nameHex, 'hex')) : expected.name;
    const got = byPath.get(name);
    expect(got, `${path}: ${name}`).toMatchObject({ type: expected.type });
    if (expected.type === 'file') {
      expect(got?.size, `${path}: size of ${name}`).toBe(expected.size);
      expect(sha256(sink.files.get(name) ?? new Uint8Array()), `${path}: content of ${name}`).toBe(expected.sha256);
    }
  }
}

describe('extractZip', () => {
  it.each([
    'commons-compress/bla.zip', // deflate
    'commons-compress/bla-stored.zip', // stored
    'commons-compress/lorem-ipsum-deflate64.zip', // deflate64, zip.js' own inflater
    'libzip/encrypt.zip', // ZipCrypto
    'libarchive/test_read_format_zip_traditional_encryption_data.zip', // ZipCrypto with data descriptors
    'libzip/encrypt-aes256.zip', // WinZip AES-256
    'libarchive/test_read_format_zip_winzip_aes128.zip',
    'commons-compress/longpath/minotaur.zip', // parents without entries of their own
    'libarchive/test_read_format_zip_zip64a.zip',
    'libzip/streamed-zip64.zip', // sizes in data descriptors only
    'py7zr/src.zip',
  ])('writes %s byte for byte', async (path) => {
    const { sink, result } = await extract(path, { password: caseOf(path).password ?? undefined });
    expect(result.format).toBe('zip');
    expectManifest(path, sink, result);
  });

  it('asks for a password before writing anything, and names a wrong one', async () => {
    const sink = new MemorySink();
    const missing = await failure(extractZip([corpusSource('libzip/encrypt-aes256.zip')], sink, SERVER_LIMITS, {}));
    expect(missing).toBeInstanceOf(EngineError);
    expect((missing as EngineError).code).toBe('PASSWORD_REQUIRED');
    expect(sink.files.size + sink.dirs.size).toBe(0);
    for (const path of ['libzip/encrypt.zip', 'libzip/encrypt-aes256.zip', 'libarchive/test_read_format_zip_winzip_aes256.zip']) {
      const wrong = await failure(extract(path, { password: 'not-the-password' }));
      expect((wrong as EngineError).code, path).toBe('WRONG_PASSWORD');
    }
  });

  it('says the archive was encrypted once opened with its password (for the safety report)', async () => {
    const locked = await extract('libzip/encrypt.zip', { password: caseOf('libzip/encrypt.zip').password ?? '' });
    expect(locked.result.encrypted).toBe(true);
    const plain = await extract('libarchive/test_read_format_zip_symlink.zip');
    expect(plain.result.encrypted).toBeUndefined();
  });

  it('decodes legacy names: Shift_JIS, IBM437, IBM866, and UTF-8 without the flag', async () => {
    const cp932 = await extract('libarchive/test_read_format_zip_filename_cp932.zip');
    expect(cp932.result.entries.map((e) => e.path).sort()).toEqual(['表だよ', '表だよ/一覧表.txt', '表だよ/漢字.txt']);
    expectManifest('libarchive/test_read_format_zip_filename_cp932.zip', cp932.sink, cp932.result, (raw) =>
      new TextDecoder('shift_jis').decode(raw),
    );
    const cp437 = await extract('libzip/testfile-cp437.zip');
    expect(cp437.result.entries.map((e) => e.path)).toEqual(['üéâäàåçêëèïîìÄÅÉ']);
    expectManifest('libzip/testfile-cp437.zip', cp437.sink, cp437.result, decodeCp437);
    const mixed = await extract('commons-compress/utf8-7zip-test.zip');
    expect(mixed.result.entries.map((e) => e.path).sort()).toEqual(['ascii.txt', 'Ölfässer.txt', '€_for_Dollar.txt']);
    const cp866 = await listZip([corpusSource('libarchive/test_read_format_zip_filename_cp866.zip')], {});
    expect(cp866.entries.map((e) => e.name)).toEqual(['ПРИВЕТ', 'привет']);
  });

  it('reports symbolic links with their targets and never writes them', async () => {
    const { sink, result } = await extract('libarchive/test_read_format_zip_symlink.zip');
    expect(result.entries).toContainEqual({
      path: 'symlink',
      type: 'symlink',
      size: 0,
      linkTarget: 'file',
      modified: expect.any(Number) as number,
    });
    expect([...sink.files.keys()]).toEqual(['file']);
    const many = await extract('commons-compress/COMPRESS-214_unix_symlinks.zip');
    const links = many.result.entries.filter((e) => e.type === 'symlink');
    expect(links.length).toBe(
      caseOf('commons-compress/COMPRESS-214_unix_symlinks.zip').entries?.filter((e) => e.type === 'symlink').length,
    );
    expect(links.every((e) => typeof e.linkTarget === 'string' && e.linkTarget.length > 0 && !many.sink.files.has(e.path))).toBe(
      true,
    );
  });

  it.each([
    ['hostile/traversal.zip', 'tmp/evil.txt'],
    ['hostile/traversal-backslash.zip', 'Temp/evil.txt'],
  ])('keeps %s inside the output', async (path, neutralised) => {
    const { sink, result } = await extract(path);
    expectManifest(path, sink, result);
    for (const entry of result.entries) {
      expect(entry.path).not.toMatch(/(^|\/)\.\.(\/|$)|^\/|\\|^[a-zA-Z]:/);
    }
    expect(result.entries).toContainEqual(expect.objectContaining({ path: neutralised, type: 'file' }));
    expect(result.entries.find((e) => e.path === neutralised)?.originalName).toMatch(/^\.\.[/\\]/);
  });

  it('stops at the byte and entry limits', async () => {
    const bytes = await failure(extract('libzip/bigzero-zip.zip', {}, { ...SERVER_LIMITS, maxTotalBytes: 1024 * 1024 }));
    expect(bytes).toBeInstanceOf(EngineError);
    expect((bytes as EngineError).code).toBe('LIMIT_EXCEEDED');
    expect((bytes as EngineError).details.limit).toBe('totalBytes');
    const entries = await failure(extract('commons-compress/ordertest.zip', {}, { ...SERVER_LIMITS, maxEntries: 5 }));
    expect((entries as EngineError).details.limit).toBe('entryCount');
  });

  it('reports damaged data as CORRUPT_ARCHIVE', async () => {
    const error = await failure(extract('libzip/incons-data.zip'));
    expect((error as EngineError).code).toBe('CORRUPT_ARCHIVE');
  });

  it('hands what zip.js cannot do to 7-Zip, before writing when it can tell', async () => {
    for (const path of [
      'commons-compress/bzip2-zip.zip', // method 12
      'libzip/testfile-lzma.zip', // method 14
      'libarchive/test_read_format_zip_winzip_aes256_large_zstd.zip', // AES around zstd
      'libzip/multidisk.zip', // spans disks
      'commons-compress/invalid-zip.zip', // no central directory
      'libzip/incons-cdoffset.zip', // a central directory zip.js would have to guess
    ]) {
      const sink = new MemorySink();
      const error = await failure(extractZip([corpusSource(path)], sink, SERVER_LIMITS, { password: 'password' }));
      expect(error, path).toBeInstanceOf(ZipFallback);
      expect(sink.files.size + sink.dirs.size + sink.discards, path).toBe(0);
    }
    const strong = await failure(extract('libarchive/test_read_format_zip_encryption_data.zip', { password: '12345678' }));
    expect(strong).toBeInstanceOf(ZipFallback);
    const parts = [corpusSource('commons-compress/bla.zip'), corpusSource('commons-compress/bla.zip')];
    expect(await failure(extractZip(parts, new MemorySink(), SERVER_LIMITS, {}))).toBeInstanceOf(ZipFallback);
    // Found only while writing: what was written goes before 7-Zip starts again.
    const sink = new MemorySink();
    const late = await failure(extractZip([corpusSource('libzip/incons-local-magic-bad.zip')], sink, SERVER_LIMITS, {}));
    expect(late).toBeInstanceOf(ZipFallback);
    expect(sink.discards).toBe(1);
  });

  it('passes a failure of the sink through unchanged', async () => {
    const sink = new MemorySink();
    const diskFull = new Error('disk full');
    sink.writeFile = async (_path, data) => {
      await data.getReader().read();
      throw diskFull;
    };
    expect(await failure(extractZip([corpusSource('commons-compress/bla.zip')], sink, SERVER_LIMITS, {}))).toBe(diskFull);
  });

  it('names a nameless entry after the archive, as 7-Zip does', async () => {
    const { result } = await extract('libzip/filename_empty.zip');
    expect(result.entries.map((e) => e.path)).toEqual(['filename_empty']);
  });
});

describe('a large archive', () => {
  const big = 8 * 1024 * 1024;
  /** Both entries' time: zip.js writes it in UTC in an extra field, to the second. */
  const written = Date.UTC(2020, 0, 2, 3, 4, 5);
  const archive = (async () => {
    const writer = new ZipWriter(new Uint8ArrayWriter(), { level: 0, useWebWorkers: false, lastModDate: new Date(written) });
    await writer.add('data/big.bin', new Uint8ArrayReader(new Uint8Array(big).fill(7)));
    await writer.add('data/small.txt', new Uint8ArrayReader(new TextEncoder().encode('hello')));
    return writer.close();
  })();

  it('is listed from its central directory alone', async () => {
    const source = memorySource(await archive, 'big.zip');
    const listing = await listZip([source], {});
    expect(listing).toMatchObject({ format: 'zip', encryptedHeaders: false });
    expect(listing.entries.map(({ name, type, size, encrypted }) => ({ name, type, size, encrypted }))).toEqual([
      { name: 'data/big.bin', type: 'file', size: big, encrypted: false },
      { name: 'data/small.txt', type: 'file', size: 5, encrypted: false },
    ]);
    expect(listing.entries[0]?.modified).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(source.bytesRead).toBeLessThan(256 * 1024);
  });

  it('is streamed with progress against the declared total', async () => {
    const events: Progress[] = [];
    const sink = new MemorySink();
    const result = await extractZip([memorySource(await archive, 'big.zip')], sink, SERVER_LIMITS, {
      onProgress: (p) => events.push(p),
    });
    expect(result.entries).toEqual([
      { path: 'data', type: 'dir', size: 0 },
      { path: 'data/big.bin', type: 'file', size: big, modified: written },
      { path: 'data/small.txt', type: 'file', size: 5, modified: written },
    ]);
    expect(sink.files.get('data/big.bin')?.every((b) => b === 7)).toBe(true);
    expect(events.every((p) => p.phase === 'extracting' && p.bytesTotal === big + 5)).toBe(true);
    expect(events.at(-1)).toMatchObject({ bytesDone: big + 5, entriesDone: 3 });
  });
});

// Each host lends its own codec: Node inflates then sums; the browser's zlib checks the CRC-32
// as it inflates (a gzip member) and leaves a mismatch to the engine's check.
describe.each([
  ['Node zlib', (): Promise<NativeCodec> => Promise.resolve(zlibCodec)],
  ['browser', browserCodec],
])('a deflated entry decoded with the %s codec', (_, codec) => {
  const text = new TextEncoder().encode('entry header volume stream deflate\n'.repeat(8000));
  const zip = zipSync({ 'a.txt': text });
  const run = async (bytes: Uint8Array) => {
    const sink = new MemorySink({ writeBytes: true });
    await extractZip([memorySource(bytes, 'a.zip')], sink, SERVER_LIMITS, {}, await codec());
    return sink;
  };

  it('gives the bytes of an intact entry', async () => {
    const sink = await run(zip);
    expect(sink.calls).toEqual(['bytes a.txt']);
    expect(new Uint8Array(sink.files.get('a.txt') ?? [])).toEqual(text);
  });

  it('reports a CRC-32 mismatch as CORRUPT_ARCHIVE', async () => {
    const error = await failure(run(withWrongCrc(zip)));
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('CORRUPT_ARCHIVE');
    expect((error as EngineError).details.problem).toBe('size or CRC-32 mismatch');
  });
});
