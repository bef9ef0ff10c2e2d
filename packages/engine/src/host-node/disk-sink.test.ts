import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import type { EngineError } from '../core/engine-error.js';
import { SevenZip } from '../sevenzip/sevenzip-package.js';
import { diskSink } from './disk-sink.js';
import { extractArchive } from './index.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A folder that already holds the caller's own things, some named like the archive's entries. */
async function folderWith(files: Record<string, string>, emptyDirs: string[] = []): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-opener-sink-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  for (const path of emptyDirs) await mkdir(join(dir, path), { recursive: true });
  return dir;
}

/** What the extraction failed with: the underlying cause, as the error's details carry it. */
async function causeOf(extraction: Promise<unknown>): Promise<string> {
  return extraction.then(
    () => 'no error',
    (error: EngineError) => String(error.details?.cause),
  );
}

/** Every path under `dir`, folders with a trailing slash. */
async function contents(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.map((e) => join(e.parentPath, e.name).slice(dir.length + 1) + (e.isDirectory() ? '/' : '')).sort();
}

describe('extracting into a folder that is not empty', () => {
  it('never writes over a file of the caller, and takes back only what it wrote (zip)', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const out = await folderWith({ 'FixedDocumentSequence.fdseq': 'mine', 'notes.txt': 'mine too' }, ['Documents']);
    expect(await causeOf(extractArchive(zip.parts, out))).toMatch(/EEXIST/);
    expect(await readFile(join(out, 'FixedDocumentSequence.fdseq'), 'utf8')).toBe('mine');
    // The entries written before and after the clash are gone; the caller's empty folder stays.
    expect(await contents(out)).toEqual(['Documents/', 'FixedDocumentSequence.fdseq', 'notes.txt']);
  });

  it('never renames 7-Zip’s output over a file of the caller (7z)', async () => {
    const sevenZip = corpusCase('py7zr/encrypted_1.7z');
    const [name] = [...sevenZip.files.keys()];
    if (!name) throw new Error('the case has no files');
    const out = await folderWith({ [name]: 'mine' });
    expect(await causeOf(extractArchive(sevenZip.parts, out, { password: sevenZip.password ?? '' }))).toMatch(/EEXIST/);
    expect(await readFile(join(out, name), 'utf8')).toBe('mine');
    expect((await contents(out)).filter((path) => !path.endsWith('/'))).toEqual([name]);
  });
});

describe('moving 7-Zip’s files into an empty folder', () => {
  // There the sink knows what is in the folder without asking the disk: it must still refuse a
  // second file at a path it wrote, whether moved in or written directly.
  it('refuses a second file at a path it wrote, and keeps the first', async () => {
    const out = await folderWith({});
    const sink = diskSink(out);
    const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    const spool = sink.spoolSevenZip?.();
    if (!spool) throw new Error('the disk sink spools 7-Zip');
    sz.FS.mkdir('/staged');
    spool.attach(sz, '/staged');
    for (const name of ['a', 'b', 'c']) sz.FS.writeFile(`/staged/${name}`, `staged ${name}`);
    await sink.writeFile('direct.txt', new Blob(['direct']).stream());

    await spool.adopt(sz, '/staged/a', 'x.txt');
    await expect(spool.adopt(sz, '/staged/b', 'x.txt')).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(spool.adopt(sz, '/staged/c', 'direct.txt')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(join(out, 'x.txt'), 'utf8')).toBe('staged a');
    expect(await readFile(join(out, 'direct.txt'), 'utf8')).toBe('direct');
    await spool.close();
  });
});
