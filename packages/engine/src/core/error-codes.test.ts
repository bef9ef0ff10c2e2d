import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from './engine-error.js';
import { extractArchive, listArchive } from '../host-node/index.js';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';

// The mapping from 7-Zip's console to stable codes, checked against real archives.
const corpus = (...paths: string[]) => paths.map((p) => join(CORPUS_DIR, p));
const dirs: string[] = [];
const outDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ao-codes-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

async function codeOf(run: Promise<unknown>): Promise<{ code: string; details: Record<string, unknown> }> {
  try {
    await run;
  } catch (error) {
    if (error instanceof EngineError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('error codes from real archives', () => {
  it('asks for the password of a 7z with encrypted names, and tells a wrong one apart', async () => {
    const archive = corpus('py7zr/filename_encryption.7z');
    expect((await codeOf(listArchive(archive))).code).toBe('PASSWORD_REQUIRED');
    expect((await codeOf(listArchive(archive, { password: 'nope' }))).code).toBe('WRONG_PASSWORD');
    const listed = await listArchive(archive, { password: 'hello' });
    expect(listed.entries.length).toBeGreaterThan(0);
  });

  it('asks for the password of encrypted files before writing anything', async () => {
    const out = outDir();
    expect((await codeOf(extractArchive(corpus('py7zr/encrypted_1.7z'), out))).code).toBe('PASSWORD_REQUIRED');
    expect(readdirSync(out)).toEqual([]);
    expect((await codeOf(extractArchive(corpus('py7zr/encrypted_1.7z'), outDir(), { password: 'wrong' }))).code).toBe(
      'WRONG_PASSWORD',
    );
  });

  it('opens RAR5 with encrypted headers with the right password', async () => {
    const result = await extractArchive(corpus('rarfile/rar5-hpsw.rar'), outDir(), { password: 'password' });
    expect(result.entries.some((e) => e.type === 'file')).toBe(true);
    expect((await codeOf(listArchive(corpus('rarfile/rar5-hpsw.rar')))).code).toBe('PASSWORD_REQUIRED');
  });

  it('names the missing part of a multi-volume set', async () => {
    // Only two of three parts, alone in a folder (7-Zip, like 7zz, also finds parts lying beside the first).
    const parts = outDir();
    for (const name of ['rar3-vols.part1.rar', 'rar3-vols.part2.rar'])
      copyFileSync(join(CORPUS_DIR, 'rarfile', name), join(parts, name));
    const failure = await codeOf(
      extractArchive([join(parts, 'rar3-vols.part1.rar'), join(parts, 'rar3-vols.part2.rar')], outDir()),
    );
    expect(failure.code).toBe('MISSING_VOLUME');
    expect(failure.details.volume).toBe('rar3-vols.part3.rar');
  });

  it('extracts a complete multi-volume set given as several files', async () => {
    const parts = corpus('rarfile/rar3-vols.part1.rar', 'rarfile/rar3-vols.part2.rar', 'rarfile/rar3-vols.part3.rar');
    const result = await extractArchive(parts, outDir());
    expect(result.entries.filter((e) => e.type === 'file').length).toBeGreaterThan(0);
  });

  it('reports a file that is no archive as UNSUPPORTED_FORMAT', async () => {
    expect((await codeOf(extractArchive(corpus('SOURCES.md'), outDir()))).code).toBe('UNSUPPORTED_FORMAT');
  });

  it('reports damaged data as CORRUPT_ARCHIVE', async () => {
    expect((await codeOf(extractArchive(corpus('py7zr/crc_corrupted.7z'), outDir()))).code).toBe('CORRUPT_ARCHIVE');
  });

  it('refuses a zip whose local header contradicts its central directory (native codec path)', async () => {
    const out = outDir();
    const failure = await codeOf(extractArchive(corpus('libzip/incons-local-crc.zip'), out));
    expect(failure.code).toBe('CORRUPT_ARCHIVE');
    expect(readdirSync(out)).toEqual([]);
  });

  it('refuses a 7z whose key derivation is too costly, before running it', async () => {
    const failure = await codeOf(
      listArchive(corpus('py7zr/filename_encryption.7z'), { password: 'hello', limits: { maxKdfCyclesPower: 10 } }),
    );
    expect(failure.code).toBe('LIMIT_EXCEEDED');
    expect(failure.details.limit).toBe('kdfCost');
  });
});

describe('safety limits, enforced while writing', () => {
  it('stops at the byte cap and leaves nothing behind', async () => {
    const out = outDir();
    const failure = await codeOf(
      extractArchive(corpus('commons-compress/lorem-ipsum.txt.bz2'), out, { limits: { maxTotalBytes: 10_000 } }),
    );
    expect(failure).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'totalBytes' } });
    expect(readdirSync(out)).toEqual([]);
  });

  it('stops at the entry cap', async () => {
    const failure = await codeOf(
      extractArchive(corpus('libarchive/test_compat_gzip_1.tgz'), outDir(), { limits: { maxEntries: 2 } }),
    );
    expect(failure).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'entryCount' } });
  });

  it('never creates links, and reports them as entries', async () => {
    const out = outDir();
    const result = await extractArchive(corpus('py7zr/symlink.7z'), out);
    const links = result.entries.filter((e) => e.type === 'symlink');
    expect(links.map((l) => [l.path, l.linkTarget])).toContainEqual(['lib/libabc.so', 'libabc.so.1']);
    expect(readdirSync(join(out, 'lib'))).toEqual(['libabc.so.1.2.3']);
  });

  it('keeps both files of a duplicated name', async () => {
    const result = await extractArchive(corpus('libzip/filename_duplicate_empty.zip'), outDir());
    expect(result.entries.map((e) => e.path).sort()).toEqual(['filename_duplicate_empty', 'filename_duplicate_empty (2)']);
  });
});

describe('chosen entries', () => {
  it.each([
    ['py7zr/test_1.7z', 'scripts/py7zr'],
    ['libzip/test.zip', 'testdir/test2'],
    ['commons-compress/COMPRESS-245.tar.gz', 'topdirectory/about.html'],
  ])('extracts only %s → %s, with the folders that lead to it', async (archive, wanted) => {
    const out = outDir();
    const listed = await listArchive(corpus(archive));
    expect(listed.entries.map((e) => e.name)).toContain(wanted);
    const result = await extractArchive(corpus(archive), out, { only: [wanted] });
    expect(result.entries.filter((e) => e.type === 'file').map((e) => e.path)).toEqual([wanted]);
    expect(readdirSync(join(out, wanted.split('/')[0] ?? ''))).not.toHaveLength(0);
  });
});

describe('a failure part-way leaves the output folder as it was', () => {
  it.each([['libzip/test.zip'], ['commons-compress/COMPRESS-245.tar.gz'], ['hostile/traversal.tar']])('%s', async (archive) => {
    const out = outDir();
    const failure = await codeOf(extractArchive(corpus(archive), out, { limits: { maxEntries: 1 } }));
    expect(failure.code).toBe('LIMIT_EXCEEDED');
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('listing', () => {
  it.each([
    ['py7zr/filename_encryption.7z', 'hello', true],
    ['rarfile/rar5-hpsw.rar', 'password', true],
    ['py7zr/encrypted_1.7z', 'secret', false],
  ])('%s says whether its names are encrypted', async (archive, password, hidden) => {
    const listed = await listArchive(corpus(archive), { password });
    expect(listed.encryptedHeaders).toBe(hidden);
    expect(listed.entries.length).toBeGreaterThan(0);
  });
});

describe('formats 7-Zip cannot read, decoded by us', () => {
  it.each([
    ['libarchive/test_compat_lz4_1.tar.lz4', 'tar.lz4'],
    ['libarchive/test_compat_lz4_3.tar.lz4', 'tar.lz4'],
    ['libarchive/test_compat_lzip_1.tlz', 'tar.lz'],
    ['libarchive/test_compat_lzip_3.lz', 'lz'],
  ])('lists %s as %s with the same entries it extracts', async (archive, format) => {
    const listed = await listArchive(corpus(archive));
    const extracted = await extractArchive(corpus(archive), outDir());
    expect([listed.format, extracted.format]).toEqual([format, format]);
    const files = (names: string[]) => names.sort();
    expect(files(listed.entries.filter((e) => e.type === 'file').map((e) => e.name))).toEqual(
      files(extracted.entries.filter((e) => e.type === 'file').map((e) => e.path)),
    );
  });
});
